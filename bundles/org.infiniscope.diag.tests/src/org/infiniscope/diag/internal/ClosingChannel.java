package org.infiniscope.diag.internal;

import java.io.IOException;
import java.util.Set;

import org.infiniscope.mad.transport.LocalPort;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadChannel;

/** A channel that tells the test when it is closed. */
record ClosingChannel(MadChannel channel, Runnable onClose) implements MadChannel {

    @Override
    public LocalPort localPort() throws IOException {
        return channel.localPort();
    }

    @Override
    public void register(int mgmtClass, int classVersion, boolean rmpp, Set<Integer> unsolicitedMethods)
            throws IOException {
        channel.register(mgmtClass, classVersion, rmpp, unsolicitedMethods);
    }

    @Override
    public void send(byte[] mad, int length, MadAddress destination, int responseTimeoutMillis) throws IOException {
        channel.send(mad, length, destination, responseTimeoutMillis);
    }

    @Override
    public boolean rmppInKernel(int mgmtClass) {
        return channel.rmppInKernel(mgmtClass);
    }

    @Override
    public void start(Receiver receiver) throws IOException {
        channel.start(receiver);
    }

    @Override
    public void close() {
        channel.close();
        onClose.run();
    }
}
