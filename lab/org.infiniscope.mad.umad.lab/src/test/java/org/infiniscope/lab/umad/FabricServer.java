package org.infiniscope.lab.umad;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** A server of ibsim's client protocol that unmodified umad2sim clients attach to. */
interface FabricServer extends AutoCloseable {

    /** The servers the lab compares. */
    enum Kind {
        /** Debian's ibsim, on an abstract Unix socket of its own. */
        IBSIM,
        /** {@code ./infiniscope simulate}, the runtime this build assembled. */
        SIMULATE;

        /**
         * Starts a server of this kind on a net file and waits until it accepts clients.
         *
         * @param large whether the fabric is past ibsim's default limits (2,048 nodes, 256 switches)
         */
        FabricServer start(Path scratch, Path net, boolean large, Duration timeout)
                throws IOException, InterruptedException {
            return switch (this) {
                case IBSIM -> Ibsim.start(scratch, net,
                        large ? List.of("-N", "16384", "-S", "2048", "-P", "100000") : List.of(), timeout);
                case SIMULATE -> Simulate.start(scratch, net, timeout);
            };
        }

        /** @return the name used in folders and messages */
        String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** @return the variables (LD_PRELOAD included) that attach a libibumad program to this server as {@code simHost} */
    Map<String, String> attach(String simHost);

    /** @return what the server printed, for failure messages */
    String logTail() throws IOException;

    @Override
    void close();
}
