package org.infiniscope.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.infiniscope.mad.Method;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.LocalPort;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.mad.transport.MadRequest;
import org.infiniscope.mad.transport.MadResponse;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.sim.internal.SimChannelProvider;
import org.junit.jupiter.api.Test;

/** The channel delivers answers on its own thread; the provider opens the built-in fabric and names bad specs. */
class SimChannelTest {

    @Test
    void anAnswerArrivesOnTheChannelsThread() throws Exception {
        ChannelProvider provider = new SimChannelProvider();
        assertTrue(provider.handles("sim") && provider.handles("sim@leaf001") && provider.handles("sim:x.net"));
        try (MadChannel channel = provider.open("sim")) {
            LocalPort local = channel.localPort();
            assertEquals("h00001", local.caName(), "the first CA, as ibsim's SIM_HOST");
            assertEquals(1, local.portNumber());
            CompletableFuture<byte[]> answer = new CompletableFuture<>();
            CompletableFuture<String> thread = new CompletableFuture<>();
            channel.start((mad, length, source) -> {
                thread.complete(Thread.currentThread().getName());
                answer.complete(mad);
            });
            byte[] get = Smp.directedRoute(Method.GET, 7, NodeInfo.ATTRIBUTE_ID, 0, 0, new int[]{1}, new byte[0])
                    .encode();
            channel.send(get, get.length, MadAddress.directedRoute(), 1000);
            NodeInfo leaf = Smp.decode(answer.get(10, TimeUnit.SECONDS)).attribute(NodeInfo.CODEC);
            assertEquals(NodeInfo.TYPE_SWITCH, leaf.nodeType());
            assertEquals(1, leaf.localPortNum());
            assertTrue(thread.get(10, TimeUnit.SECONDS).startsWith("sim-channel"));
        }
    }

    @Test
    void theMadTransportRunsOverTheChannel() throws Exception {
        SimFabric fabric = SimFabric.of(LineFabric.topology());
        try (MadTransport transport = MadTransports.over(fabric.openChannel(fabric.attachPoint("h1", 1)),
                TransportConfig.DEFAULT)) {
            byte[] get = Smp
                    .directedRoute(Method.GET, 0, NodeInfo.ATTRIBUTE_ID, 0, 0, new int[]{1, 2, 3, 2}, new byte[0])
                    .encode();
            MadResponse answer = transport.send(MadRequest.of(get, MadAddress.directedRoute())).get(10,
                    TimeUnit.SECONDS);
            assertEquals(LineFabric.H3, Smp.decode(answer.mad()).attribute(NodeInfo.CODEC).nodeGuid());
            assertEquals("h1", transport.localPort().caName());
        }
    }

    @Test
    void attachPointsAndBadSpecifications() throws IOException {
        ChannelProvider provider = new SimChannelProvider();
        try (MadChannel channel = provider.open("sim@h00005:1")) {
            assertEquals("h00005", channel.localPort().caName());
        }
        try (MadChannel channel = provider.open("sim@spine001")) {
            assertEquals(0, channel.localPort().portNumber(), "a switch's channel sends from port 0");
        }
        IOException file = assertThrows(IOException.class, () -> provider.open("sim:nosuch.net"));
        assertTrue(file.getMessage().contains("no topology file nosuch.net"), file.getMessage());
        IOException spec = assertThrows(IOException.class, () -> provider.open("sim:ft2:4:x"));
        assertTrue(spec.getMessage().contains("SPINES"), spec.getMessage());
        try (MadChannel channel = provider.open("sim:torus:2:2@h00003")) {
            assertEquals("h00003", channel.localPort().caName(), "a generated fabric, attached where asked");
        }
        IOException node = assertThrows(IOException.class, () -> provider.open("sim@nosuch"));
        assertTrue(node.getMessage().contains("no node named \"nosuch\""), node.getMessage());
        IOException port = assertThrows(IOException.class, () -> provider.open("sim@h00001:3"));
        assertTrue(port.getMessage().contains("no port 3"), port.getMessage());
    }
}
