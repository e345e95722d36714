package org.infiniscope.sm.partition;

import java.util.List;

/**
 * One statement of {@code partitions.conf}, {@code Name=0xPKEY[,flag]*: members;}. Several statements with the same
 * P_Key make one partition (OpenSM merges them, keeping the first name).
 *
 * @param name the partition's name, or null when omitted
 * @param pkey the P_Key as written (bit 15 is ignored, as OpenSM ignores it), or null when omitted: OpenSM then takes
 *        the P_Key of an earlier partition of that name, else generates one
 * @param flags the header's flags in their order
 * @param members the port specifiers in their order
 * @param groups the {@code mgid=} lines
 * @param position the statement's text, from its first character to its {@code ;}
 */
public record PartitionDefinition(String name, Integer pkey, List<Flag> flags, List<Member> members,
        List<MulticastGroup> groups, Position position) {

    /** Copies the lists. */
    public PartitionDefinition {
        flags = List.copyOf(flags);
        members = List.copyOf(members);
        groups = List.copyOf(groups);
    }

    /** @return whether the header has {@code ipoib}: OpenSM creates the partition's IPoIB broadcast group */
    public boolean ipoib() {
        return flags.stream().anyMatch(f -> PartitionFlags.isIpoib(f.name()));
    }

    /** @return whether the header has {@code indx0}: the P_Key goes to index 0 of its members' tables */
    public boolean indx0() {
        return flags.stream().anyMatch(f -> f.name().equals("indx0"));
    }

    /** @return the membership of members written without one ({@code defmember}, limited when absent) */
    public Membership defaultMembership() {
        Membership membership = Membership.LIMITED;
        for (Flag flag : flags) {
            Membership given = PartitionFlags.defmember(flag);
            if (given != null) {
                membership = given;
            }
        }
        return membership;
    }

    /** @return the P_Key with the membership bit cleared, or 0 when omitted */
    public int basePkey() {
        return pkey == null ? 0 : pkey & 0x7fff;
    }

    /** @return the statement as one line of {@code partitions.conf} */
    public String text() {
        StringBuilder text = new StringBuilder();
        if (name != null) {
            text.append(name);
        }
        if (pkey != null) {
            text.append(name == null ? "" : "=").append(String.format("0x%04x", pkey));
        }
        flags.forEach(flag -> text.append(',').append(flag));
        text.append(':');
        String separator = " ";
        for (MulticastGroup group : groups) {
            text.append("\n    ").append(group.text());
            separator = "\n    ";
        }
        for (int i = 0; i < members.size(); i++) {
            text.append(i == 0 ? separator : ", ").append(members.get(i).text());
        }
        return text.append(" ;").toString();
    }
}
