package org.infiniscope.sm.partition;

import java.util.Collection;

import org.infiniscope.sm.internal.partition.PkeyManager;

/**
 * Computes the P_Key tables of each sweep as OpenSM 3.3.23 would. Keep one per SM: like OpenSM it remembers the
 * index each port's P_Keys had, so that they keep it in later sweeps. Not thread-safe.
 */
public final class PkeyCalculator {

    private final PkeyManager manager;

    /** @param options OpenSM's options that shape the tables ({@link PkeyOptions#DEFAULTS}) */
    public PkeyCalculator(PkeyOptions options) {
        this.manager = new PkeyManager(options);
    }

    /**
     * @param file the partitions file; null when there is none or it is in error, so that only the default
     *        partition is in force with every port a full member (OpenSM's fallback)
     * @param ports every end port of the fabric: CA and router ports, switches' port 0
     * @return the tables to write
     */
    public PkeyTables compute(PartitionsFile file, Collection<PartitionPort> ports) {
        return manager.compute(file, ports);
    }
}
