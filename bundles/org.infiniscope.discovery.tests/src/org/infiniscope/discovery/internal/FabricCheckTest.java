package org.infiniscope.discovery.internal;

import static org.infiniscope.discovery.internal.CheckFabrics.ACTIVE;
import static org.infiniscope.discovery.internal.CheckFabrics.ARMED;
import static org.infiniscope.discovery.internal.CheckFabrics.INIT;
import static org.infiniscope.discovery.internal.CheckFabrics.LINK_UP;
import static org.infiniscope.discovery.internal.CheckFabrics.POLLING;
import static org.infiniscope.discovery.internal.CheckFabrics.link;
import static org.infiniscope.discovery.internal.CheckFabrics.lmc;
import static org.infiniscope.discovery.internal.CheckFabrics.port;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.infiniscope.console.json.Json;
import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.check.CablingPlan;
import org.infiniscope.discovery.check.Check;
import org.infiniscope.discovery.check.CheckOptions;
import org.infiniscope.discovery.check.CheckReport;
import org.infiniscope.discovery.check.Finding;
import org.infiniscope.discovery.check.Severity;
import org.infiniscope.mad.smp.PortInfo;
import org.junit.jupiter.api.Test;

/** Each check on hand-made snapshots: what it must find, and what it must leave alone. */
class FabricCheckTest {

    private static final FabricCheckerImpl CHECKER = new FabricCheckerImpl();

    private static CheckReport check(FabricSnapshot s, Check check) {
        return CHECKER.check(s, new CheckOptions(EnumSet.of(check), Optional.empty(), false, Map.of()));
    }

    private static List<String> kinds(CheckReport report) {
        return report.findings().stream().map(Finding::kind).toList();
    }

    @Test
    void aHealthyFabricPassesEveryCheck() {
        FabricSnapshot s = CheckFabrics.healthy().build();
        CheckReport report = CHECKER.check(s, CheckOptions.against(CablingPlans.of(s, Map.of())));
        assertEquals(List.of(), report.findings());
        assertFalse(report.failed());
        assertEquals(EnumSet.allOf(Check.class), report.checks());
    }

    // dup

    @Test
    void twoNodesWithOneGuidAreReported() {
        FabricSnapshot s = CheckFabrics.healthy().ca("h4", 0x20, port(1, 0x41, 5)).build();
        CheckReport report = check(s, Check.DUP);
        assertEquals(List.of("duplicate-node-guid"), kinds(report));
        Finding f = report.findings().getFirst();
        assertEquals(Severity.ERROR, f.severity());
        assertEquals(List.of("h2", "h4"), f.at().stream().map(l -> l.node()).toList());
        assertTrue(f.text().contains("0x0000000000000020"), f.text());
        assertTrue(report.failed());
    }

    @Test
    void twoPortsWithOnePortGuidAreReported() {
        FabricSnapshot s = CheckFabrics.healthy().ca("h4", 0x40, port(1, 0x31, 5)).build();
        CheckReport report = check(s, Check.DUP);
        assertEquals(List.of("duplicate-port-guid"), kinds(report));
        assertEquals(List.of("h3", "h4"), report.findings().getFirst().at().stream().map(l -> l.node()).toList());
        assertEquals(1, report.findings().getFirst().at().get(1).port());
    }

    @Test
    void aSwitchsPortsShareItsGuidWithoutAFinding() {
        FabricSnapshot s = CheckFabrics.healthy().build();
        assertEquals(List.of(), check(s, Check.DUP).findings(), "the leaf's ports 0..3 carry one GUID");
    }

    @Test
    void twoPortsWithOneLidAreReported() {
        FabricSnapshot s = CheckFabrics.healthy().ca("h4", 0x40, port(1, 0x41, 3)).build();
        CheckReport report = check(s, Check.DUP);
        assertEquals(List.of("duplicate-lid"), kinds(report));
        assertTrue(report.findings().getFirst().text().startsWith("LID 3 is assigned to 2 ports: \"h2\"[1]"),
                report.findings().getFirst().text());
    }

