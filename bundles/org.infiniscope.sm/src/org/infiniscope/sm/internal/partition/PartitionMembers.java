package org.infiniscope.sm.internal.partition;

import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.infiniscope.sm.partition.Member;
import org.infiniscope.sm.partition.Membership;
import org.infiniscope.sm.partition.NodeType;
import org.infiniscope.sm.partition.Partition;
import org.infiniscope.sm.partition.PartitionDefinition;
import org.infiniscope.sm.partition.PartitionPort;
import org.infiniscope.sm.partition.PartitionsFile;

/**
 * Who is a full and who a limited member of each partition, as OpenSM 3.3.23's partition manager fills its
 * per-partition tables: the default partition first (every port limited, the SM's port full; every port full when
 * there is no usable file), then the file's statements in order, a later statement overriding an earlier one for
 * the same port; members the fabric lacks are skipped; a partition left empty is dropped. It also records the
 * {@code indx0} P_Key of each port, which the table layout needs.
 */
final class PartitionMembers {

    /** One partition's members, by port GUID. */
    static final class Tables {
        final int pkey;
        final Map<Long, PartitionPort> full = new LinkedHashMap<>();
        final Map<Long, PartitionPort> limited = new LinkedHashMap<>();

        Tables(int pkey) {
            this.pkey = pkey;
        }
    }

    /** The partitions by OpenSM's map key (the P_Key's bytes as a little-endian host reads them). */
    final Map<Integer, Tables> partitions = new TreeMap<>();
    /** Each port's {@code indx0} P_Key with its membership bit, by port GUID; absent when none. */
    final Map<Long, Integer> indx0 = new LinkedHashMap<>();

    private final Map<Long, PartitionPort> ports = new TreeMap<>();
    private final boolean allowBoth;
    private final long smPortGuid;

    private PartitionMembers(Collection<PartitionPort> ports, boolean allowBoth) {
        ports.forEach(p -> this.ports.put(p.portGuid(), p));
        this.allowBoth = allowBoth;
        this.smPortGuid = ports.stream().filter(PartitionPort::smPort).mapToLong(PartitionPort::portGuid).findFirst()
                .orElse(0);
    }

    /**
     * @param file the partitions file, or null when there is none (or it is in error): only the default partition,
     *        every port a full member
     */
    static PartitionMembers of(PartitionsFile file, Collection<PartitionPort> ports, boolean allowBoth) {
        PartitionMembers members = new PartitionMembers(ports, allowBoth);
        members.makeDefault(file == null);
        if (file != null) {
            Map<PartitionDefinition, Integer> pkeys = new IdentityHashMap<>();
            for (Partition partition : file.partitions()) {
                partition.definitions().forEach(d -> pkeys.put(d, partition.pkey()));
            }
            for (PartitionDefinition definition : file.definitions()) {
                Integer pkey = pkeys.get(definition);
                if (pkey != null) {
                    members.apply(definition, members.table(pkey));
                }
            }
        }
        members.partitions.values().removeIf(t -> t.full.isEmpty() && t.limited.isEmpty());
        return members;
    }

    /** @return the partitions' P_Keys in OpenSM's order */
    List<Integer> pkeys() {
        return partitions.values().stream().map(t -> t.pkey).toList();
    }

    private Tables table(int pkey) {
        return partitions.computeIfAbsent(Integer.reverseBytes(pkey) >>> 16, k -> new Tables(pkey));
    }

    private void makeDefault(boolean noConfig) {
        Tables tables = table(Partition.DEFAULT_PKEY);
        addAll(tables, null, noConfig, false);
        tables.limited.remove(smPortGuid);
        addPort(tables, smPortGuid, true, false);
    }

    private void apply(PartitionDefinition definition, Tables tables) {
        boolean indx0 = definition.indx0();
        for (Member member : definition.members()) {
            Membership membership = Partition.membershipOf(definition, member);
            NodeType type = switch (member.kind()) {
                case ALL_CAS -> NodeType.CA;
                case ALL_SWITCHES -> NodeType.SWITCH;
                case ALL_ROUTERS -> NodeType.ROUTER;
                default -> null;
            };
            boolean all = member.kind() == Member.Kind.ALL || type != null;
            long guid = member.kind() == Member.Kind.SELF ? smPortGuid : member.guid();
            changeMembership(tables, all, type, guid, membership);
            boolean full = membership != Membership.LIMITED;
            boolean limited = membership == Membership.LIMITED || (membership == Membership.BOTH && allowBoth);
            if (all) {
                if (full) {
                    addAll(tables, type, true, indx0);
                }
                if (limited) {
                    addAll(tables, type, false, indx0);
                }
            } else {
                if (full) {
                    addPort(tables, guid, true, indx0);
                }
                if (limited) {
                    addPort(tables, guid, false, indx0);
                }
            }
        }
    }

    /** With allow_both_pkeys, a full (limited) membership clears an earlier limited (full) one of the same ports. */
    private void changeMembership(Tables tables, boolean all, NodeType type, long guid, Membership membership) {
        if (!allowBoth || membership == Membership.BOTH) {
            return;
        }
        Map<Long, PartitionPort> other = membership == Membership.LIMITED ? tables.full : tables.limited;
        if (!all) {
            other.remove(guid);
        } else if (type == null) {
            other.clear();
        } else {
            other.values().removeIf(p -> p.nodeType() == type);
        }
    }

    private void addAll(Tables tables, NodeType type, boolean full, boolean indx0) {
        for (PartitionPort port : new ArrayList<>(ports.values())) {
            if (type == null || port.nodeType() == type) {
                addPort(tables, port.portGuid(), full, indx0);
            }
        }
    }

    private void addPort(Tables tables, long guid, boolean full, boolean atIndex0) {
        PartitionPort port = ports.get(guid);
        if (port == null) {
            return; // OpenSM: "port not found", a member the fabric lacks
        }
        if (atIndex0) {
            indx0.put(guid, full ? tables.pkey | 0x8000 : tables.pkey);
        } else if (indx0.containsKey(guid) && (indx0.get(guid) & 0x7fff) == tables.pkey) {
            indx0.remove(guid);
        }
        Map<Long, PartitionPort> table = full ? tables.full : tables.limited;
        if (allowBoth) {
            table.remove(guid);
        } else {
            tables.full.remove(guid);
            tables.limited.remove(guid);
        }
        table.put(guid, port);
    }
}
