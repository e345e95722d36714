package org.infiniscope.discovery.check;

import org.infiniscope.discovery.FabricSnapshot;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Checks a fabric as a sweep found it. The checks only read the snapshots; finding a duplicated node GUID that the
 * sweep folded into one node needs the fabric itself (the {@code check} tool asks the ports the sweep could not
 * place what answers behind them).
 */
@ProviderType
public interface FabricChecker {

    /** @return the findings of the selected checks on one snapshot */
    CheckReport check(FabricSnapshot snapshot, CheckOptions options);

    /**
     * Checks a snapshot and tells ports stuck in Init or Armed from ports still coming up: a port is stuck only if
     * it is still in the same state in a later snapshot of the same fabric, taken after a grace period.
     *
     * @param snapshot the first sweep
     * @param later a sweep taken after the grace period; every other check reads it
     */
    CheckReport check(FabricSnapshot snapshot, FabricSnapshot later, CheckOptions options);
}