    @Test
    void lidRangesOverlappingUnderTheirLmcAreReported() {
        // h4 has LIDs 8..11 (LMC 2), h5 has LID 10: inside h4's range; h6 at 12 is just past it
        FabricSnapshot s = CheckFabrics.healthy().ca("h4", 0x40, lmc(port(1, 0x41, 8), 2))
                .ca("h5", 0x50, port(1, 0x51, 10)).ca("h6", 0x60, port(1, 0x61, 12)).build();
        CheckReport report = check(s, Check.DUP);
        assertEquals(List.of("lid-range-overlap"), kinds(report));
        assertEquals("LIDs 8-11 of \"h4\"[1] (0x0000000000000040) overlap LIDs 10-10 of \"h5\"[1] "
                + "(0x0000000000000050) (LMC ranges)", report.findings().getFirst().text());
    }

    @Test
    void unassignedLidsAreNotDuplicates() {
        FabricSnapshot s = new CheckFabrics().ca("a", 1, port(1, 2, 0)).ca("b", 3, port(1, 4, 0)).link(1, 1, 3, 1)
                .build();
        assertEquals(List.of(), check(s, Check.DUP).findings());
    }

    // speed

    @Test
    void aLinkBelowTheWidthBothEndsSupportIsDegraded() {
        // both ends support and enable 4X, the link trained at 1X
        FabricSnapshot s = new CheckFabrics().ca("a", 1, link(1, 2, 1, 0, 1, 2, 2, 1, 1, 1, 0, 0, 0))
                .ca("b", 3, link(1, 4, 2, 0, 1, 2, 2, 1, 1, 1, 0, 0, 0)).link(1, 1, 3, 1).build();
        CheckReport report = check(s, Check.SPEED);
        assertEquals(List.of("width-degraded"), kinds(report));
        assertEquals(Severity.WARNING, report.findings().getFirst().severity());
        assertEquals("\"a\"[1] (0x0000000000000001) - \"b\"[1] (0x0000000000000003) runs at 1X, both ends support 4X",
                report.findings().getFirst().text());
        assertTrue(report.failed());
    }

    @Test
    void aLinkAtWhatItsEndsEnableIsHealthyEvenBelowWhatTheySupport() {
        // ibsim's and the simulator's cables: every width and speed supported, 4X SDR enabled and active
        FabricSnapshot s = new CheckFabrics().ca("a", 1, link(1, 2, 1, 0, 2, 0x1F, 2, 1, 7, 1, 0, 0, 0))
                .ca("b", 3, link(1, 4, 2, 0, 2, 0x1F, 2, 1, 7, 1, 0, 0, 0)).link(1, 1, 3, 1).build();
        assertEquals(List.of(), check(s, Check.SPEED).findings());
    }

    @Test
    void oneEndEnablingLessThanTheOtherIsNamed() {
        // a: 1X enabled (SubnSet), still 4X active until the link trains again; b: 4X
        FabricSnapshot s = new CheckFabrics().ca("a", 1, link(1, 2, 1, 0, 2, 0x1F, 1, 1, 7, 1, 0, 0, 0))
                .ca("b", 3, link(1, 4, 2, 0, 2, 0x1F, 2, 1, 7, 1, 0, 0, 0)).link(1, 1, 3, 1).build();
        CheckReport report = check(s, Check.SPEED);
        assertEquals(List.of("width-enabled-mismatch"), kinds(report));
        assertTrue(
                report.findings().getFirst().text().contains("(\"a\"[1] (0x0000000000000001) enables only up to 1X)"),
                report.findings().getFirst().text());
        // trained again at 1X: the link runs below the 4X that b enables and both support
        s = new CheckFabrics().ca("a", 1, link(1, 2, 1, 0, 1, 0x1F, 1, 1, 7, 1, 0, 0, 0))
                .ca("b", 3, link(1, 4, 2, 0, 1, 0x1F, 2, 1, 7, 1, 0, 0, 0)).link(1, 1, 3, 1).build();
        assertEquals(List.of("width-degraded"), kinds(check(s, Check.SPEED)));
    }

