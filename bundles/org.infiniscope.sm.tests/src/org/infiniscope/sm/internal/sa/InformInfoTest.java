package org.infiniscope.sm.internal.sa;

import static org.infiniscope.sm.internal.sa.SaFixture.record;
import static org.infiniscope.sm.internal.sa.SaFixture.status;
import static org.infiniscope.sm.internal.sa.SaFixture.table;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.infiniscope.mad.Gid;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.sa.InformInfo;
import org.infiniscope.mad.sa.InformInfoRecord;
import org.infiniscope.mad.sa.SaMad;
import org.infiniscope.mad.sa.SaStatus;
import org.infiniscope.mad.smp.Notice;
import org.infiniscope.mad.smp.TrapDetails;
import org.infiniscope.mad.transport.AgentSpec;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.topology.Generators;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * InformInfo: a host subscribes to traps, the SM hands the SA a notice, the host receives a Report with it and
 * answers ReportResp; a subscription to another trap gets nothing; unsubscribing ends the reports.
 */
class InformInfoTest {

    private SaFixture fx;
    private MadTransport subscriber;
    private final LinkedBlockingQueue<byte[]> reports = new LinkedBlockingQueue<>();
    /** How many Reports the subscriber leaves unanswered before it answers (MAX_VALUE: never). */
    private volatile int unanswered;
    private Gid subscriberGid;

    @BeforeEach
    void up() throws Exception {
        SaServer.Config d = SaServer.Config.DEFAULT;
        fx = new SaFixture(SimSubnet.up(Generators.fatTree2(2, 1, 2)), new SaServer.Config(d.threads(),
                d.queueCapacity(), d.maxRecords(), d.packetLifeTime(), Duration.ofMillis(200), 2, d.nanos()));
        subscriber = fx.client("h00003");
        subscriber.register(new AgentSpec(MgmtClass.SUBN_ADM, SaMad.CLASS_VERSION, Set.of(Method.REPORT), true),
                (mad, out) -> {
                    byte[] answer = mad.mad().clone();
                    answer[3] = (byte) Method.REPORT_RESP;
                    reports.add(mad.mad());
                    if (unanswered > 0) {
                        unanswered--;
                        return;
                    }
                    try {
                        out.respond(answer);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
        subscriberGid = new Gid(Gid.DEFAULT_PREFIX, fx.fabric().topology().node("h00003").orElseThrow().portGuid(1));
    }

    @AfterEach
    void down() {
        fx.close();
    }

    private static byte[] inform(boolean subscribe, int trap) {
        byte[] t = new byte[SaMad.DATA_LENGTH];
        InformInfo.CODEC.encode(new InformInfo(Gid.ZERO, 0xFFFF, 0, true, subscribe, 0xFFFF, trap, 0, 0, 0xFFFFFF), t,
                0);
        return t;
    }

    private static Notice linkStateChange(int issuerLid) {
        return new Notice(true, 1, 2, 128, issuerLid, false, 0, new TrapDetails.LinkStateChange(issuerLid));
    }

    @Test
    void aSubscriberGetsTheReportAndAnswersIt() throws Exception {
        InformInfo answer = record(fx.ask(subscriber, Method.SET, InformInfo.ATTRIBUTE_ID, 0, 0, inform(true, 0xFFFF)),
                InformInfo.CODEC);
        assertEquals(true, answer.subscribe());
        List<InformInfoRecord> held = table(
                fx.ask(subscriber, Method.GET_TABLE, InformInfoRecord.ATTRIBUTE_ID, 0, 0, new byte[SaMad.DATA_LENGTH]),
                InformInfoRecord.CODEC);
        assertEquals(1, held.size());
        assertEquals(subscriberGid, held.get(0).subscriberGid());

        int leaf = fx.sim.lid("leaf001");
        Gid issuer = new Gid(Gid.DEFAULT_PREFIX, fx.fabric().topology().node("leaf001").orElseThrow().portGuid(0));
        assertEquals(1, fx.sa.report(linkStateChange(leaf)), "the issuer's GID found by its LID");
        byte[] report = reports.poll(10, TimeUnit.SECONDS);
        SaMad mad = SaMad.decode(report, 0);
        assertEquals(Method.REPORT, mad.header().method());
        assertEquals(Notice.ATTRIBUTE_ID, mad.header().attributeId());
        assertEquals(linkStateChange(leaf), Notice.CODEC.decode(mad.data(), 0));
        assertEquals(issuer, Gid.read(mad.data(), ReportSender.ISSUER_GID));
        SaFixture.await(() -> fx.sa.statistics().reportsAcknowledged() == 1, Duration.ofSeconds(10),
                "the ReportResp reached the SA");
        assertEquals(0, fx.sa.statistics().reportsFailed());

        record(fx.ask(subscriber, Method.SET, InformInfo.ATTRIBUTE_ID, 0, 0, inform(false, 0xFFFF)), InformInfo.CODEC);
        assertEquals(0, fx.sa.report(linkStateChange(leaf), issuer), "unsubscribed");
        assertEquals(SaStatus.status(SaStatus.ERR_REQ_INVALID),
                status(fx.ask(subscriber, Method.SET, InformInfo.ATTRIBUTE_ID, 0, 0, inform(false, 0xFFFF))),
                "no subscription left to end");
    }

    @Test
    void anUnansweredReportIsSentAgainAndASilentSubscriberIsDropped() throws Exception {
        record(fx.ask(subscriber, Method.SET, InformInfo.ATTRIBUTE_ID, 0, 0, inform(true, 0xFFFF)), InformInfo.CODEC);
        unanswered = 1;
        assertEquals(1, fx.sa.report(linkStateChange(1)));
        byte[] first = reports.poll(10, TimeUnit.SECONDS);
        byte[] again = reports.poll(10, TimeUnit.SECONDS);
        assertEquals(Notice.CODEC.decode(SaMad.decode(first, 0).data(), 0),
                Notice.CODEC.decode(SaMad.decode(again, 0).data(), 0), "the same notice, sent again");
        SaFixture.await(() -> fx.sa.statistics().reportsAcknowledged() == 1, Duration.ofSeconds(10),
                "the second Report answered");

        unanswered = Integer.MAX_VALUE;
        assertEquals(1, fx.sa.report(linkStateChange(1)));
        SaFixture.await(() -> fx.sa.statistics().reportsFailed() == 1, Duration.ofSeconds(10),
                "three attempts unanswered");
        assertEquals(List.of(),
                table(fx.ask(subscriber, Method.GET_TABLE, InformInfoRecord.ATTRIBUTE_ID, 0, 0,
                        new byte[SaMad.DATA_LENGTH]), InformInfoRecord.CODEC),
                "the silent subscriber's subscription ended");
        assertEquals(0, fx.sa.report(linkStateChange(1)));
    }

    @Test
    void aSubscriptionToOneTrapGetsNoOther() throws Exception {
        record(fx.ask(subscriber, Method.SET, InformInfo.ATTRIBUTE_ID, 0, 0, inform(true, 64)), InformInfo.CODEC);
        assertEquals(0, fx.sa.report(linkStateChange(1), Gid.ZERO));
        Notice gidIn = new Notice(true, 4, 4, 64, 1, false, 0, new TrapDetails.GidChange(Gid.DEFAULT_PREFIX, 0x99));
        assertEquals(1, fx.sa.report(gidIn, Gid.ZERO));
        assertEquals(64, Notice.CODEC.decode(SaMad.decode(reports.poll(10, TimeUnit.SECONDS), 0).data(), 0)
                .trapNumberOrDeviceId());
    }
}
