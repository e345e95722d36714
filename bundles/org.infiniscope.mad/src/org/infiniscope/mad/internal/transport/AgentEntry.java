package org.infiniscope.mad.internal.transport;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

import org.infiniscope.mad.transport.AgentSpec;
import org.infiniscope.mad.transport.IncomingMad;
import org.infiniscope.mad.transport.MadAgent;

/** An agent and the single thread that calls it, so that it sees one MAD at a time. */
final class AgentEntry {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(AgentEntry.class);

    final AgentSpec spec;
    private final MadAgent agent;
    private final ExecutorService executor = Executors
            .newSingleThreadExecutor(Thread.ofVirtual().name("infiniscope-mad-agent").factory());

    AgentEntry(AgentSpec spec, MadAgent agent) {
        this.spec = spec;
        this.agent = agent;
    }

    void submit(IncomingMad mad, MadAgent.Responder responder) {
        try {
            executor.execute(() -> {
                try {
                    agent.handle(mad, responder);
                } catch (RuntimeException e) {
                    // a bug in the agent: keep the trace, keep the transport
                    LOG.error("MAD agent for class 0x{} failed", Integer.toHexString(spec.mgmtClass()), e);
                }
            });
        } catch (RejectedExecutionException closedMeanwhile) {
            // the registration was closed while the MAD was on its way: drop it
        }
    }

    void close() {
        executor.shutdownNow();
    }
}