    @Test
    void extendedSpeedsCountWhenBothEndsAnnounceThem() {
        int ext = PortInfo.CAP_EXTENDED_SPEEDS;
        // both support FDR, EDR and HDR and enable them all; the link runs FDR
        FabricSnapshot s = new CheckFabrics().ca("a", 1, link(1, 2, 1, ext, 2, 2, 2, 4, 7, 7, 1, 7, 7))
                .ca("b", 3, link(1, 4, 2, ext, 2, 2, 2, 4, 7, 7, 1, 7, 7)).link(1, 1, 3, 1).build();
        CheckReport report = check(s, Check.SPEED);
        assertEquals(List.of("speed-degraded"), kinds(report));
        assertTrue(report.findings().getFirst().text().endsWith("runs at FDR, both ends support HDR"),
                report.findings().getFirst().text());
        // at HDR it is healthy
        s = new CheckFabrics().ca("a", 1, link(1, 2, 1, ext, 2, 2, 2, 4, 7, 7, 4, 7, 7))
                .ca("b", 3, link(1, 4, 2, ext, 2, 2, 2, 4, 7, 7, 4, 7, 7)).link(1, 1, 3, 1).build();
        assertEquals(List.of(), check(s, Check.SPEED).findings());
        // b does not announce extended speeds: QDR is the best both support, and the link runs it
        s = new CheckFabrics().ca("a", 1, link(1, 2, 1, ext, 2, 2, 2, 4, 7, 7, 0, 7, 7))
                .ca("b", 3, link(1, 4, 2, 0, 2, 2, 2, 4, 7, 7, 0, 7, 7)).link(1, 1, 3, 1).build();
        assertEquals(List.of(), check(s, Check.SPEED).findings());
    }

    @Test
    void linksWhoseSupportWasNotReadAreLeftAlone() {
        FabricSnapshot s = new CheckFabrics().ca("a", 1, link(1, 2, 1, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0))
                .ca("b", 3, link(1, 4, 2, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0)).link(1, 1, 3, 1).build();
        assertEquals(List.of(), check(s, Check.SPEED).findings());
    }

    // stuck

    @Test
    void aFabricNoSmHasConfiguredIsOneClearFinding() {
        FabricSnapshot s = new CheckFabrics().ca("a", 1, port(1, 2, 0, INIT, LINK_UP))
                .ca("b", 3, port(1, 4, 0, INIT, LINK_UP)).link(1, 1, 3, 1).build();
        CheckReport report = check(s, Check.STUCK);
        assertEquals(List.of("unconfigured"), kinds(report));
        Finding f = report.findings().getFirst();
        assertEquals(Severity.ERROR, f.severity());
        assertTrue(f.text().startsWith("no subnet manager has configured this fabric: all 2 ports with a physical link "
                + "are in Init and no port has a LID"), f.text());
        assertEquals(2, f.at().size());
    }

    @Test
    void portsInInitOrArmedWithTheLinkUpAreStuck() {
        FabricSnapshot s = CheckFabrics.healthy().ca("h4", 0x40, port(1, 0x41, 5, INIT, LINK_UP))
                .ca("h5", 0x50, port(1, 0x51, 6, ARMED, LINK_UP)).ca("h6", 0x60, port(1, 0x61, 7, 1, POLLING)).build();
        CheckReport report = check(s, Check.STUCK);
        assertEquals(List.of("stuck-init", "stuck-armed"), kinds(report), "h6's link is not up: not stuck");
        assertEquals("\"h4\"[1] (0x0000000000000040) is Init with its physical link up (LinkUp): not Active",
                report.findings().getFirst().text());
    }

    @Test
    void aGracePeriodTellsStuckPortsFromPortsComingUp() {
        FabricSnapshot first = CheckFabrics.healthy().ca("h4", 0x40, port(1, 0x41, 5, INIT, LINK_UP))
                .ca("h5", 0x50, port(1, 0x51, 6, ARMED, LINK_UP)).build();
        FabricSnapshot later = CheckFabrics.healthy().ca("h4", 0x40, port(1, 0x41, 5, INIT, LINK_UP))
                .ca("h5", 0x50, port(1, 0x51, 6, ACTIVE, LINK_UP)).build();
        CheckReport report = CHECKER.check(first, later,
                new CheckOptions(EnumSet.of(Check.STUCK), Optional.empty(), false, Map.of()));
        assertEquals(List.of("stuck-init", "coming-up"), kinds(report));
        assertEquals(Severity.NOTE, report.findings().get(1).severity());
        assertTrue(report.findings().get(1).text().endsWith("was Armed, Active after the grace period"),
                report.findings().get(1).text());
        assertTrue(report.failed(), "h4 is still stuck");
        // once h4 is up too, only notes remain: the check passes
        FabricSnapshot fine = CheckFabrics.healthy().ca("h4", 0x40, port(1, 0x41, 5)).ca("h5", 0x50, port(1, 0x51, 6))
                .build();
        assertFalse(
                CHECKER.check(first, fine, new CheckOptions(EnumSet.of(Check.STUCK), Optional.empty(), false, Map.of()))
                        .failed());
    }

