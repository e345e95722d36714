package org.infiniscope.firmware;

/**
 * What a burn did.
 *
 * @param slot the slot written (the inactive one), which is active now unless it was a dry run
 * @param previousVersion the version the adapter ran (what the active slot held), empty when unknown
 * @param newVersion the burnt image's version
 * @param dwordsWritten dwords programmed (all-ones dwords are left erased)
 * @param dwordsVerified dwords read back and compared
 * @param nanos how long it took
 * @param dryRun whether nothing was written
 * @param guids the GUIDs and MACs the burnt image carries and whose they are ({@code kept the adapter's: ...} or
 *        {@code the image's: ...}; {@code none: ...} for a forced burn of an image without GUID sections), empty
 *        when the flasher does not say
 * @param flashPath how the flash was reached (for example the flash gateway, or the firmware's registers), empty
 *        when the flasher does not say
 */
public record BurnResult(int slot, String previousVersion, String newVersion, long dwordsWritten, long dwordsVerified,
        long nanos, boolean dryRun, String guids, String flashPath) {

    /** A result that does not say which GUIDs the image carries or how the flash was reached. */
    public BurnResult(int slot, String previousVersion, String newVersion, long dwordsWritten, long dwordsVerified,
            long nanos, boolean dryRun) {
        this(slot, previousVersion, newVersion, dwordsWritten, dwordsVerified, nanos, dryRun, "", "");
    }

    /** @return dwords moved through the gateway a second (programmed and read back) */
    public double dwordsPerSecond() {
        return nanos == 0 ? 0 : (dwordsWritten + dwordsVerified) * 1e9 / nanos;
    }
}
