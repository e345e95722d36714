package org.infiniscope.sm.subnet;

import java.util.Objects;

import org.infiniscope.mad.smp.SmInfo;

/**
 * An SM the master knows of (itself included), for SMInfoRecord.
 *
 * @param portGuid the port it runs on
 * @param lid that port's LID
 * @param info its SMInfo as last read (the SM_Key zeroed unless the reader may see it)
 */
public record KnownSm(long portGuid, int lid, SmInfo info) {

    /** Checks the info. */
    public KnownSm {
        Objects.requireNonNull(info, "info");
    }
}
