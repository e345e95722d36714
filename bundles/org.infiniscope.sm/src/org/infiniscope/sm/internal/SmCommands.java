package org.infiniscope.sm.internal;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.infiniscope.sm.SubnetManager;
import org.infiniscope.sm.SweepKind;
import org.infiniscope.sm.SweepReport;
import org.infiniscope.sm.subnet.Subnet;

/** The Gogo commands of the SM service: {@code sm:status}, {@code sm:resweep}, {@code sm:reroute}, {@code sm:priority}, {@code sm:routes}. */
public final class SmCommands {

    /** The functions, for the {@code osgi.command.function} property. */
    static final String[] FUNCTIONS = {"status", "resweep", "reroute", "priority", "routes"};

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
        return b.toString();
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
