package org.infiniscope.sm.internal.sa;

import static org.infiniscope.sm.internal.sa.SaFixture.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Duration;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.infiniscope.mad.Mad;
import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.sa.LinkRecord;
import org.infiniscope.mad.sa.NodeRecord;
import org.infiniscope.mad.sa.PathRecord;
import org.infiniscope.mad.sa.PortInfoRecord;
import org.infiniscope.mad.sa.SaHeader;
import org.infiniscope.mad.sa.SaMad;
import org.infiniscope.mad.sa.SaStatus;
import org.infiniscope.mad.transport.LocalPort;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.topology.Generators;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every malformed or unsupported request gets the MAD status IBA 15.2.5 prescribes: unknown attributes and methods,
 * methods an attribute has not, component masks beyond the record, Gets that match none or several, MADs too short
 * or of another base version (these through a raw channel, since the simulator drops short MADs on the wire), and
 * requests before the SM published a subnet (BUSY).
 */
class MalformedRequestTest {

    private static SaFixture fx;
    private static MadTransport client;

    @BeforeAll
    static void up() throws Exception {
        fx = new SaFixture(SimSubnet.up(Generators.fatTree2(2, 1, 2)));
        client = fx.client("h00002");
    }

    @AfterAll
    static void down() {
        fx.close();
    }

    private static int ask(int method, int attribute, long mask) throws Exception {
        return status(fx.ask(client, method, attribute, 0, mask, new byte[SaMad.DATA_LENGTH]));
    }

    @Test
    void unsupportedAttributesAndMethods() throws Exception {
        assertEquals(MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE, ask(Method.GET, 0x0099, 0), "no such attribute");
        assertEquals(MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE, ask(Method.SET, NodeRecord.ATTRIBUTE_ID, 0),
                "NodeRecords are not set");
        assertEquals(MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE, ask(Method.GET_TRACE_TABLE, PathRecord.ATTRIBUTE_ID, 0),
                "no TraceRecords");
        assertEquals(MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE, ask(Method.GET_TABLE, MultiPathRecord.ATTRIBUTE_ID, 0),
                "MultiPathRecords come by GetMulti");
        assertEquals(MadStatus.UNSUPPORTED_METHOD, ask(0x10, NodeRecord.ATTRIBUTE_ID, 0), "no method 0x10");
        assertEquals(MadStatus.UNSUPPORTED_METHOD, ask(0x7F, NodeRecord.ATTRIBUTE_ID, 0), "no method 0x7F");
    }

    @Test
    void badComponentMasksAndGetsWithoutOneAnswer() throws Exception {
        assertEquals(SaStatus.status(SaStatus.ERR_REQ_INVALID),
                ask(Method.GET_TABLE, LinkRecord.ATTRIBUTE_ID, 1L << 10), "a LinkRecord has 4 components");
        assertEquals(SaStatus.status(SaStatus.ERR_REQ_INVALID),
                ask(Method.GET_TABLE, PortInfoRecord.ATTRIBUTE_ID, 1L << 60), "a PortInfoRecord has 58");
        assertEquals(SaStatus.status(SaStatus.ERR_REQ_INVALID),
                ask(Method.GET_TABLE, PathRecord.ATTRIBUTE_ID, 1L << 30), "a PathRecord has 23");
        byte[] t = new byte[SaMad.DATA_LENGTH];
        Bits.put16(t, 0, 999);
        assertEquals(SaStatus.status(SaStatus.ERR_NO_RECORDS),
                status(fx.ask(client, Method.GET, NodeRecord.ATTRIBUTE_ID, 0, NodeRecord.Components.LID, t)));
        assertEquals(SaStatus.status(SaStatus.ERR_TOO_MANY_RECORDS), ask(Method.GET, NodeRecord.ATTRIBUTE_ID, 0));
        assertEquals(
                SaStatus.status(SaStatus.ERR_REQ_INSUFFICIENT_COMPONENTS), status(fx.ask(client, Method.GET_MULTI,
                        MultiPathRecord.ATTRIBUTE_ID, 0, 0, new byte[SaMad.DATA_LENGTH])),
                "a MultiPathRecord without GIDs");
    }

