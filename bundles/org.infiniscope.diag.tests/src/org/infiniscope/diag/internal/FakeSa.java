package org.infiniscope.diag.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.rmpp.RmppHeader;
import org.infiniscope.mad.sa.NodeRecord;
import org.infiniscope.mad.sa.SaHeader;
import org.infiniscope.mad.sa.SaMad;
import org.infiniscope.mad.sa.SaTable;
import org.infiniscope.mad.transport.AgentSpec;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.LocalPort;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;

/**
 * An SA at LID 1 answering NodeRecord GetTables from a table, on the other end of an in-memory channel that carries
 * single MADs: its own transport segments the answers with RMPP, and the tool's transport must reassemble them. It
 * matches the LID component as an SA does; it remembers the component masks it was asked with.
 */
final class FakeSa implements ChannelProvider, AutoCloseable {

    private final End tool = new End(8, 1);
    private final End sa = new End(1, 1);
    private final MadTransport server;
    final List<Long> masks = new java.util.concurrent.CopyOnWriteArrayList<>();

    FakeSa(List<NodeRecord> nodes) throws IOException {
        tool.peer = sa;
        sa.peer = tool;
        server = MadTransports.over(sa, TransportConfig.DEFAULT);
        server.register(new AgentSpec(MgmtClass.SUBN_ADM, SaMad.CLASS_VERSION, Set.of(Method.GET_TABLE), true),
                (mad, out) -> {
                    try {
                        out.respond(answer(mad.mad(), nodes));
                    } catch (IOException | MadFormatException e) {
                        throw new UncheckedIOException(new IOException(e));
                    }
                });
    }

    private byte[] answer(byte[] request, List<NodeRecord> nodes) throws MadFormatException {
        SaHeader asked = SaHeader.decode(request, 0);
        masks.add(asked.componentMask());
        int lid = Bits.u16(request, SaMad.DATA_OFFSET);
        Predicate<NodeRecord> match = (asked.componentMask() & NodeRecord.Components.LID) != 0
                ? r -> r.lid() == lid
                : r -> true;
        List<NodeRecord> table = new ArrayList<>(nodes.stream().filter(match).toList());
        MadHeader header = MadHeader.decode(request, 0).response(0);
        SaHeader sa = SaHeader.EMPTY.withRmpp(new RmppHeader(RmppHeader.VERSION, RmppHeader.DATA,
                RmppHeader.NO_RESP_TIME, RmppHeader.ACTIVE, 0, 0, 0));
        return SaTable.encode(header, sa, NodeRecord.CODEC, table);
    }

    @Override
    public boolean handles(String fabric) {
        return fabric.equals("fake-sa");
    }

    @Override
    public MadChannel open(String fabric) {
        return tool;
    }

    @Override
    public void close() {
        server.close();
    }

    /** One end: what it sends, the peer receives, on a thread of the peer's as from a real port. */
    private static final class End implements MadChannel {

        private final int lid;
        private final int smLid;
        private volatile End peer;
        private volatile Receiver receiver;

        End(int lid, int smLid) {
            this.lid = lid;
            this.smLid = smLid;
        }

        @Override
        public LocalPort localPort() {
            return new LocalPort("fake" + lid, 1, lid, 0, smLid, 0x1000L + lid);
        }

        @Override
        public void register(int mgmtClass, int classVersion, boolean rmpp, Set<Integer> unsolicitedMethods) {
        }

        @Override
        public void send(byte[] mad, int length, MadAddress destination, int responseTimeoutMillis) {
            byte[] copy = Arrays.copyOf(mad, length);
            Receiver target = peer.receiver;
            if (target != null) {
                Thread.ofVirtual().start(() -> target.received(copy, copy.length, MadAddress.gsi(lid)));
            }
        }

        @Override
        public void start(Receiver r) {
            this.receiver = r;
        }

        @Override
        public void close() {
            receiver = null;
        }
    }
}
