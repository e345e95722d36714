package org.infiniscope.firmware;

import java.util.function.BooleanSupplier;

/**
 * How to burn.
 *
 * @param force burn even when the image's PSID differs from the adapter's, or when the image has no GUID sections
 *        (a reduced image, which can neither keep the adapter's GUIDs nor give it its own)
 * @param dryRun check everything and report the plan, write nothing
 * @param useImageGuids write the image's GUIDs and MACs to the adapter; by default (false) the adapter keeps its own,
 *        read from the image it runs and written into the new image's GUID sections (mstflint's {@code burn}
 *        default; its {@code -use_image_guids} is this option)
 * @param cancelled asked between steps; true stops the burn before the switch, leaving the old image active
 * @param progress told of each step's progress
 */
public record BurnOptions(boolean force, boolean dryRun, boolean useImageGuids, BooleanSupplier cancelled,
        BurnProgress progress) {

    /** Options that keep the adapter's GUIDs and MACs. */
    public BurnOptions(boolean force, boolean dryRun, BooleanSupplier cancelled, BurnProgress progress) {
        this(force, dryRun, false, cancelled, progress);
    }

    /** @return these options with the image's GUIDs used or the adapter's kept */
    public BurnOptions withImageGuids(boolean use) {
        return new BurnOptions(force, dryRun, use, cancelled, progress);
    }

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
