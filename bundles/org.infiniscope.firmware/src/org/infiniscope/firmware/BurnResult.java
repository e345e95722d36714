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
 */
public record BurnResult(int slot, String previousVersion, String newVersion, long dwordsWritten, long dwordsVerified,
        long nanos, boolean dryRun) {

    /** @return dwords moved through the gateway a second (programmed and read back) */
    public double dwordsPerSecond() {
        return nanos == 0 ? 0 : (dwordsWritten + dwordsVerified) * 1e9 / nanos;
    }
}
