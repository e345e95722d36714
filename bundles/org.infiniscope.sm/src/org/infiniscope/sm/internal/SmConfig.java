package org.infiniscope.sm.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.AttributeType;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** The SM service's configuration (PID {@code org.infiniscope.sm}), OpenSM's options where it has them. */
@ObjectClassDefinition(name = "Infiniscope subnet manager", description = "The SM of the headless runtime")
public @interface SmConfig {

    /** The PID. */
    String PID = "org.infiniscope.sm";

    @AttributeDefinition(description = "auto: run on the embedded simulator in the headless runtime, never on umad; "
            + "true: run on the fabric; false: never run")
    String enabled() default "auto";

    @AttributeDefinition(description = "The fabric (--fabric syntax); empty: the runtime's infiniscope.fabric, else sim")
    String fabric() default "";

    @AttributeDefinition(description = "Routing engines tried in order, comma separated (OpenSM's routing_engine)")
    String routing_engine() default "minhop";

    @AttributeDefinition(description = "SMInfo priority 0..15 (OpenSM's sm_priority)", min = "0", max = "15")
    int sm_priority() default 0;

    @AttributeDefinition(description = "SM_Key, hexadecimal (never logged)", type = AttributeType.PASSWORD)
    String sm_key() default "0";

    @AttributeDefinition(description = "M_Key set in every port and carried by every SMP, hexadecimal; 0: none "
            + "(never logged)", type = AttributeType.PASSWORD)
    String m_key() default "0";

    @AttributeDefinition(description = "M_KeyLeasePeriod in seconds (OpenSM's m_key_lease_period)")
    int m_key_lease_period() default 0;

    @AttributeDefinition(description = "M_KeyProtectBits 0..3 when an M_Key is set (OpenSM's m_key_protection_level)")
    int m_key_protection_level() default 1;

    @AttributeDefinition(description = "LMC of CA ports 0..7 (OpenSM's lmc)", min = "0", max = "7")
    int lmc() default 0;

    @AttributeDefinition(description = "The guid2lid file; empty: sm/guid2lid in the runtime's state folder")
    String guid2lid_file() default "";

    @AttributeDefinition(description = "Seconds between light sweeps; 0: none (OpenSM's sweep_interval)")
    int sweep_interval() default 10;

    @AttributeDefinition(description = "The subnet prefix, hexadecimal (OpenSM's subnet_prefix)")
    String subnet_prefix() default "0xfe80000000000000";

    @AttributeDefinition(description = "Milliseconds between a standby's polls of the master (sminfo_polling_timeout)")
    int sminfo_polling_timeout() default 10000;

    @AttributeDefinition(description = "Polls without answer before a standby takes over (polling_retry_number)")
    int polling_retry_number() default 4;

    @AttributeDefinition(description = "SMPs in flight")
    int max_wire_smps() default 16;

    @AttributeDefinition(description = "Time-out of each SMP attempt, milliseconds (transaction_timeout)")
    int transaction_timeout() default 500;

    @AttributeDefinition(description = "Retries of each SMP (transaction_retries)")
    int transaction_retries() default 3;

    @AttributeDefinition(description = "OpenSM's partitions.conf; empty: sm/partitions.conf in the runtime's state "
            + "folder when it exists, else the default partition alone (partition_config_file)")
    String partition_config_file() default "";

    @AttributeDefinition(description = "A port may be a full and a limited member of one partition")
    boolean allow_both_pkeys() default false;

    @AttributeDefinition(description = "A P_Key keeps its index in a port's table across sweeps")
    boolean keep_pkey_indexes() default true;

    @AttributeDefinition(description = "Partition enforcement of switch ports facing end ports: both, in, out, off")
    String part_enforce() default "both";

    @AttributeDefinition(description = "Program SL2VL and VL arbitration tables (OpenSM's qos)")
    boolean qos() default false;

    @AttributeDefinition(description = "An opensm.conf whose qos_* options shape the QoS tables; empty: OpenSM's "
            + "defaults")
    String qos_config_file() default "";

    @AttributeDefinition(description = "Seconds each routing engine of the chain but the last (min-hop) has before it "
            + "is interrupted and the next one tried; 0: no limit")
    int routing_time_limit() default 120;
}
