package org.infiniscope.sm.internal;

import java.time.Duration;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.infiniscope.sm.SmPhase;
import org.infiniscope.sm.SubnetManager;
import org.infiniscope.sm.SweepChanges;
import org.infiniscope.sm.SweepHistoryEntry;
import org.infiniscope.sm.SweepKind;
import org.infiniscope.sm.SweepReport;
import org.infiniscope.sm.subnet.Subnet;

/**
 * The Gogo commands of the SM service: {@code sm:status}, {@code sm:sweeps}, {@code sm:resweep}, {@code sm:reroute},
 * {@code sm:priority}, {@code sm:routes}.
 */
public final class SmCommands {

    /** The functions, for the {@code osgi.command.function} property. */
    static final String[] FUNCTIONS = {"status", "sweeps", "resweep", "reroute", "priority", "routes"};

    private final SubnetManager sm;

    SmCommands(SubnetManager sm) {
        this.sm = sm;
    }

    /** @return the state, priority, port and the last subnet */
    public String status() {
        StringBuilder b = new StringBuilder();
        b.append("SM state ").append(sm.state()).append(", priority ").append(sm.priority());
        b.append(String.format(", port 0x%016x%n", sm.portGuid()));
        sm.subnet().ifPresentOrElse(s -> b.append(describe(s)), () -> b.append("no subnet configured yet\n"));
        List<SweepHistoryEntry> history = sm.sweepHistory();
        if (!history.isEmpty()) {
            b.append("last sweep: ").append(line(history.get(history.size() - 1)));
        }
        return b.toString();
    }

    /** @return the last sweeps kept, oldest first, one line each */
    public String sweeps() {
        return sweeps(SubnetManager.HISTORY);
    }

    /** @return the last {@code count} sweeps, oldest first, one line each */
    public String sweeps(int count) {
        List<SweepHistoryEntry> history = sm.sweepHistory();
        if (history.isEmpty()) {
            return "no sweep yet\n";
        }
        StringBuilder b = new StringBuilder();
        for (SweepHistoryEntry e : history.subList(Math.max(0, history.size() - Math.max(0, count)), history.size())) {
            b.append(line(e));
        }
        return b.toString();
    }

    /**
     * @return one sweep in a line: number, start, kind, result, duration, the phases, SMPs, changes and any problem
     */
    static String line(SweepHistoryEntry e) {
        StringBuilder b = new StringBuilder();
        b.append(String.format("#%d %s %s %s %.3f s", e.number(),
                DateTimeFormatter.ISO_INSTANT.format(e.start().truncatedTo(ChronoUnit.MILLIS)),
                e.kind().name().toLowerCase(Locale.ROOT), e.result(), e.duration().toNanos() / 1e9));
        if (!e.phases().isEmpty()) {
            b.append(" (");
            String sep = "";
            for (Map.Entry<SmPhase, Duration> p : e.phases().entrySet()) {
                b.append(sep).append(p.getKey().name().toLowerCase(Locale.ROOT))
                        .append(String.format(" %.3f", p.getValue().toNanos() / 1e9));
                sep = ", ";
            }
            b.append(')');
        }
        SweepChanges c = e.changes();
        b.append(String.format(", %d SMPs, %d nodes", e.smps(), c.nodes()));
        if (c.any()) {
            b.append(String.format(
                    ", changes: +%d -%d nodes, %d LIDs, %d PortInfo, %d SwitchInfo, %d LFT blocks, %d P_Key blocks, %d activated",
                    c.nodesAdded(), c.nodesRemoved(), c.lidsChanged(), c.portInfoSets(), c.switchInfoSets(),
                    c.lftBlocks(), c.pKeySets(), c.activations()));
        }
        e.problem().ifPresent(p -> b.append(": ").append(p));
        return b.append('\n').toString();
    }

    static String describe(Subnet s) {
        long switches = s.nodes().stream().filter(n -> n.isSwitch()).count();
        return String.format("sweep %d: %d nodes (%d switches), %d links, %d LIDs, routing %s, SM LID %d%n", s.sweep(),
                s.nodes().size(), switches, s.links().size(), s.graph().maxLid(), s.routing().engine(), s.smLid());
    }

    /** Sweeps now: {@code heavy} or {@code light}. */
    public String resweep(String kind) throws InterruptedException {
        SweepKind k = switch (kind) {
            case "heavy" -> SweepKind.HEAVY;
            case "light" -> SweepKind.LIGHT;
            default -> throw new IllegalArgumentException("resweep heavy|light, not '" + kind + "'");
        };
        return report(sm.sweep(k));
    }

    /** Sweeps heavily now. */
    public String resweep() throws InterruptedException {
        return resweep("heavy");
    }

    /** Routes again and programs every LFT block that differs from the switches'. */
    public String reroute() throws InterruptedException {
        return report(sm.reroute());
    }

    /** @return the priority */
    public String priority() {
        return "SM priority " + sm.priority() + "\n";
    }

    /** Sets the priority. */
    public String priority(int value) {
        sm.setPriority(value);
        return priority();
    }

    /** @return every switch's unicast routes, as ibroute prints them */
    public String routes() {
        return sm.subnet().map(RouteDump::dump).orElse("no subnet configured yet\n");
    }

    private static String report(java.util.concurrent.CompletableFuture<SweepReport> f) throws InterruptedException {
        try {
            SweepReport r = f.get(5, TimeUnit.MINUTES);
            return (r.up() ? "sweep done: " : "sweep: " + r.problem().orElse("not up") + "\n")
                    + r.subnet().map(SmCommands::describe).orElse("");
        } catch (ExecutionException e) {
            return "sweep failed: " + e.getCause().getMessage() + "\n";
        } catch (TimeoutException e) {
            return "the sweep is still running\n";
        }
    }
}
