package org.infiniscope.verbs.resource;

import java.util.List;
import java.util.Locale;

import org.infiniscope.verbs.QpState;

/**
 * The text of the resource commands: iproute2's {@code rdma resource show qp|cm_id} lines (so that scripts written
 * for it read ours), and the {@code qp} command's table and detail.
 */
public final class ResourceText {

    private ResourceText() {
    }

    /** @return one QP as {@code rdma resource show qp} prints it */
    public static String rdmaQpLine(QpResource q) {
        StringBuilder b = new StringBuilder();
        b.append("link ").append(q.device()).append('/').append(q.port());
        b.append(" lqpn ").append(Integer.toUnsignedString(q.lqpn()));
        if (q.rqpn() >= 0) {
            b.append(" rqpn ").append(q.rqpn());
        }
        b.append(" type ").append(q.type().replace('_', ' '));
        b.append(" state ").append(q.state());
        if (q.rqPsn() >= 0) {
            b.append(" rq-psn ").append(q.rqPsn());
        }
        b.append(" sq-psn ").append(q.sqPsn());
        if (!q.pathMigState().isEmpty()) {
            b.append(" path-mig-state ").append(q.pathMigState());
        }
        appendOwner(b, q.pid(), q.comm(), q.kernel());
        return b.toString();
    }

    /** @return one CM ID as {@code rdma resource show cm_id} prints it */
    public static String rdmaCmIdLine(CmIdResource c) {
        StringBuilder b = new StringBuilder();
        if (!c.device().isEmpty()) {
            b.append("link ").append(c.device()).append('/').append(c.port()).append(' ');
        }
        b.append("cm-idn ").append(c.cmIdn());
        if (c.lqpn() >= 0) {
            b.append(" lqpn ").append(c.lqpn());
        }
        if (!c.qpType().isEmpty()) {
            b.append(" qp-type ").append(c.qpType());
        }
        b.append(" state ").append(c.state());
        b.append(" ps ").append(c.ps());
        appendOwner(b, c.pid(), c.comm(), c.kernel());
        if (!c.srcAddr().isEmpty()) {
            b.append(" src-addr ").append(c.srcAddr());
        }
        if (!c.dstAddr().isEmpty()) {
            b.append(" dst-addr ").append(c.dstAddr());
        }
        return b.toString();
    }

    private static void appendOwner(StringBuilder b, long pid, String comm, boolean kernel) {
        if (pid >= 0) {
            b.append(" pid ").append(pid);
        }
        if (!comm.isEmpty()) {
            b.append(" comm ").append(kernel ? "[" + comm + "]" : comm);
        }
    }

    /** The columns of {@link #qpTable}. */
    public static final String QP_HEADER = String.format(Locale.ROOT,
            "%-10s %-12s %-4s %-8s %-4s %-5s %-16s %-8s %-8s %-8s %8s %8s %7s  %s", "node", "device", "port", "qpn",
            "type", "state", "peer", "rqpn", "sq-psn", "rq-psn", "sent", "recv", "retries", "last-error");

    /** @return the {@code qp list} table: a header and one line a QP */
    public static String qpTable(List<QpResource> qps) {
        StringBuilder b = new StringBuilder(QP_HEADER).append('\n');
        for (QpResource q : qps) {
            QpCounters c = q.counters();
            String peer = q.peer().isEmpty()
                    ? q.dlid() == 0 ? "-" : "lid " + q.dlid()
                    : q.peer() + " (lid " + q.dlid() + ")";
            b.append(String.format(Locale.ROOT, "%-10s %-12s %-4d %-8s %-4s %-5s %-16s %-8s %-8s %-8s %8s %8s %7s  %s",
                    q.node().isEmpty() ? "-" : q.node(), q.device(), q.port(), hex(q.lqpn()), q.type(), q.state(), peer,
                    q.rqpn() < 0 ? "-" : hex(q.rqpn()), hex(q.sqPsn()), q.rqPsn() < 0 ? "-" : hex(q.rqPsn()),
                    c == null ? "-" : c.messagesSent(), c == null ? "-" : c.messagesReceived(),
                    c == null ? "-" : c.retries() + c.rnrRetries(),
                    c == null || c.lastError() == null ? "-" : c.lastError().name())).append('\n');
        }
        return b.toString();
    }

    /** @return {@code qp show}: every field of one QP, and where it stands in the state machine */
    public static String qpDetail(QpResource q) {
        StringBuilder b = new StringBuilder();
        line(b, "QP", hex(q.lqpn()) + " (" + q.lqpn() + ")");
        line(b, "node", q.node().isEmpty() ? "-" : q.node());
        line(b, "device", q.device() + " port " + q.port());
        line(b, "type", q.type());
        line(b, "state", q.state().name());
        line(b, "state machine", stateMachine(q.state()));
        line(b, "peer", q.peer().isEmpty() ? "-" : q.peer());
        line(b, "destination LID", q.dlid() == 0 ? "-" : Integer.toString(q.dlid()));
        line(b, "remote QPN", q.rqpn() < 0 ? "-" : hex(q.rqpn()));
        line(b, "SQ PSN", hex(q.sqPsn()));
        line(b, "RQ PSN", q.rqPsn() < 0 ? "-" : hex(q.rqPsn()));
        line(b, "path migration", q.pathMigState().isEmpty() ? "-" : q.pathMigState());
        line(b, "owner", (q.pid() < 0 ? "kernel" : "pid " + q.pid()) + (q.comm().isEmpty() ? "" : " " + q.comm()));
        q.activity().ifPresent(c -> {
            line(b, "messages sent", Long.toString(c.messagesSent()));
            line(b, "messages received", Long.toString(c.messagesReceived()));
            line(b, "retries", c.retries() + " (ACK timeout), " + c.rnrRetries() + " (RNR NAK)");
            line(b, "last error",
                    c.lastError() == null ? "-" : c.lastError().name() + " (" + c.lastError().describe() + ")");
        });
        return b.toString();
    }

    /** @return the states in order with the current one bracketed: {@code RESET INIT RTR [RTS] SQD SQE ERR} */
    public static String stateMachine(QpState current) {
        StringBuilder b = new StringBuilder();
        for (QpState s : QpState.values()) {
            if (b.length() > 0) {
                b.append(' ');
            }
            b.append(s == current ? "[" + s + "]" : s.name());
        }
        return b.toString();
    }

    /** @return {@code qp list}'s CM section: one line a CM ID */
    public static String cmTable(List<CmIdResource> ids) {
        StringBuilder b = new StringBuilder(
                String.format(Locale.ROOT, "%-12s %-4s %-6s %-8s %-4s %-14s %-5s %-22s %s%n", "device", "port",
                        "cm-idn", "lqpn", "type", "state", "ps", "src", "dst"));
        for (CmIdResource c : ids) {
            b.append(String.format(Locale.ROOT, "%-12s %-4d %-6d %-8s %-4s %-14s %-5s %-22s %s%n",
                    c.device().isEmpty() ? "-" : c.device(), c.port(), c.cmIdn(), c.lqpn() < 0 ? "-" : hex(c.lqpn()),
                    c.qpType().isEmpty() ? "-" : c.qpType(), c.state(), c.ps(),
                    c.srcAddr().isEmpty() ? "-" : c.srcAddr(), c.dstAddr().isEmpty() ? "-" : c.dstAddr()));
        }
        return b.toString();
    }

    private static void line(StringBuilder b, String name, String value) {
        b.append(String.format(Locale.ROOT, "%-18s %s%n", name + ":", value));
    }

    public static String hex(int v) {
        return "0x" + Integer.toHexString(v);
    }
}
