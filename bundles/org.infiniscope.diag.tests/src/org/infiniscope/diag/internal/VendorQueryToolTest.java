package org.infiniscope.diag.internal;

import org.infiniscope.sim.MiniSm;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.console.vendor.VendorCalls;
import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.mad.vendor.VendorCodec;
import org.infiniscope.mad.vendor.VendorMad;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.Octets;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.topology.Link;
import org.infiniscope.topology.Node;
import org.infiniscope.topology.NodeType;
import org.infiniscope.topology.Topology;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code vendorquery} on the simulator, {@code h1 - sw1 - h2}, whose nodes answer vendor class 0x30 (OUI 0x00005E)
 * with their names: the answer is decoded by the codec the whiteboard chooses, a faulty codec skipped.
 */
class VendorQueryToolTest {

    private static final int CLASS = 0x30, OUI = 0x00005E;
    private SimFabric fabric;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final VendorCalls calls = new VendorCalls(Duration.ofMillis(300));

    @BeforeEach
    void subnetUp() throws MadFormatException {
        fabric = SimFabric.of(new Topology(List.of(ca("h1", 0x100), ca("h2", 0x200), sw("sw1", 0x1000)),
                List.of(Link.of("h1", 1, "sw1", 1), Link.of("sw1", 2, "h2", 1)), Topology.DEFAULT_WIDTH,
                Topology.DEFAULT_SPEED, 0));
        new MiniSm(fabric, fabric.attachPoint("h1", 1)).configure();
        fabric.registerAgent(CLASS, (mad, node, port) -> {
            try {
                VendorMad request = VendorMad.decode(mad);
                byte[] answer = new VendorMad(request.header().response(0), request.rmppHeader(), OUI,
                        Octets.of(node.name().getBytes(StandardCharsets.US_ASCII))).encode();
                System.arraycopy(answer, 0, mad, 0, answer.length);
                return true;
            } catch (MadFormatException e) {
                return false;
            }
        });
    }

    private static Node ca(String name, long guid) {
        return new Node(NodeType.CA, name, 1, guid, guid, List.of(0L, guid + 1), 0x02c9, 0x1017);
    }

    private static Node sw(String name, long guid) {
        return new Node(NodeType.SWITCH, name, 4, guid, guid, List.of(guid), 0x02c9, 0xcf08);
    }

    /** Decodes the node name; {@code fault} runs first. */
    private record NameCodec(Runnable fault) implements VendorCodec {
        @Override
        public int vendorId() {
            return OUI;
        }

        @Override
        public Set<Integer> mgmtClasses() {
            return Set.of(CLASS);
        }

        @Override
        public Set<Integer> attributeIds() {
            return Set.of(0x10);
        }

        @Override
        public Object decode(VendorMad mad) throws MadFormatException {
            fault.run();
            byte[] data = mad.payload().toByteArray();
            int end = 0;
            while (data[end] != 0) {
                end++;
            }
            if (end == 0) {
                throw new MadFormatException(MadFormatException.Problem.BAD_FIELD, 40, "no name");
            }
            return "name " + new String(data, 0, end, StandardCharsets.US_ASCII);
        }

        @Override
        public VendorMad encode(MadHeader header, Object value) {
            throw new IllegalArgumentException("decode only");
        }
    }

    private int run(VendorQueryTool tool, String... args) throws UsageException {
        tool.provide(new ChannelProvider() {
            @Override
            public boolean handles(String spec) {
                return spec.equals("test");
            }

            @Override
            public MadChannel open(String spec) {
                return fabric.openChannel(fabric.attachPoint("h1", 1));
            }
        }, 1);
        List<String> all = new ArrayList<>(List.of("--fabric", "test"));
        all.addAll(List.of(args));
        return tool.run(new ToolInvocation(all, new PrintWriter(out, true), new PrintWriter(err, true)));
    }

    @Test
    void theAnswerIsDecodedByTheChosenCodecAFaultyOneSkipped() throws UsageException {
        VendorQueryTool tool = new VendorQueryTool(null, calls);
        NameCodec throwing = new NameCodec(() -> {
            throw new IllegalStateException("vendor bug");
        });
        tool.provide(throwing, 10, 1);
        tool.provide(new NameCodec(() -> {
        }), 0, 2);
        assertEquals(ExitStatus.OK, run(tool, "--oui", "0x5e", "3", "0x30", "0x10"), err.toString());
        assertTrue(
                out.toString().startsWith(
                        "Vendor MAD: class 0x30 OUI 0x00005e attribute 0x0010 modifier" + " 0x00000000 from Lid 3\n"),
                out.toString());
        // the bundle named is the test fragment's host
        assertTrue(out.toString().endsWith("Decoded by org.infiniscope.diag:\nname h2\n"), out.toString());
        assertTrue(err.toString().contains("codec skipped:") && err.toString().contains("vendor bug"), err.toString());
        assertTrue(calls.isQuarantined(throwing));
    }

    @Test
    void withoutACodecThePayloadIsDumped() throws UsageException {
        assertEquals(ExitStatus.OK, run(new VendorQueryTool(null, calls), "--oui", "0x5e", "3", "0x30", "0x11"));
        assertTrue(out.toString().contains("No installed vendor codec decodes it; payload:\n  000: 6832"),
                out.toString());
    }

    @Test
    void usageErrors() {
        VendorQueryTool tool = new VendorQueryTool(null, calls);
        assertTrue(assertThrows(UsageException.class, () -> run(tool, "3", "0x81", "0x10")).getMessage()
                .contains("not a vendor class"));
        assertTrue(assertThrows(UsageException.class, () -> run(tool, "3", "0x30", "0x10")).getMessage()
                .contains("give --oui"));
        assertTrue(assertThrows(UsageException.class, () -> run(tool, "--oui", "1", "3", "0x0a", "0x17")).getMessage()
                .contains("leave --oui out"));
    }
}
