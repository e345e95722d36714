package org.infiniscope.sm.internal.partition;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.infiniscope.sm.partition.Flag;
import org.infiniscope.sm.partition.MulticastGroup;
import org.infiniscope.sm.partition.Partition;
import org.infiniscope.sm.partition.PartitionDefinition;
import org.infiniscope.sm.partition.PartitionPort;
import org.infiniscope.sm.partition.PartitionsFile;
import org.infiniscope.sm.partition.PrecreatedGroup;

/**
 * The multicast groups OpenSM 3.3.23 creates from a partitions file (osm_prtn_config.c, read to learn the rules):
 * each statement with {@code ipoib} creates its partition's IPv4 broadcast group, each {@code mgid=} line its group,
 * with the statement's flags (mtu 4, rate 3, sl 0, link-local scope unless given; the SL forced to 0 when QoS is
 * off) and the line's own; an IP group's P_Key bytes are set to the partition's, and its rate and MTU must equal
 * the statement's, else it is skipped; one group per scope given. The first group of an MGID wins. Groups of a
 * partition left without members go with it.
 */
public final class GroupPrecreation {

    private static final long IPOIB_QKEY = 0x0b1b;
    private static final int DEFAULT_SCOPE = 2;

    private GroupPrecreation() {
    }

    private static final class Flags {
        long mtu = 4;
        long rate = 3;
        int sl;
        int scopeMask;
        long qkey;
        long tclass;
        int flowLabel;

        Flags copyForGroup() {
            Flags copy = new Flags();
            copy.mtu = mtu;
            copy.rate = rate;
            copy.sl = sl;
            copy.scopeMask = scopeMask;
            copy.qkey = qkey;
            copy.flowLabel = flowLabel; // OpenSM does not pass the statement's TClass on to mgid= lines
            return copy;
        }
    }

    /**
     * @param file the partitions file, or null when there is none (or it is in error): the default partition's
     *        broadcast group alone
     * @param ports the fabric's end ports (a partition with none of its members among them is dropped, its groups too)
     * @param qos whether OpenSM's {@code qos} is on (else partition SLs are 0)
     */
    public static List<PrecreatedGroup> groups(PartitionsFile file, Collection<PartitionPort> ports, boolean qos) {
        Set<Integer> alive = new HashSet<>(PartitionMembers.of(file, ports, false).pkeys());
        Map<String, PrecreatedGroup> groups = new LinkedHashMap<>();
        if (file == null) {
            create(groups, broadcast(Partition.DEFAULT_PKEY), new Flags(), Partition.DEFAULT_PKEY, IPOIB_QKEY);
        } else {
            Map<PartitionDefinition, Integer> pkeys = new IdentityHashMap<>();
            for (Partition partition : file.partitions()) {
                partition.definitions().forEach(d -> pkeys.put(d, partition.pkey()));
            }
            for (PartitionDefinition definition : file.definitions()) {
                Integer pkey = pkeys.get(definition);
                if (pkey == null || !alive.contains(pkey)) {
                    continue;
                }
                statement(groups, definition, pkey, qos);
            }
        }
        return List.copyOf(groups.values());
    }

    private static void statement(Map<String, PrecreatedGroup> groups, PartitionDefinition definition, int pkey,
            boolean qos) {
        Flags flags = new Flags();
        definition.flags().forEach(flag -> apply(flags, flag));
        if (!qos) {
            flags.sl = 0;
        }
        if (definition.ipoib()) {
            create(groups, broadcast(pkey), flags, pkey, flags.qkey != 0 ? flags.qkey : IPOIB_QKEY);
        }
        for (MulticastGroup line : definition.groups()) {
            byte[] mgid = mgid(line.mgid());
            if (mgid == null || (mgid[0] & 0xff) != 0xff) {
                continue; // OpenSM: "gid is not multicast", skipped
            }
            Flags own = flags.copyForGroup();
            line.flags().forEach(flag -> apply(own, flag));
            long qkey = own.qkey;
            if (isIp(mgid)) {
                int mgidPkey = (mgid[4] & 0xff) << 8 | (mgid[5] & 0xff);
                boolean pkeyOk = java.util.Arrays.equals(mgid, broadcast(0x7fff)) || mgidPkey == 0
                        || mgidPkey == (pkey | 0x8000);
                if (!pkeyOk || own.rate != flags.rate || own.mtu != flags.mtu) {
                    continue; // OpenSM logs the mismatch and skips the group
                }
                mgid[4] = (byte) ((pkey | 0x8000) >> 8);
                mgid[5] = (byte) pkey;
                if (qkey == 0) {
                    qkey = IPOIB_QKEY;
                }
            }
            if (groups.containsKey(java.util.HexFormat.of().formatHex(mgid))) {
                continue;
            }
            create(groups, mgid, own, pkey, qkey);
        }
    }

