package org.infiniscope.verbs.internal.resource;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.infiniscope.console.json.Json;
import org.infiniscope.verbs.resource.CmIdResource;
import org.infiniscope.verbs.resource.QpCounters;
import org.infiniscope.verbs.resource.QpResource;

/**
 * The {@code --json} of the resource commands: {@code rdma -j resource show} as iproute2 writes it (an array of
 * objects with its keys), and {@code qp --json} with every field of the records.
 */
final class ResourceJson {

    private ResourceJson() {
    }

    /** @return iproute2's keys for a QP; fields it omits are left out */
    static Map<String, Object> rdmaQp(QpResource q) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ifname", q.device());
        m.put("port", q.port());
        m.put("lqpn", Integer.toUnsignedLong(q.lqpn()));
        if (q.rqpn() >= 0) {
            m.put("rqpn", q.rqpn());
        }
        m.put("type", q.type().replace('_', ' '));
        m.put("state", q.state().name());
        if (q.rqPsn() >= 0) {
            m.put("rq-psn", q.rqPsn());
        }
        m.put("sq-psn", q.sqPsn());
        if (!q.pathMigState().isEmpty()) {
            m.put("path-mig-state", q.pathMigState());
        }
        owner(m, q.pid(), q.comm(), q.kernel());
        return m;
    }

    static Map<String, Object> rdmaCmId(CmIdResource c) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (!c.device().isEmpty()) {
            m.put("ifname", c.device());
            m.put("port", c.port());
        }
        m.put("cm-idn", c.cmIdn());
        if (c.lqpn() >= 0) {
            m.put("lqpn", c.lqpn());
        }
        if (!c.qpType().isEmpty()) {
            m.put("qp-type", c.qpType());
        }
        m.put("state", c.state());
        m.put("ps", c.ps());
        owner(m, c.pid(), c.comm(), c.kernel());
        if (!c.srcAddr().isEmpty()) {
            m.put("src-addr", c.srcAddr());
        }
        if (!c.dstAddr().isEmpty()) {
            m.put("dst-addr", c.dstAddr());
        }
        return m;
    }

    private static void owner(Map<String, Object> m, long pid, String comm, boolean kernel) {
        if (pid >= 0) {
            m.put("pid", pid);
        }
        if (!comm.isEmpty()) {
            m.put("comm", kernel ? "[" + comm + "]" : comm);
        }
    }

    /** @return objects as one JSON array */
    static String array(List<Map<String, Object>> objects) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < objects.size(); i++) {
            if (i > 0) {
                b.append(',');
            }
            b.append(Json.write(objects.get(i)));
        }
        return b.append(']').toString();
    }

    /** @return every field of a QP, for {@code qp --json} */
    static Map<String, Object> qp(QpResource q) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("source", q.source());
        m.put("node", q.node());
        m.put("nodeGuid", String.format("0x%016x", q.nodeGuid()));
        m.put("device", q.device());
        m.put("port", q.port());
        m.put("qpn", q.lqpn());
        m.put("type", q.type());
        m.put("state", q.state().name());
        m.put("remoteQpn", q.rqpn());
        m.put("sqPsn", q.sqPsn());
        m.put("rqPsn", q.rqPsn());
        m.put("pathMigState", q.pathMigState());
        m.put("dlid", q.dlid());
        m.put("peer", q.peer());
        m.put("peerGuid", String.format("0x%016x", q.peerGuid()));
        m.put("peerPort", q.peerPort());
        m.put("pid", q.pid());
        m.put("comm", q.comm());
        m.put("kernel", q.kernel());
        QpCounters c = q.counters();
        if (c != null) {
            Map<String, Object> counters = new LinkedHashMap<>();
            counters.put("messagesSent", c.messagesSent());
            counters.put("messagesReceived", c.messagesReceived());
            counters.put("retries", c.retries());
            counters.put("rnrRetries", c.rnrRetries());
            counters.put("lastError", c.lastError() == null ? "" : c.lastError().name());
            m.put("counters", counters);
        }
        return m;
    }

    /** @return {@code qp list --json}: the QPs and the CM IDs */
    static String list(List<QpResource> qps, List<CmIdResource> cm) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("qps", qps.stream().map(ResourceJson::qp).toList());
        m.put("cmIds", cm.stream().map(ResourceJson::rdmaCmId).toList());
        return Json.write(m);
    }
}
