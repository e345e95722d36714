package org.infiniscope.lab.umad;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;

import org.infiniscope.diag.internal.PortCountersComponent;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.SweepOptions;
import org.infiniscope.discovery.internal.DiscoveryImpl;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.mad.umad.UmadChannels;
import org.infiniscope.perf.PollOptions;
import org.infiniscope.perf.PortStats;
import org.infiniscope.perf.SweepSummary;
import org.infiniscope.perf.internal.PerfManagerImpl;

/**
 * One performance manager that lives across sweeps, in a child JVM under umad2sim, driven line by line on stdin:
 * {@code sweep} sweeps and prints {@code port LID PORT REACHABLE RESETS COUNTER=TOTAL,… NAME} for every port, then
 * {@code end UNREACHABLE}; {@code quit} ends. So a test can change counters between two sweeps of the same manager.
 */
public final class PerfProbe {

    private PerfProbe() {
    }

    public static void main(String[] args) throws Exception {
        PollOptions options = new PollOptions(16, Duration.ofSeconds(1), false);
        try (MadTransport transport = MadTransports.over(UmadChannels.open("umad"), new TransportConfig(16, 16));
                BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            FabricSnapshot snapshot = new DiscoveryImpl().sweep(transport,
                    new SweepOptions(16, Duration.ofSeconds(1), 3));
            PerfManagerImpl manager = new PerfManagerImpl(new PortCountersComponent(), 10);
            System.out.println("ready");
            System.out.flush();
            for (String line = in.readLine(); line != null && !line.equals("quit"); line = in.readLine()) {
                if (!line.equals("sweep")) {
                    System.out.println("error unknown command " + line);
                    continue;
                }
                SweepSummary summary = manager.sweep(transport, snapshot, options);
                for (PortStats p : manager.ports()) {
                    Map<String, Long> totals = p.totals().entrySet().stream()
                            .collect(Collectors.toMap(e -> e.getKey().label(), Map.Entry::getValue));
                    System.out.println("port " + p.lid() + " " + p.key().port() + " " + p.reachable() + " "
                            + p.resetsSeen() + " " + totals.entrySet().stream()
                                    .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(","))
                            + " " + p.nodeName());
                }
                System.out.println("end " + summary.unreachable().size());
                System.out.flush();
            }
        }
    }
}
