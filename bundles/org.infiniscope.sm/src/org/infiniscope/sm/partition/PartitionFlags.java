package org.infiniscope.sm.partition;

/**
 * How OpenSM 3.3.23 reads a flag's name: as any non-empty prefix of the flag's full name (its parser compares only
 * the letters written), tried in OpenSM's order, so {@code s} is {@code scope} and {@code m} is {@code mtu}.
 */
final class PartitionFlags {

    /** The group flags in the order OpenSM tries them. */
    static final String[] GROUP_FLAGS = {"mtu", "rate", "scope", "Q_Key", "TClass", "sl", "FlowLabel"};

    private PartitionFlags() {
    }

    /** @return the group flag {@code name} abbreviates, or null */
    static String groupFlag(String name) {
        for (String flag : GROUP_FLAGS) {
            if (prefix(name, flag)) {
                return flag;
            }
        }
        return null;
    }

    static boolean isIpoib(String name) {
        return groupFlag(name) == null && prefix(name, "ipoib");
    }

    static boolean isDefmember(String name) {
        return groupFlag(name) == null && !prefix(name, "ipoib") && prefix(name, "defmember");
    }

    /** @return the membership a {@code defmember=} flag gives, or null when it is none or has no valid value */
    static Membership defmember(Flag flag) {
        if (!isDefmember(flag.name()) || flag.value() == null) {
            return null;
        }
        return membership(flag.value(), null);
    }

    /**
     * @return the membership a word abbreviates ({@code full}, {@code both}, {@code limited}, in OpenSM's order), or
     *         {@code otherwise}
     */
    static Membership membership(String word, Membership otherwise) {
        if (prefix(word, "full")) {
            return Membership.FULL;
        }
        if (prefix(word, "both")) {
            return Membership.BOTH;
        }
        if (prefix(word, "limited")) {
            return Membership.LIMITED;
        }
        return otherwise;
    }

    /** @return whether {@code word} is the start of {@code full} (strncmp over the word's own length, as OpenSM) */
    static boolean prefix(String word, String full) {
        return full.startsWith(word);
    }
}
