package org.infiniscope.sim;

import java.io.IOException;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

import org.infiniscope.mad.transport.LocalPort;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadChannel;

/**
 * A {@link MadChannel} attached at one port of a {@link SimFabric}. Each MAD is carried through the fabric on the
 * channel's own thread and its answer handed to the receiver there, outside the fabric's lock, so a receiver that
 * sends again from its callback neither deadlocks nor recurses.
 */
public final class SimChannel implements MadChannel {

    private final SimFabric fabric;
    private final SimFabric.AttachPoint at;
    private final ExecutorService carrier;
    private volatile Receiver receiver;

    SimChannel(SimFabric fabric, SimFabric.AttachPoint at) {
        this.fabric = fabric;
        this.at = at;
        this.carrier = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "sim-channel " + at.name() + ":" + at.port());
            t.setDaemon(true);
            return t;
        });
    }

    /** @return where this channel is attached */
    public SimFabric.AttachPoint attachPoint() {
        return at;
    }

    @Override
    public LocalPort localPort() {
        return fabric.localPort(at);
    }

    @Override
    public void register(int mgmtClass, int classVersion, boolean rmpp, Set<Integer> unsolicitedMethods) {
        // every class may be sent; the simulated nodes send nothing unsolicited yet
    }

    @Override
    public void send(byte[] mad, int length, MadAddress destination, int responseTimeoutMillis) throws IOException {
        byte[] copy = Arrays.copyOf(mad, Math.max(length, 0));
        try {
            carrier.execute(() -> carry(copy, length, destination));
        } catch (RejectedExecutionException e) {
            throw new IOException("the channel at " + at.name() + ":" + at.port() + " is closed", e);
        }
    }

    private void carry(byte[] mad, int length, MadAddress destination) {
        MadAddress source = fabric.exchange(at, mad, length, destination);
        Receiver r = receiver;
        if (source != null && r != null) {
            r.received(mad, mad.length, source);
        }
    }

    @Override
    public void start(Receiver mads) {
        this.receiver = mads;
    }

    @Override
    public void close() {
        carrier.shutdownNow();
    }
}
