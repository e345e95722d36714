package org.infiniscope.sm.partition;

import java.util.List;

/**
 * An {@code mgid=GID[,flag]*} line of a partition definition: a multicast group OpenSM creates in the partition.
 *
 * @param mgid the group's GID as written
 * @param flags its flags (rate, mtu, sl, scope, Q_Key, TClass, FlowLabel)
 * @param position where it stands
 */
public record MulticastGroup(String mgid, List<Flag> flags, Position position) {

    /** Copies the flags. */
    public MulticastGroup {
        flags = List.copyOf(flags);
    }

    /** @return the text of the line */
    public String text() {
        StringBuilder text = new StringBuilder("mgid=").append(mgid);
        flags.forEach(flag -> text.append(',').append(flag));
        return text.toString();
    }
}
