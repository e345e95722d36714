package org.infiniscope.sm.internal.sa;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import org.infiniscope.mad.Gid;
import org.infiniscope.mad.Mad;
import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.sa.InformInfo;
import org.infiniscope.mad.sa.SaHeader;
import org.infiniscope.mad.sa.SaMad;
import org.infiniscope.mad.smp.Notice;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadRequest;
import org.infiniscope.mad.transport.MadTransport;

/**
 * Sends SubnAdmReport(Notice) to subscribers (IBA 13.4.8.2, 15.2.5.x): the notice and the issuer's GID, as a request
 * that the transport resends until the subscriber's ReportResp comes or the retries run out. A subscriber that never
 * answers loses its subscription, as with OpenSM, so a vanished port does not cost every later trap a time-out.
 */
final class ReportSender {

    /** Where the notice's IssuerGID lies in a Report's data (after the 64-byte Notice). */
    static final int ISSUER_GID = Notice.LENGTH;

    private final MadTransport transport;
    private final Subscriptions subscriptions;
    private final Duration timeout;
    private final int retries;
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong acknowledged = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();

    ReportSender(MadTransport transport, Subscriptions subscriptions, Duration timeout, int retries) {
        this.transport = transport;
        this.subscriptions = subscriptions;
        this.timeout = timeout;
        this.retries = retries;
    }

    /** @return where a subscriber's reports go: its port's GSI, or the QP its InformInfo names */
    static MadAddress addressOf(MadAddress requester, InformInfo info) {
        MadAddress gsi = MadAddress.gsi(requester.lid());
        return info.qpn() > Mad.GSI_QP
                ? new MadAddress(gsi.lid(), info.qpn(), Mad.GSI_QKEY, requester.sl(), requester.pkeyIndex(), null)
                : new MadAddress(gsi.lid(), gsi.qpn(), gsi.qkey(), requester.sl(), requester.pkeyIndex(), null);
    }

    /** @return how many subscribers the notice was sent to */
    int report(Notice notice, Gid issuer) {
        int count = 0;
        for (Subscriptions.Subscription s : subscriptions.matching(notice, issuer)) {
            byte[] data = new byte[SaMad.DATA_LENGTH];
            Notice.CODEC.encode(notice, data, 0);
            issuer.write(data, ISSUER_GID);
            MadHeader header = new MadHeader(MadHeader.BASE_VERSION, MgmtClass.SUBN_ADM, SaMad.CLASS_VERSION,
                    Method.REPORT, 0, 0, 0, Notice.ATTRIBUTE_ID, 0);
            byte[] mad = new SaMad(header, SaHeader.EMPTY, data).encode();
            sent.incrementAndGet();
            count++;
            transport.send(new MadRequest(mad, s.address(), timeout, retries)).whenComplete((answer, failure) -> {
                if (failure == null && answer != null && (answer.mad()[3] & 0xFF) == Method.REPORT_RESP) {
                    acknowledged.incrementAndGet();
                } else {
                    failed.incrementAndGet();
                    subscriptions.remove(s);
                }
            });
        }
        return count;
    }

    long sent() {
        return sent.get();
    }

    long acknowledged() {
        return acknowledged.get();
    }

    long failed() {
        return failed.get();
    }
}
