package org.infiniscope.verbs.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.infiniscope.mad.perf.PortCounter;
import org.infiniscope.verbs.Access;
import org.infiniscope.verbs.MemoryRegion;
import org.infiniscope.verbs.QpState;
import org.infiniscope.verbs.QpType;
import org.infiniscope.verbs.QueuePair;
import org.infiniscope.verbs.SendWr;
import org.infiniscope.verbs.WcStatus;
import org.infiniscope.verbs.WorkCompletion;
import org.junit.jupiter.api.Test;

/** An RC flow of RDMA writes from h1 to h2 when the cable between the switches is pulled. */
class PulledCableTest {

    @Test
    void theRequesterExhaustsItsRetriesAndGoesToErr() throws Exception {
        try (TwoHosts fabric = new TwoHosts(); Peer a = fabric.peer("h1"); Peer b = fabric.peer("h2")) {
            QueuePair qa = a.qp(QpType.RC);
            QueuePair qb = b.qp(QpType.RC);
            // timeout 8: 4.096 us x 2^8 = 1 ms an attempt; 3 retries
            Peer.connect(qa, a, qb, b, 8, 3, 7);
            MemoryRegion src = a.mr(65536, Access.LOCAL_WRITE);
            MemoryRegion dst = b.mr(65536, Access.LOCAL_WRITE | Access.REMOTE_WRITE);
            for (int i = 0; i < 20; i++) {
                qa.postSend(SendWr.write(i, src.sge(0, 4096), dst.addr(), dst.rkey()));
            }
            List<WorkCompletion> before = a.await(20);
            assertTrue(before.stream().allMatch(WorkCompletion::ok), "the flow runs: " + before);
            long spinePkts = fabric.counter("sw1", 2, PortCounter.PORT_XMIT_PKTS);
            assertTrue(spinePkts >= 20 * 4, "4 packets a write crossed the spine link: " + spinePkts);

            fabric.fabric.faults().unplug("sw1", 2);
            for (int i = 100; i < 110; i++) {
                qa.postSend(SendWr.write(i, src.sge(0, 4096), dst.addr(), dst.rkey()));
            }
            List<WorkCompletion> after = a.await(10);
            assertEquals(new WorkCompletion(100, WcStatus.RETRY_EXC_ERR, after.get(0).opcode(), 0, 0, false, qa.qpNum(),
                    0, 0), after.get(0), "the first write exhausts the retries");
            for (WorkCompletion wc : after.subList(1, 10)) {
                assertEquals(WcStatus.WR_FLUSH_ERR, wc.status(), "the rest are flushed");
            }
            assertEquals(QpState.ERR, qa.state());
            assertEquals(QpState.RTS, qb.state(), "the responder saw nothing wrong");
            assertEquals("transport retry counter exceeded", after.get(0).status().describe());
        }
    }
}
