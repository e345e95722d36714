package org.infiniscope.sm.internal;

import java.nio.file.Path;
import java.time.Duration;

import org.infiniscope.sm.partition.PkeyOptions;
import org.infiniscope.sm.partition.QosOptions;

/**
 * What the SM programs beyond routes: the partitions file and OpenSM's P_Key options, and the QoS options.
 *
 * @param partitions the partitions file (OpenSM's {@code partition_config_file}); null or absent: the default
 *        partition alone, every port a full member
 * @param pkeys {@code allow_both_pkeys}, {@code keep_pkey_indexes}, {@code part_enforce}
 * @param qos the {@code qos} and {@code qos_*} options; {@link QosOptions#enabled()} false: SL2VL and VLArb untouched
 * @param routingTimeLimit the time each routing engine of the chain but the last (min-hop) has before it is
 *        interrupted and the next one tried; zero: no limit
 */
public record PolicySettings(Path partitions, PkeyOptions pkeys, QosOptions qos, Duration routingTimeLimit) {

    /** The routing time limit by default. */
    public static final Duration DEFAULT_ROUTING_TIME_LIMIT = Duration.ofSeconds(120);

    /** OpenSM's defaults otherwise. */
    public PolicySettings(Path partitions, PkeyOptions pkeys, QosOptions qos) {
        this(partitions, pkeys, qos, DEFAULT_ROUTING_TIME_LIMIT);
    }

    /** @return these settings with another routing time limit */
    public PolicySettings withRoutingTimeLimit(Duration limit) {
        return new PolicySettings(partitions, pkeys, qos, limit);
    }

    /** No QoS (OpenSM's {@code qos FALSE}). */
    public static final QosOptions NO_QOS = noQos();

    /** @return OpenSM's defaults with this partitions file */
    public static PolicySettings defaults(Path partitions) {
        return new PolicySettings(partitions, PkeyOptions.DEFAULTS, NO_QOS);
    }

    private static QosOptions noQos() {
        try {
            return QosOptions.parse("", "defaults");
        } catch (org.infiniscope.sm.partition.PartitionsException e) {
            throw new IllegalStateException(e);
        }
    }
}
