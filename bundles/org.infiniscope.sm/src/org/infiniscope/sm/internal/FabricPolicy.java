package org.infiniscope.sm.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.List;

import org.infiniscope.sm.partition.PartitionsException;
import org.infiniscope.sm.partition.PartitionsFile;
import org.infiniscope.sm.partition.PkeyCalculator;
import org.infiniscope.sm.routing.RoutingResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The partitions and QoS the SM programs, for the SM's whole life: one {@link PkeyCalculator} (it remembers the
 * indexes each port's P_Keys had, as OpenSM does) and what each port was last given, so that a sweep writes only the
 * blocks that changed. The partitions file is read again at each heavy sweep; a file in error is logged (file:line)
 * and the tables of the last good one stay in force, never wiped.
 */
public final class FabricPolicy implements PartitionPolicy {

    private static final Logger LOG = LoggerFactory.getLogger(FabricPolicy.class);

    private final PolicySettings settings;
    private final PkeyProgrammer pkeys;
    private final QosProgrammer qos = new QosProgrammer();
    private String lastText;
    private PartitionsFile lastGood;
    private boolean everGood;
    private String error;

    /** @param settings the partitions file and options */
    public FabricPolicy(PolicySettings settings) {
        this.settings = settings;
        this.pkeys = new PkeyProgrammer(new PkeyCalculator(settings.pkeys()));
    }

    /** Unused: {@link #program} writes whole tables. */
    @Override
    public List<Integer> pKeys(long nodeGuid, long portGuid, int portNumber) {
        return List.of(0xFFFF);
    }

    /** @return the settings */
    public PolicySettings settings() {
        return settings;
    }

    /** @return the error of the partitions file as last read, null when it was good or absent */
    synchronized String error() {
        return error;
    }

    /** @return the P_Key programmer (its counters, for tests) */
    PkeyProgrammer pkeys() {
        return pkeys;
    }

    /** @return the QoS programmer (its counters, for tests) */
    QosProgrammer qos() {
        return qos;
    }

    /**
     * Programs the P_Key tables and the enforcement of the switch ports facing end ports.
     *
     * @return the SMPs that failed
     */
    synchronized List<String> programPartitions(Smps smps, SweptFabric fabric, List<String> notes)
            throws InterruptedException {
        List<String> problems = new ArrayList<>();
        Load load = load();
        if (load.message != null) {
            notes.add(load.message);
        }
        if (load.program) {
            pkeys.program(smps, fabric, load.file, problems);
        } else {
            pkeys.programEmptyOnly(smps, fabric, problems);
        }
        return problems;
    }

    /**
     * Programs the SL2VL and VL arbitration tables and VLHighLimit, once the links' OperationalVLs are set.
     *
     * @return the SMPs that failed
     */
    synchronized List<String> programQos(Smps smps, SweptFabric fabric, RoutingResult routes, List<String> notes)
            throws InterruptedException {
        List<String> problems = new ArrayList<>();
        qos.program(smps, fabric, settings.qos(), routes, problems, notes);
        return problems;
    }

    /**
     * @return the multicast groups the partitions file in force makes (the default partition's IPoIB broadcast group
     *         alone without one), for the end ports of the last sweep
     */
    synchronized List<org.infiniscope.sm.partition.PrecreatedGroup> groups() {
        return org.infiniscope.sm.partition.PartitionGroups.of(lastGood, pkeys.lastPorts(), settings.qos().enabled());
    }

    private record Load(PartitionsFile file, boolean program, String message) {
    }

    /** Reads the partitions file when it changed; a bad one keeps the last good one in force. */
    private Load load() {
        String text;
        if (settings.partitions() == null) {
            text = null;
        } else {
            try {
                text = Files.readString(settings.partitions());
            } catch (NoSuchFileException e) {
                text = null;
            } catch (IOException e) {
                return bad(settings.partitions() + ": cannot be read: " + e.getMessage());
            }
        }
        if (text == null) {
            String was = lastText;
            lastText = null;
            lastGood = null;
            everGood = true;
            error = null;
            return new Load(null, true,
                    was != null
                            ? "partitions file " + settings.partitions() + " is gone: default partition only"
                            : null);
        }
        if (text.equals(lastText)) {
            return error == null ? new Load(lastGood, true, null) : new Load(lastGood, everGood, null);
        }
        lastText = text;
        try {
            PartitionsFile file = PartitionsFile.parse(text, settings.partitions().toString());
            for (String w : file.warnings()) {
                LOG.warn("partitions file: {}", w);
            }
            lastGood = file;
            everGood = true;
            error = null;
            return new Load(file, true, null);
        } catch (PartitionsException e) {
            return bad(e.getMessage());
        }
    }

    private Load bad(String message) {
        error = message;
        LOG.error("partitions file in error, the P_Key tables in force are kept: {}", message);
        // the last good file's tables stay; with none yet, only ports without any P_Key get the default partition
        return new Load(lastGood, everGood, "partitions file in error (tables kept): " + message);
    }
}
