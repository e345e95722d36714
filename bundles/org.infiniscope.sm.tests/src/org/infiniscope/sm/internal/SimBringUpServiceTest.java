package org.infiniscope.sm.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.sa.NodeRecord;
import org.infiniscope.mad.sa.SaHeader;
import org.infiniscope.mad.sa.SaMad;
import org.infiniscope.mad.sa.SaTable;
import org.infiniscope.mad.smp.SmInfo;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadRequest;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;

import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.sm.internal.routing.MinHopEngine;
import org.infiniscope.topology.TopologySpec;
import org.junit.jupiter.api.Test;

/** The one-shot runtime's bring-up of an embedded fabric: an SM run until SUBNET UP, whose LIDs stay. */
class SimBringUpServiceTest {

    private static ChannelProvider provider(SimFabric sim) {
        return new ChannelProvider() {
            @Override
            public boolean handles(String fabric) {
                return fabric.startsWith("sim");
            }

            @Override
            public MadChannel open(String fabric) {
                return sim.openChannel(sim.defaultAttachPoint());
            }
        };
    }

    @Test
    void bringsTheFabricUpAndItKeepsItsLidsAfterTheSmStops() throws Exception {
        SimFabric sim = SimFabric.of(TopologySpec.parse("ft2:2:2:2"));
        assertEquals(0, sim.localPort(sim.defaultAttachPoint()).lid());
        SimBringUpService service = new SimBringUpService(SimSm.discovery(), true);
        service.provide(provider(sim), List.of(new MinHopEngine()));
        service.bringUp("sim:ft2:2:2:2");
        service.close();
        assertNotEquals(0, sim.localPort(sim.defaultAttachPoint()).lid());
        List<String> hosts = sim.topology().nodes().stream().filter(n -> !n.isSwitch()).map(n -> n.name()).toList();
        assertEquals(4, hosts.size());
        for (String host : hosts) {
            SimFabric.AttachPoint at = sim.attachPoint(host, 1);
            assertNotEquals(0, sim.localPort(at).lid(), host);
            assertEquals(4, sim.portState(at), host + " is Active");
        }
    }

    @Test
    void theSmGoesOnServingAsMasterAndSaUntilTheRuntimeEnds() throws Exception {
        SimFabric sim = SimFabric.of(TopologySpec.parse("ft2:2:2:2"));
        SimBringUpService service = new SimBringUpService(SimSm.discovery(), true);
        service.provide(provider(sim), List.of(new MinHopEngine()));
        service.bringUp("sim:ft2:2:2:2");
        service.bringUp("sim:ft2:2:2:2"); // once per fabric: the SM that serves it stays the only one
        SmRunner sm = service.serving("sim:ft2:2:2:2").orElseThrow();
        assertEquals(org.infiniscope.sm.SmState.MASTER, sm.state());
        String host = sim.topology().nodes().stream().filter(n -> !n.isSwitch()).map(n -> n.name())
                .filter(n -> !sim.attachPoint(n, 1).equals(sim.defaultAttachPoint())).findFirst().orElseThrow();
        int smLid = sim.localPort(sim.attachPoint(host, 1)).smLid();
        assertNotEquals(0, smLid);
        try (MadTransport client = MadTransports.over(sim.openChannel(sim.attachPoint(host, 1)),
                new TransportConfig(4, 4))) {
            // SMInfo of the master, LID-routed, as sminfo asks
            byte[] get = Smp.lidRouted(Method.GET, 1, SmInfo.ATTRIBUTE_ID, 0, 0, new byte[Smp.DATA_LENGTH]).encode();
            SmInfo info = Smp
                    .decodeAttribute(client.send(new MadRequest(get, MadAddress.smi(smLid), Duration.ofSeconds(2), 1))
                            .get(30, TimeUnit.SECONDS).mad(), SmInfo.CODEC);
            assertEquals(SmInfo.MASTER, info.smState());
            assertEquals(sm.portGuid(), info.guid());
            // the SA answers: the NodeRecord table lists every node
            MadHeader h = new MadHeader(MadHeader.BASE_VERSION, MgmtClass.SUBN_ADM, SaMad.CLASS_VERSION,
                    Method.GET_TABLE, 0, 0, 7, NodeRecord.ATTRIBUTE_ID, 0);
            byte[] query = new SaMad(h, SaHeader.withComponents(0), new byte[NodeRecord.CODEC.length()]).encode();
            byte[] answer = client.send(new MadRequest(query, MadAddress.gsi(smLid), Duration.ofSeconds(2), 1))
                    .get(30, TimeUnit.SECONDS).mad();
            assertEquals(0, (answer[4] & 0xFF) << 8 | answer[5] & 0xFF, "SA status");
            assertEquals(sim.topology().nodes().size(), SaTable.decode(answer, NodeRecord.CODEC).size());
        }
        service.close();
        assertEquals(org.infiniscope.sm.SmState.NOT_ACTIVE, sm.state());
        assertTrue(service.serving("sim:ft2:2:2:2").isEmpty());
    }

    @Test
    void outsideAOneShotRuntimeItLeavesTheFabricAlone() throws Exception {
        SimFabric sim = SimFabric.of(TopologySpec.parse("ft2:2:2:2"));
        SimBringUpService service = new SimBringUpService(SimSm.discovery(), false);
        service.provide(provider(sim), List.of(new MinHopEngine()));
        service.bringUp("sim:ft2:2:2:2");
        assertEquals(0, sim.localPort(sim.defaultAttachPoint()).lid());
    }

    @Test
    void onlyAOneShotCommandOtherThanSmHasTheFabricBroughtUp() {
        assertEquals(true, SimBringUpService.oneShot("perfquery\u001f1\u001f1"));
        assertEquals(true, SimBringUpService.oneShot("errors"));
        assertEquals(false, SimBringUpService.oneShot("sm\u001f--once"));
        assertEquals(false, SimBringUpService.oneShot("sm"));
        assertEquals(false, SimBringUpService.oneShot(null));
    }
}