    @Test
    void beforeTheFirstSubnetTheSaIsBusy() throws Exception {
        var subnet = fx.published.getAndSet(null);
        try {
            assertEquals(MadStatus.BUSY, ask(Method.GET_TABLE, NodeRecord.ATTRIBUTE_ID, 0));
        } finally {
            fx.published.set(subnet);
        }
        assertEquals(0, ask(Method.GET_TABLE, NodeRecord.ATTRIBUTE_ID, 0));
    }

    /** A channel the test feeds MADs into directly, capturing what the SA sends back. */
    private static final class RawChannel implements MadChannel {
        final LinkedBlockingQueue<byte[]> sent = new LinkedBlockingQueue<>();
        volatile Receiver receiver;

        @Override
        public LocalPort localPort() {
            return new LocalPort("raw", 1, 1, 0, 1, 0x1234);
        }

        @Override
        public void register(int mgmtClass, int classVersion, boolean rmpp, Set<Integer> unsolicitedMethods) {
        }

        @Override
        public void send(byte[] mad, int length, MadAddress destination, int responseTimeoutMillis) {
            sent.add(Arrays.copyOf(mad, length));
        }

        @Override
        public void start(Receiver r) {
            receiver = r;
        }

        @Override
        public void close() {
        }
    }

    @Test
    void shortAndForeignMadsGetAnErrorOrNothing() throws Exception {
        RawChannel raw = new RawChannel();
        try (MadTransport transport = MadTransports.over(raw, TransportConfig.DEFAULT);
                SaServer sa = new SaServer(transport, fx.published::get, MulticastProgrammer.NONE,
                        SaServer.Config.DEFAULT)) {
            sa.start();
            MadHeader h = new MadHeader(MadHeader.BASE_VERSION, MgmtClass.SUBN_ADM, SaMad.CLASS_VERSION,
                    Method.GET_TABLE, 0, 0, 0x42, NodeRecord.ATTRIBUTE_ID, 0);
            byte[] mad = new SaMad(h, SaHeader.EMPTY, new byte[0]).encode();
            MadAddress from = MadAddress.gsi(fx.sim.lid("h00002"));

            raw.receiver.received(mad, 100, from);
            byte[] answer = raw.sent.poll(10, TimeUnit.SECONDS);
            assertNotNull(answer, "an answer to a truncated request");
            assertEquals(Mad.SIZE, answer.length);
            assertEquals(Method.GET_TABLE_RESP, answer[3] & 0xFF);
            assertEquals(0x42, Bits.u64(answer, 8) & 0xFFFF_FFFFL, "its TID");
            assertEquals(SaStatus.status(SaStatus.ERR_REQ_INVALID), status(answer));

            byte[] v2 = mad.clone();
            v2[0] = 2;
            raw.receiver.received(v2, v2.length, from);
            assertEquals(MadStatus.BAD_VERSION, status(raw.sent.poll(10, TimeUnit.SECONDS)), "base version 2");

            raw.receiver.received(mad, 12, from);
            SaFixture.await(() -> transport.statistics().unmatched() == 1, Duration.ofSeconds(10),
                    "a 12-byte MAD has no header to answer: the transport drops it");
            byte[] classPortInfo = new SaMad(new MadHeader(MadHeader.BASE_VERSION, MgmtClass.SUBN_ADM,
                    SaMad.CLASS_VERSION, Method.GET, 0, 0, 0x43, 0x0001, 0), SaHeader.EMPTY, new byte[0]).encode();
            raw.receiver.received(classPortInfo, classPortInfo.length, from);
            assertEquals(0, status(raw.sent.poll(10, TimeUnit.SECONDS)), "and the SA still answers");
            assertNull(raw.sent.poll(0, TimeUnit.SECONDS));
        }
    }
}
