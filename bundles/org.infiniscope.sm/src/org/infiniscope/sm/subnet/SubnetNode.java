package org.infiniscope.sm.subnet;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.SwitchInfo;

/**
 * A node as the SM configured it.
 *
 * @param info its NodeInfo (as read through the port the SM reached it by)
 * @param description its NodeDescription
 * @param switchInfo a switch's SwitchInfo as last read or set, else null
 * @param ports its ports in number order: every port of a switch, port 0 included; the ports of a CA or router the SM
 *        reached
 * @param route the directed route the SM reaches it by (empty: the SM's own node)
 */
public record SubnetNode(NodeInfo info, String description, SwitchInfo switchInfo, List<SubnetPort> ports,
        List<Integer> route) {

    /** Copies the lists. */
    public SubnetNode {
        Objects.requireNonNull(info, "info");
        Objects.requireNonNull(description, "description");
        ports = List.copyOf(ports);
        route = List.copyOf(route);
    }

    /** @return the node GUID */
    public long guid() {
        return info.nodeGuid();
    }

    /** @return whether it is a switch */
    public boolean isSwitch() {
        return info.nodeType() == NodeInfo.TYPE_SWITCH;
    }

    /** @return the port with this number */
    public Optional<SubnetPort> port(int number) {
        for (SubnetPort p : ports) {
            if (p.number() == number) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }
}
