package org.infiniscope.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.rmpp.RmppHeader;
import org.infiniscope.mad.sa.NodeRecord;
import org.infiniscope.mad.sa.SaHeader;
import org.infiniscope.mad.sa.SaMad;
import org.infiniscope.mad.sa.SaTable;
import org.infiniscope.mad.smp.NodeDescription;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.transport.AgentSpec;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadRequest;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.mad.wire.MadFormatException;
import org.junit.jupiter.api.Test;

/**
 * An SA on one channel answers a GetTable from a client on another with a table of many MADs: the segments cross the
 * fabric to the client, the client's RMPP ACKs find their way back to the SA (they answer no request of the SA's
 * port, so they go to its SM), and the client's channel keeps the TID's bits for every segment.
 */
class SimRmppTest {

    @Test
    void aTableOfManySegmentsCrossesTheFabric() throws Exception {
        SimFabric fabric = SimFabric.of(LineFabric.topology());
        SimFabric.AttachPoint smAt = fabric.attachPoint("h1", 1);
        MiniSm sm = new MiniSm(fabric, smAt).configure();
        List<NodeRecord> records = new ArrayList<>();
        for (int i = 1; i <= 30; i++) {
            records.add(new NodeRecord(i, new NodeInfo(1, 1, NodeInfo.TYPE_CA, 1, i, i, i, 1, 0, 0, 1, 0),
                    new NodeDescription("node " + i)));
        }
        try (MadTransport sa = MadTransports.over(fabric.openChannel(smAt), TransportConfig.DEFAULT);
                MadTransport client = MadTransports.over(fabric.openChannel(fabric.attachPoint("h3", 1)),
                        TransportConfig.DEFAULT)) {
            sa.register(new AgentSpec(MgmtClass.SUBN_ADM, SaMad.CLASS_VERSION, Set.of(Method.GET_TABLE), true),
                    (mad, out) -> {
                        try {
                            MadHeader h = MadHeader.decode(mad.mad(), 0).response(0);
                            SaHeader s = SaHeader.EMPTY.withRmpp(new RmppHeader(RmppHeader.VERSION, RmppHeader.DATA,
                                    RmppHeader.NO_RESP_TIME, RmppHeader.ACTIVE, 0, 0, 0));
                            out.respond(SaTable.encode(h, s, NodeRecord.CODEC, records));
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        } catch (MadFormatException e) {
                            throw new IllegalStateException(e);
                        }
                    });
            MadHeader h = new MadHeader(MadHeader.BASE_VERSION, MgmtClass.SUBN_ADM, SaMad.CLASS_VERSION,
                    Method.GET_TABLE, 0, 0, 0, NodeRecord.ATTRIBUTE_ID, 0);
            byte[] request = new SaMad(h, SaHeader.EMPTY, new byte[0]).encode();
            byte[] answer = client.send(MadRequest.of(request, MadAddress.gsi(sm.lid("h1")))).get(30, TimeUnit.SECONDS)
                    .mad();
            assertEquals(records, SaTable.decode(answer, NodeRecord.CODEC), "30 records, 17 segments");
            assertEquals(0, client.statistics().rmppAborted());
        }
    }
}
