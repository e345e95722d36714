package org.infiniscope.sm.partition;

import java.util.Collection;
import java.util.List;

import org.infiniscope.sm.internal.partition.GroupPrecreation;

/**
 * The multicast groups a partitions file makes OpenSM 3.3.23 create before anyone joins, with the parameters it gives
 * them. OpenSM creates each through its SA's MCMemberRecord rules, which the SA here must apply in turn: with
 * {@code ipoib_mcgroup_creation_validation} (on by default) an IP group other than a broadcast group needs its
 * partition's broadcast group of the same scope. A file whose partition gives {@code scope=} values other than
 * link-local had OpenSM 3.3.23 on ibsim refuse that partition's other IP groups that way (ERR 1B1B): they are listed
 * here, absent there. Without {@code scope=} every group listed was created (GroupPrecreationTest).
 */
public final class PartitionGroups {

    private PartitionGroups() {
    }

    /**
     * @param file the partitions file, or null when there is none or it is in error (the default partition's IPoIB
     *        broadcast group alone, as OpenSM then creates it)
     * @param ports the fabric's end ports: a partition none of whose members is there is dropped with its groups
     * @param qos whether QoS is on (when off, OpenSM gives partitions and their groups SL 0)
     * @return the groups in the order OpenSM creates them
     */
    public static List<PrecreatedGroup> of(PartitionsFile file, Collection<PartitionPort> ports, boolean qos) {
        return GroupPrecreation.groups(file, ports, qos);
    }
}
