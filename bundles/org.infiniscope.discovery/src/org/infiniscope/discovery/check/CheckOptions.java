package org.infiniscope.discovery.check;

import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What to check, and how.
 *
 * @param checks the checks to run; {@link Check#PLAN} needs a plan
 * @param plan the cabling plan, if any
 * @param byGuid match the plan's nodes with the fabric's by node GUID instead of by name
 * @param nodeNames names by node GUID that take the place of the NodeDescription (a node-name map), possibly empty
 */
public record CheckOptions(Set<Check> checks, Optional<CablingPlan> plan, boolean byGuid, Map<Long, String> nodeNames) {

    /** Copies the collections; a plan check without a plan is an error. */
    public CheckOptions {
        checks = checks.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(checks));
        nodeNames = Map.copyOf(nodeNames);
        if (checks.contains(Check.PLAN) && plan.isEmpty()) {
            throw new IllegalArgumentException("the plan check needs a cabling plan");
        }
    }

    /** @return every check but the plan's, by node description */
    public static CheckOptions withoutPlan() {
        return new CheckOptions(EnumSet.of(Check.DUP, Check.SPEED, Check.STUCK), Optional.empty(), false, Map.of());
    }

    /** @return every check, the plan's against this plan, by node description */
    public static CheckOptions against(CablingPlan plan) {
        return new CheckOptions(EnumSet.allOf(Check.class), Optional.of(plan), false, Map.of());
    }
}