    // plan

    private static CablingPlan.Cable cable(String a, long ga, int pa, String b, long gb, int pb) {
        return new CablingPlan.Cable(new CablingPlan.End(a, ga, pa), new CablingPlan.End(b, gb, pb));
    }

    private static CheckReport plan(FabricSnapshot s, boolean byGuid, CablingPlan.Cable... cables) {
        return CHECKER.check(s, new CheckOptions(EnumSet.of(Check.PLAN), Optional.of(new CablingPlan(List.of(cables))),
                byGuid, Map.of()));
    }

    private static final CablingPlan.Cable[] HEALTHY = {cable("h1", 0x10, 1, "leaf", 0x100, 1),
            cable("h2", 0x20, 1, "leaf", 0x100, 2), cable("h3", 0x30, 1, "leaf", 0x100, 3)};

    @Test
    void aFabricAsPlannedPassesByNameAndByGuid() {
        assertEquals(List.of(), plan(CheckFabrics.healthy().build(), false, HEALTHY).findings());
        assertEquals(List.of(), plan(CheckFabrics.healthy().build(), true, HEALTHY).findings());
    }

    @Test
    void aPlannedCableWithNoLinkAtEitherEndIsMissing() {
        FabricSnapshot s = new CheckFabrics().ca("h1", 0x10, port(1, 0x11, 2)).ca("h2", 0x20, port(1, 0x21, 3))
                .sw("leaf", 0x100, 1, port(1, 0, 0), port(2, 0, 0)).link(0x10, 1, 0x100, 1).link(0x20, 1, 0x100, 2)
                .build();
        CheckReport report = plan(s, false, HEALTHY);
        assertEquals(List.of("missing-link"), kinds(report));
        assertEquals("planned \"h3\"[1] (0x0000000000000030) - \"leaf\"[3] (0x0000000000000100) is missing: no link "
                + "at either end (\"h3\" (0x0000000000000030) not found)", report.findings().getFirst().text());
    }

    @Test
    void aLinkThePlanDoesNotHaveIsExtra() {
        FabricSnapshot s = CheckFabrics.healthy().ca("h4", 0x40, port(1, 0x41, 5)).link(0x40, 1, 0x100, 4).build();
        CheckReport report = plan(s, false, HEALTHY);
        assertEquals(List.of("extra-link"), kinds(report));
        assertTrue(report.findings().getFirst().text().startsWith("\"h4\"[1]"), report.findings().getFirst().text());
    }

    @Test
    void twoSwappedCablesAreMiscabledNotMissingAndExtra() {
        FabricSnapshot s = new CheckFabrics().ca("h1", 0x10, port(1, 0x11, 2)).ca("h2", 0x20, port(1, 0x21, 3))
                .ca("h3", 0x30, port(1, 0x31, 4)).sw("leaf", 0x100, 1, port(1, 0, 0), port(2, 0, 0), port(3, 0, 0))
                .link(0x10, 1, 0x100, 2).link(0x20, 1, 0x100, 1).link(0x30, 1, 0x100, 3).build();
        CheckReport report = plan(s, false, HEALTHY);
        assertEquals(List.of("miscabled-link", "miscabled-link"), kinds(report));
        assertEquals(
                "planned \"h1\"[1] (0x0000000000000010) - \"leaf\"[1] (0x0000000000000100) is mis-cabled: "
                        + "found \"h1\"[1] (0x0000000000000010) - \"leaf\"[2] (0x0000000000000100); "
                        + "found \"leaf\"[1] (0x0000000000000100) - \"h2\"[1] (0x0000000000000020)",
                report.findings().getFirst().text());
    }

