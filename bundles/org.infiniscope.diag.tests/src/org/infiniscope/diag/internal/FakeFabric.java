package org.infiniscope.diag.internal;

import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.infiniscope.mad.Method;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.LocalPort;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;

/**
 * A channel whose SMA answers Gets from a table of attributes: what is not in the table is never answered, so a
 * query of it times out. Answers come on a thread of their own, as from a real port.
 */
final class FakeFabric implements MadChannel, ChannelProvider {

    private final Map<Integer, byte[]> attributes = new ConcurrentHashMap<>();
    private volatile Receiver receiver;
    private volatile boolean closed;

    /** Answers Gets of this attribute with this value, whatever the route and modifier. */
    <T> FakeFabric answer(AttributeCodec<T> codec, T value) {
        byte[] data = new byte[Smp.DATA_LENGTH];
        codec.encode(value, data, 0);
        attributes.put(codec.attributeId(), data);
        return this;
    }

    boolean closed() {
        return closed;
    }

    @Override
    public boolean handles(String fabric) {
        return fabric.startsWith("fake");
    }

    @Override
    public MadChannel open(String fabric) {
        return this;
    }

    @Override
    public LocalPort localPort() {
        return new LocalPort("fake0", 1, 0, 0, 0, 0x1234);
    }

    @Override
    public void register(int mgmtClass, int classVersion, boolean rmpp, Set<Integer> unsolicitedMethods) {
    }

    @Override
    public void send(byte[] mad, int length, MadAddress destination, int responseTimeoutMillis) throws IOException {
        byte[] data = attributes.get(Bits.u16(mad, 16));
        if (data == null) {
            return;
        }
        byte[] answer = mad.clone();
        answer[3] = (byte) Method.GET_RESP;
        if (destination.lid() == 0xFFFF) {
            answer[4] = (byte) 0x80; // the D bit of a returning directed-route SMP
        }
        System.arraycopy(data, 0, answer, Smp.DATA_OFFSET, data.length);
        Thread.ofVirtual().start(() -> receiver.received(answer, answer.length, destination));
    }

    @Override
    public void start(Receiver r) {
        this.receiver = r;
    }

    @Override
    public void close() {
        closed = true;
    }
}
