package org.infiniscope.cm.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.infiniscope.cm.CmEvent;
import org.infiniscope.cm.CmEventChannel;
import org.infiniscope.cm.CmEventType;
import org.infiniscope.cm.CmId;
import org.infiniscope.cm.RdmaCm;
import org.infiniscope.verbs.Access;
import org.infiniscope.verbs.CompletionChannel;
import org.infiniscope.verbs.CompletionQueue;
import org.infiniscope.verbs.MemoryRegion;
import org.infiniscope.verbs.ProtectionDomain;
import org.infiniscope.verbs.QpCap;
import org.infiniscope.verbs.QpInitAttr;
import org.infiniscope.verbs.QpType;
import org.infiniscope.verbs.QueuePair;
import org.infiniscope.verbs.WorkCompletion;

/** One host of a test: its CM, an event channel, and (once an identifier has a device) a PD, a CQ and memory. */
final class Side implements AutoCloseable {

    static final Duration DEADLINE = Duration.ofSeconds(20);

    final RdmaCm cm;
    final CmEventChannel channel;
    ProtectionDomain pd;
    CompletionQueue cq;
    CompletionChannel completions;
    MemoryRegion mr;
    MemorySegment memory;
    private final Arena arena = Arena.ofShared();

    Side(RdmaCm cm) throws Exception {
        this.cm = cm;
        this.channel = cm.createEventChannel();
    }

    /** Waits for the next event, which must be of that type; acknowledges it. */
    CmEvent expect(CmEventType type) throws Exception {
        Optional<CmEvent> e = channel.get(DEADLINE);
        assertTrue(e.isPresent(), cm.host() + ": no event within " + DEADLINE + ", expected " + type);
        channel.ack(e.get());
        assertEquals(type, e.get().type(), cm.host() + ": " + e.get());
        return e.get();
    }

    /** Creates the PD, CQ and 64 KiB of registered memory on the identifier's device, and a QP through the CM. */
    QueuePair qp(CmId id, QpType type) throws Exception {
        if (pd == null) {
            pd = id.context().orElseThrow().allocPd();
            completions = id.context().orElseThrow().createCompChannel();
            cq = id.context().orElseThrow().createCq(256, completions, 0);
            memory = arena.allocate(65536, 4096);
            mr = pd.registerMemory(memory, Access.LOCAL_WRITE | Access.REMOTE_WRITE | Access.REMOTE_READ);
        }
        return id.createQp(pd, new QpInitAttr(type, cq, cq, null, new QpCap(64, 64, 4, 4, 0), false));
    }

    /** Waits for {@code n} completions, sleeping on the completion channel between polls. */
    List<WorkCompletion> await(int n) throws Exception {
        List<WorkCompletion> out = new ArrayList<>();
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (true) {
            out.addAll(cq.poll(n - out.size()));
            if (out.size() >= n) {
                return out;
            }
            cq.reqNotify(false);
            out.addAll(cq.poll(n - out.size()));
            if (out.size() >= n) {
                return out;
            }
            long left = deadline - System.nanoTime();
            assertTrue(left > 0, cm.host() + ": " + out.size() + " of " + n + " completions within " + DEADLINE);
            completions.getCqEvent(Duration.ofNanos(left)).ifPresent(c -> c.ackEvents(1));
        }
    }

    @Override
    public void close() {
        channel.close();
        arena.close();
    }
}
