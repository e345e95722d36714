package org.infiniscope.discovery.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.check.Check;
import org.infiniscope.discovery.check.CheckReport;
import org.infiniscope.discovery.check.Finding;
import org.infiniscope.discovery.check.Location;
import org.infiniscope.discovery.check.Severity;

/** A check report for people (a heading per check, a line per finding, a summary line) and as JSON. */
final class CheckText {

    private CheckText() {
    }

    static String text(CheckReport report, FabricSnapshot s) {
        StringBuilder out = new StringBuilder();
        List<String> summary = new ArrayList<>();
        for (Check check : Check.values()) {
            if (!report.checks().contains(check)) {
                continue;
            }
            List<Finding> found = report.findings().stream().filter(f -> f.check() == check).toList();
            String counts = counts(found);
            out.append("-- ").append(check.key()).append(": ").append(check.title()).append(": ").append(counts)
                    .append('\n');
            for (Finding f : found) {
                out.append(String.format("%-7s %-22s %s%n", f.severity(), f.kind(), f.text()));
            }
            summary.add(check.key() + " " + counts);
        }
        out.append(String.format("Summary: %d nodes, %d links; %s: %s%n", s.nodes().size(), s.links().size(),
                String.join(", ", summary), report.failed() ? "FAILED" : "PASSED"));
        return out.toString();
    }

    private static String counts(List<Finding> found) {
        if (found.isEmpty()) {
            return "clean";
        }
        List<String> parts = new ArrayList<>();
        for (Severity severity : Severity.values()) {
            long n = found.stream().filter(f -> f.severity() == severity).count();
            if (n > 0) {
                String word = severity.name().toLowerCase(java.util.Locale.ROOT);
                parts.add(n + " " + word + (n == 1 ? "" : "s"));
            }
        }
        return String.join(", ", parts);
    }

    static Map<String, Object> json(CheckReport report, FabricSnapshot s) {
        Map<String, Object> json = new LinkedHashMap<>();
        List<Object> checks = new ArrayList<>();
        for (Check check : Check.values()) {
            if (report.checks().contains(check)) {
                checks.add(check.key());
            }
        }
        json.put("checks", checks);
        json.put("nodes", s.nodes().size());
        json.put("links", s.links().size());
        List<Object> findings = new ArrayList<>();
        for (Finding f : report.findings()) {
            Map<String, Object> finding = new LinkedHashMap<>();
            finding.put("check", f.check().key());
            finding.put("severity", f.severity().name().toLowerCase(java.util.Locale.ROOT));
            finding.put("kind", f.kind());
            finding.put("text", f.text());
            List<Object> at = new ArrayList<>();
            for (Location l : f.at()) {
                Map<String, Object> where = new LinkedHashMap<>();
                where.put("node", l.node());
                where.put("nodeGuid", CheckNames.guid(l.nodeGuid()));
                if (l.port() >= 0) {
                    where.put("port", l.port());
                }
                if (l.portGuid() != 0) {
                    where.put("portGuid", CheckNames.guid(l.portGuid()));
                }
                if (l.lid() != 0) {
                    where.put("lid", l.lid());
                }
                at.add(where);
            }
            finding.put("at", at);
            findings.add(finding);
        }
        json.put("findings", findings);
        json.put("errors", report.count(Severity.ERROR));
        json.put("warnings", report.count(Severity.WARNING));
        json.put("notes", report.count(Severity.NOTE));
        json.put("failed", report.failed());
        return json;
    }
}
