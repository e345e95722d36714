package org.infiniscope.discovery;

import java.util.List;

/**
 * What an incremental re-sweep found.
 *
 * @param snapshot the fabric now
 * @param changes what changed since the previous snapshot, as {@link FabricDiff} reports it between the two
 * @param smpsSent how many SMPs the re-sweep sent, retries included
 */
public record Resweep(FabricSnapshot snapshot, List<FabricChange> changes, long smpsSent) {

    /** Copies the list. */
    public Resweep {
        changes = List.copyOf(changes);
    }
}
