package org.infiniscope.verbs.cm.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import org.infiniscope.cm.CmConnection;
import org.infiniscope.cm.CmConnections;
import org.infiniscope.cm.CmState;
import org.infiniscope.mad.Gid;
import org.infiniscope.verbs.resource.CmIdResource;
import org.infiniscope.verbs.resource.ResourceText;
import org.junit.jupiter.api.Test;

/** The CM's communications as the resource view lists them, and its changes passed on. */
class CmResourceSourceTest {

    /** A CM service holding what the test puts in it. */
    private static final class Held implements CmConnections {

        final List<CmConnection> list = new ArrayList<>();
        final List<Consumer<CmConnection>> listeners = new CopyOnWriteArrayList<>();

        @Override
        public List<CmConnection> connections() {
            return List.copyOf(list);
        }

        @Override
        public List<CmConnection> connections(String node) {
            return list.stream().filter(c -> c.node().equals(node)).toList();
        }

        @Override
        public AutoCloseable addListener(Consumer<CmConnection> listener) {
            listeners.add(listener);
            return () -> listeners.remove(listener);
        }
    }

    @Test
    void aListenerAndAnEstablishedConnectionAreListedWithTheirStatePortSpaceAndPeer() throws Exception {
        Held cm = new Held();
        long tcp7174 = 0x0106L << 16 | 7174;
        cm.list.add(new CmConnection("h2", "sim_h2", 1, 0x10, 0, 0, 0, CmState.LISTEN, CmState.LAP_IDLE, tcp7174, 0,
                new Gid(0, 0), 0, 0, false));
        cm.list.add(new CmConnection("h1", "sim_h1", 1, 0x11, 0x22, 0x101, 0x102, CmState.ESTABLISHED, CmState.LAP_IDLE,
                tcp7174, 3, new Gid(0xfe80000000000000L, 0x0002c90300000201L), 0x1000, 0x2000, true));
        CmResourceSource source = new CmResourceSource(cm);
        List<CmIdResource> ids = source.cmIds();
        long pid = ProcessHandle.current().pid();
        assertEquals(new CmIdResource("cm", "sim_h2", 1, 0x10, -1, "", "LISTEN", "TCP", pid, "infiniscope", false,
                "h2:7174", ""), ids.get(0));
        assertEquals(new CmIdResource("cm", "sim_h1", 1, 0x11, 0x101, "RC", "ESTABLISHED", "TCP", pid, "infiniscope",
                false, "h1:7174", "lid 3 qpn 0x102"), ids.get(1));
        assertEquals(
                "link sim_h1/1 cm-idn 17 lqpn 257 qp-type RC state ESTABLISHED ps TCP pid " + pid
                        + " comm infiniscope src-addr h1:7174 dst-addr lid 3 qpn 0x102",
                ResourceText.rdmaCmIdLine(ids.get(1)));
        assertEquals(List.of(), source.qps(), "the QPs are the verbs sources'");

        AtomicInteger told = new AtomicInteger();
        try (AutoCloseable l = source.addListener(told::incrementAndGet)) {
            cm.listeners.forEach(x -> x.accept(cm.list.get(1)));
        }
        assertEquals(1, told.get());
        assertEquals(List.of(), cm.listeners, "closing the handle removes the listener");
    }
}
