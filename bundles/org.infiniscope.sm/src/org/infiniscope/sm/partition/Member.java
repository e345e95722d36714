package org.infiniscope.sm.partition;

/**
 * One port specifier of a partition definition: a keyword or a port GUID, with the membership it was given.
 *
 * @param kind what it names
 * @param guid the port GUID when {@code kind} is {@link Kind#GUID}, else 0
 * @param membership the membership written after {@code =}, or null for the definition's {@code defmember}
 * @param position where it stands in its file
 */
public record Member(Kind kind, long guid, Membership membership, Position position) {

    /** What a member names. */
    public enum Kind {
        /** Every end port. */
        ALL,
        /** Every channel adapter end port. */
        ALL_CAS,
        /** Every switch's port 0. */
        ALL_SWITCHES,
        /** Every router end port. */
        ALL_ROUTERS,
        /** The SM's own port. */
        SELF,
        /** One port, by GUID. */
        GUID
    }

    /** A member written by a program rather than read from a file. */
    public static Member of(Kind kind, long guid, Membership membership) {
        return new Member(kind, guid, membership, Position.NONE);
    }

    /** @return the text {@code partitions.conf} spells it with */
    public String text() {
        String name = kind == Kind.GUID ? String.format("0x%016x", guid) : kind.name();
        return membership == null ? name : name + "=" + membership.word();
    }

    /** @return whether it names the same ports as {@code other} (membership aside) */
    public boolean sameTarget(Member other) {
        return kind == other.kind && guid == other.guid;
    }
}
