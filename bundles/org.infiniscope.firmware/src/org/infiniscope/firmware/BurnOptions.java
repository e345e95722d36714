package org.infiniscope.firmware;

import java.util.function.BooleanSupplier;

/**
 * How to burn.
 *
 * @param force burn even when the image's PSID differs from the adapter's
 * @param dryRun check everything and report the plan, write nothing
 * @param cancelled asked between steps; true stops the burn before the switch, leaving the old image active
 * @param progress told of each step's progress
 */
public record BurnOptions(boolean force, boolean dryRun, BooleanSupplier cancelled, BurnProgress progress) {

    /** A burn with the PSID check, no dry run, not cancellable, without progress. */
    public static BurnOptions defaults() {
        return new BurnOptions(false, false, () -> false, (phase, done, total) -> {
        });
    }

    /** Progress of a burn, phase by phase. */
    @FunctionalInterface
    public interface BurnProgress {
        /**
         * @param phase {@code erase}, {@code program}, {@code verify} or {@code switch}
         * @param done units done in this phase (sectors or dwords)
         * @param total units in this phase
         */
        void update(String phase, long done, long total);
    }
}
