package org.infiniscope.ui.verbs.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.infiniscope.ui.remote.RemoteFabric;
import org.infiniscope.ui.remote.RemoteFabricException;
import org.infiniscope.ui.verbs.QpSource;
import org.infiniscope.verbs.QpState;
import org.infiniscope.verbs.WcStatus;
import org.infiniscope.verbs.resource.CmIdResource;
import org.infiniscope.verbs.resource.QpCounters;
import org.infiniscope.verbs.resource.QpResource;
import org.infiniscope.verbs.resource.ResourceSource;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A remote runtime's queue pairs and CM IDs, {@code GET /api/v1/qps} ({@code qp list --json} there), as one resource
 * source named after the runtime. The runtime's event stream does not tell of QPs: the view polls it. Both lists come
 * from one request: the CM IDs are those of the last QP read.
 */
final class RemoteQpSource implements QpSource {

    private final RemoteFabric remote;
    private final ResourceSource source;

    RemoteQpSource(RemoteFabric remote) {
        this.remote = remote;
        this.source = new Source();
    }

    private final class Source implements ResourceSource {
        private volatile List<CmIdResource> cmIds = List.of();

        @Override
        public String name() {
            return remote.base().getAuthority();
        }

        @Override
        public String unavailableReason() {
            return "";
        }

        @Override
        public List<QpResource> qps() throws IOException {
            JsonNode list;
            try {
                list = remote.get("/api/v1/qps");
            } catch (RemoteFabricException e) {
                cmIds = List.of();
                throw new IOException((e.status() == 0 ? "" : "HTTP " + e.status() + ": ") + e.getMessage(), e);
            }
            List<QpResource> qps = new ArrayList<>();
            list.path("qps").forEach(q -> qps.add(qp(q)));
            List<CmIdResource> cm = new ArrayList<>();
            list.path("cmIds").forEach(c -> cm.add(cmId(name(), c)));
            cmIds = List.copyOf(cm);
            return List.copyOf(qps);
        }

        @Override
        public List<CmIdResource> cmIds() {
            return cmIds;
        }
    }

    /** @return a QP as {@code qp list --json} writes it */
    static QpResource qp(JsonNode q) {
        JsonNode c = q.get("counters");
        QpCounters counters = null;
        if (c != null && c.isObject()) {
            String error = c.path("lastError").asText();
            counters = new QpCounters(c.path("messagesSent").asLong(), c.path("messagesReceived").asLong(),
                    c.path("retries").asLong(), c.path("rnrRetries").asLong(),
                    error.isEmpty() ? null : WcStatus.valueOf(error));
        }
        return new QpResource(q.path("source").asText(), q.path("device").asText(), q.path("port").asInt(),
                q.path("node").asText(), guid(q.path("nodeGuid").asText()), q.path("qpn").asInt(),
                q.path("remoteQpn").asInt(), q.path("type").asText(), QpState.valueOf(q.path("state").asText()),
                q.path("rqPsn").asInt(), q.path("sqPsn").asInt(), q.path("pathMigState").asText(),
                q.path("pid").asLong(), q.path("comm").asText(), q.path("kernel").asBoolean(), q.path("dlid").asInt(),
                q.path("peer").asText(), guid(q.path("peerGuid").asText()), q.path("peerPort").asInt(), counters);
    }

    /** @return a CM ID as {@code rdma -j resource show cm_id} writes it (what {@code qp list --json} lists) */
    static CmIdResource cmId(String source, JsonNode c) {
        String comm = c.path("comm").asText();
        boolean kernel = comm.startsWith("[") && comm.endsWith("]");
        return new CmIdResource(source, c.path("ifname").asText(), c.path("port").asInt(), c.path("cm-idn").asInt(),
                c.path("lqpn").asInt(-1), c.path("qp-type").asText(), c.path("state").asText(), c.path("ps").asText(),
                c.path("pid").asLong(-1), kernel ? comm.substring(1, comm.length() - 1) : comm, kernel,
                c.path("src-addr").asText(), c.path("dst-addr").asText());
    }

    private static long guid(String text) {
        return text.startsWith("0x") ? Long.parseUnsignedLong(text.substring(2), 16) : 0;
    }

    @Override
    public String where() {
        return remote.base().toString();
    }

    @Override
    public List<ResourceSource> sources() {
        return List.of(source);
    }

    @Override
    public void onChange(Runnable changed) {
        // the runtime's events do not tell of QPs: polled
    }

    @Override
    public void close() {
        // nothing held: each read is one request
    }
}
