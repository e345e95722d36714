package org.infiniscope.discovery.internal;

import java.util.ArrayList;
import java.util.List;

import org.infiniscope.discovery.FabricSnapshot;
import org.infiniscope.discovery.check.Check;
import org.infiniscope.discovery.check.CheckOptions;
import org.infiniscope.discovery.check.CheckReport;
import org.infiniscope.discovery.check.FabricChecker;
import org.infiniscope.discovery.check.Finding;
import org.osgi.service.component.annotations.Component;

/** The fabric checks: each selected check reads the snapshot on its own. */
@Component(service = FabricChecker.class)
public final class FabricCheckerImpl implements FabricChecker {

    @Override
    public CheckReport check(FabricSnapshot snapshot, CheckOptions options) {
        return run(snapshot, null, "", options);
    }

    @Override
    public CheckReport check(FabricSnapshot snapshot, FabricSnapshot later, CheckOptions options) {
        return run(snapshot, later, "the grace period", options);
    }

    /** @param grace how the report names the time between the two snapshots */
    static CheckReport run(FabricSnapshot first, FabricSnapshot later, String grace, CheckOptions options) {
        CheckNames names = new CheckNames(options.nodeNames());
        // every check but the stuck ports' reads the fabric as it is now
        FabricSnapshot now = later != null ? later : first;
        List<Finding> findings = new ArrayList<>();
        for (Check check : options.checks()) {
            findings.addAll(switch (check) {
                case DUP -> DuplicateCheck.run(now, names);
                case SPEED -> SpeedCheck.run(now, names);
                case STUCK -> StuckCheck.run(first, later, grace, names);
                case PLAN -> PlanCheck.run(now, options.plan().orElseThrow(), options.byGuid(), names);
            });
        }
        return new CheckReport(options.checks(), findings);
    }
}