    @Test
    void oneEndMovedToAnotherNodeIsMiscabled() {
        // h3's cable lands on a second leaf's port 3 instead of leaf[3]
        FabricSnapshot s = new CheckFabrics().ca("h1", 0x10, port(1, 0x11, 2)).ca("h2", 0x20, port(1, 0x21, 3))
                .ca("h3", 0x30, port(1, 0x31, 4)).sw("leaf", 0x100, 1, port(1, 0, 0), port(2, 0, 0))
                .sw("leaf2", 0x200, 5, port(3, 0, 0)).link(0x10, 1, 0x100, 1).link(0x20, 1, 0x100, 2)
                .link(0x30, 1, 0x200, 3).build();
        CheckReport report = plan(s, false, HEALTHY);
        assertEquals(List.of("miscabled-link"), kinds(report));
        assertTrue(report.findings().getFirst().text()
                .endsWith("found \"h3\"[1] (0x0000000000000030) - \"leaf2\"[3] (0x0000000000000200); \"leaf\"[3] "
                        + "(0x0000000000000100) has no link"),
                report.findings().getFirst().text());
    }

    @Test
    void byGuidMatchesNodesWhoseNamesChanged() {
        FabricSnapshot s = new CheckFabrics().ca("renamed", 0x10, port(1, 0x11, 2)).ca("h2", 0x20, port(1, 0x21, 3))
                .ca("h3", 0x30, port(1, 0x31, 4)).sw("leaf", 0x100, 1, port(1, 0, 0), port(2, 0, 0), port(3, 0, 0))
                .link(0x10, 1, 0x100, 1).link(0x20, 1, 0x100, 2).link(0x30, 1, 0x100, 3).build();
        assertEquals(List.of(), plan(s, true, HEALTHY).findings());
        // by name, leaf[1] is linked to a node the plan does not know: h1's cable is on another node
        assertEquals(List.of("miscabled-link"), kinds(plan(s, false, HEALTHY)));
    }

    @Test
    void nodesSharingANameCannotBeMatchedByName() {
        FabricSnapshot s = new CheckFabrics().ca("h1", 0x10, port(1, 0x11, 2)).ca("h1", 0x20, port(1, 0x21, 3))
                .ca("h3", 0x30, port(1, 0x31, 4)).sw("leaf", 0x100, 1, port(1, 0, 0), port(2, 0, 0), port(3, 0, 0))
                .link(0x10, 1, 0x100, 1).link(0x20, 1, 0x100, 2).link(0x30, 1, 0x100, 3).build();
        CheckReport report = plan(s, false, HEALTHY);
        assertEquals(List.of("ambiguous-name"), kinds(report), report.findings().toString());
    }

    @Test
    void aPlanCheckWithoutAPlanIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> new CheckOptions(EnumSet.of(Check.PLAN), Optional.empty(), false, Map.of()));
    }

    // report

    @Test
    void theTextHasAHeadingPerCheckALinePerFindingAndASummary() {
        FabricSnapshot s = CheckFabrics.healthy().ca("h4", 0x40, port(1, 0x41, 3)).build();
        CheckReport report = CHECKER.check(s, CheckOptions.withoutPlan());
        assertEquals(
                """
                        -- dup: duplicate GUIDs and LIDs: 1 error
                        ERROR   duplicate-lid          LID 3 is assigned to 2 ports: "h2"[1] (0x0000000000000020), "h4"[1] (0x0000000000000040)
                        -- speed: link width and speed: clean
                        -- stuck: ports stuck in Init or Armed: clean
                        Summary: 5 nodes, 3 links; dup 1 error, speed clean, stuck clean: FAILED
                        """,
                CheckText.text(report, s));
        String json = Json.write(CheckText.json(report, s));
        assertTrue(json.startsWith("{\"checks\":[\"dup\",\"speed\",\"stuck\"],\"nodes\":5,\"links\":3,\"findings\":"
                + "[{\"check\":\"dup\",\"severity\":\"error\",\"kind\":\"duplicate-lid\""), json);
        assertTrue(json.endsWith("\"errors\":1,\"warnings\":0,\"notes\":0,\"failed\":true}"), json);
        assertTrue(json.contains("{\"node\":\"h4\",\"nodeGuid\":\"0x0000000000000040\",\"port\":1,"
                + "\"portGuid\":\"0x0000000000000041\",\"lid\":3}"), json);
    }
}