    private static void create(Map<String, PrecreatedGroup> groups, byte[] mgid, Flags flags, int pkey, long qkey) {
        List<Integer> scopes = new ArrayList<>();
        for (int scope = 0; scope < 16; scope++) {
            if ((flags.scopeMask & (1 << scope)) != 0) {
                scopes.add(scope);
            }
        }
        if (scopes.isEmpty()) {
            scopes.add(DEFAULT_SCOPE);
        }
        for (int scope : scopes) {
            byte[] scoped = mgid.clone();
            scoped[1] = (byte) ((scoped[1] & 0xf0) | scope);
            groups.putIfAbsent(java.util.HexFormat.of().formatHex(scoped),
                    new PrecreatedGroup(scoped, pkey | 0x8000, (int) (flags.mtu & 0xff), (int) (flags.rate & 0xff),
                            flags.sl, scope, qkey & 0xffffffffL, (int) (flags.tclass & 0xff), flags.flowLabel));
        }
    }

    /** The IPv4 broadcast MGID ff12:401b:PKEY::ffff:ffff. */
    static byte[] broadcast(int pkey) {
        byte[] mgid = new byte[16];
        mgid[0] = (byte) 0xff;
        mgid[1] = 0x12;
        mgid[2] = 0x40;
        mgid[3] = 0x1b;
        mgid[4] = (byte) ((pkey | 0x8000) >> 8);
        mgid[5] = (byte) pkey;
        for (int i = 12; i < 16; i++) {
            mgid[i] = (byte) 0xff;
        }
        return mgid;
    }

    private static boolean isIp(byte[] mgid) {
        int signature = (mgid[2] & 0xff) << 8 | (mgid[3] & 0xff);
        return signature == 0x401b || signature == 0x601b;
    }

    private static byte[] mgid(String text) {
        if (text.isEmpty() || !text.matches("[0-9A-Fa-f:.]+") || !text.contains(":")) {
            return null;
        }
        try {
            java.net.InetAddress address = java.net.InetAddress.getByName(text);
            return address instanceof java.net.Inet6Address ? address.getAddress() : null;
        } catch (java.net.UnknownHostException e) {
            return null;
        }
    }

    /** One group flag as OpenSM's parse_group_flag applies it, numbers read as C's strtoul reads their start. */
    private static void apply(Flags flags, Flag flag) {
        String which = groupFlag(flag.name());
        String value = flag.value();
        if (which == null || value == null) {
            return;
        }
        long number = leadingNumber(value);
        boolean whole = value.matches("(?:0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)\\s*");
        switch (which) {
            case "mtu" -> flags.mtu = number;
            case "rate" -> flags.rate = number;
            case "scope" -> {
                if (number != 0 && number <= 15) {
                    flags.scopeMask |= 1 << number;
                }
            }
            case "Q_Key" -> flags.qkey = number;
            case "TClass" -> flags.tclass = number;
            case "sl" -> {
                if (whole && number <= 15) {
                    flags.sl = (int) number;
                }
            }
            default -> { // FlowLabel
                if (whole && number <= 0xfffff) {
                    flags.flowLabel = (int) number;
                }
            }
        }
    }

    private static String groupFlag(String name) {
        for (String flag : new String[]{"mtu", "rate", "scope", "Q_Key", "TClass", "sl", "FlowLabel"}) {
            if (!name.isEmpty() && flag.startsWith(name)) {
                return flag;
            }
        }
        return null;
    }

    /** The number a text starts with (0x hex, 0 octal, decimal), 0 when none, as strtoul with base 0. */
    static long leadingNumber(String text) {
        int radix = 10;
        int i = 0;
        if (text.startsWith("0x") || text.startsWith("0X")) {
            radix = 16;
            i = 2;
        } else if (text.startsWith("0")) {
            radix = 8;
        }
        long value = 0;
        for (; i < text.length(); i++) {
            int digit = Character.digit(text.charAt(i), radix);
            if (digit < 0) {
                break;
            }
            value = value * radix + digit;
            if (value > 0xffffffffL) {
                return 0xffffffffL;
            }
        }
        return value;
    }
}
