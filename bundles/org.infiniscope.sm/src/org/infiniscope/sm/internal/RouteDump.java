package org.infiniscope.sm.internal;

import java.util.Optional;

import org.infiniscope.sm.routing.RoutingGraph;
import org.infiniscope.sm.routing.RoutingResult;
import org.infiniscope.sm.subnet.Subnet;
import org.infiniscope.sm.subnet.SubnetNode;

/** The unicast routes the SM programmed, switch by switch, in ibroute's format. */
final class RouteDump {

    private RouteDump() {
    }

    static String dump(Subnet subnet) {
        StringBuilder out = new StringBuilder();
        RoutingGraph g = subnet.graph();
        RoutingResult r = subnet.routing();
        for (int s = 0; s < g.switchCount(); s++) {
            Optional<SubnetNode> node = subnet.node(g.switchGuid(s));
            if (node.isEmpty()) {
                continue;
            }
            dump(out, subnet, node.get(), r, s, g.maxLid());
        }
        return out.toString();
    }

    static void dump(StringBuilder out, Subnet subnet, SubnetNode sw, RoutingResult r, int s, int top) {
        int lid = sw.port(0).map(p -> p.info().lid()).orElse(0);
        out.append(String.format("Unicast lids [0x%x-0x%x] of switch Lid %d guid 0x%016x (%s):\n", 0, top, lid,
                sw.guid(), sw.description()));
        out.append("  Lid  Out   Destination\n");
        out.append("       Port     Info \n");
        int n = 0;
        for (int l = 0; l <= top; l++) {
            int port = r.port(s, l);
            if (port > sw.info().numPorts()) {
                continue;
            }
            out.append(String.format("0x%04x %03d %s\n", l, port, destination(subnet, l)));
            n++;
        }
        out.append(n).append(" valid lids dumped \n");
    }

    private static String destination(Subnet subnet, int lid) {
        return subnet.byLid(lid).map(ref -> {
            int base = ref.port().info().lid();
            int paths = 1 << ref.port().info().lmc();
            if (paths > 1) {
                return String.format(": (path #%d out of %d: portguid 0x%016x)", lid - base + 1, paths,
                        ref.port().guid());
            }
            return String.format(": (%s portguid 0x%016x: '%s')", ref.node().info().nodeTypeName(), ref.port().guid(),
                    ref.node().description());
        }).orElse(": (unknown node and type)");
    }
}
