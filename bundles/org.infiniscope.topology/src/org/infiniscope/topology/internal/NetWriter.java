package org.infiniscope.topology.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.infiniscope.topology.Link;
import org.infiniscope.topology.NetFile;
import org.infiniscope.topology.Node;
import org.infiniscope.topology.NodeType;
import org.infiniscope.topology.PortRef;
import org.infiniscope.topology.Topology;

/**
 * Writes ibsim's net format: every node with its GUID line, each cable on both ends' records (ibsim wants both),
 * a link's own masks as {@code w=}/{@code s=}/{@code e=} on both ends, and the descriptions, LIDs and
 * {@code do} commands of a {@link NetFile}. {@link NetParser} reads it back to an equal file.
 */
public final class NetWriter {

    private NetWriter() {
    }

    /** Writes the file. */
    public static void write(NetFile file, Appendable out) throws IOException {
        Topology t = file.topology();
        out.append("# written by Infiniscope: ").append(String.valueOf(t.nodes().size())).append(" nodes, ")
                .append(String.valueOf(t.links().size())).append(" links\n");
        // always written: an included file's reader may have changed them before us
        out.append("width=").append(String.valueOf(t.defaultWidth())).append('\n');
        out.append("speed=").append(String.valueOf(t.defaultSpeed())).append('\n');
        out.append("extspeed=").append(String.valueOf(t.defaultExtSpeed())).append('\n');
        Map<String, List<End>> ends = ends(t);
        int deviceId = 0;
        for (Node node : t.nodes()) {
            out.append('\n');
            if (node.deviceId() != deviceId) {
                // ibsim keeps devid= for every later node, so it is written only when it changes
                out.append("devid=0x").append(Integer.toHexString(node.deviceId())).append('\n');
                deviceId = node.deviceId();
            }
            if (node.vendorId() != 0) {
                out.append("vendid=0x").append(Integer.toHexString(node.vendorId())).append('\n');
            }
            if (node.systemImageGuid() != 0) {
                out.append("sysimgguid=0x").append(Long.toHexString(node.systemImageGuid())).append('\n');
            }
            out.append(guidKey(node.type())).append("=0x").append(Long.toHexString(node.nodeGuid())).append('\n');
            out.append(keyword(node.type())).append('\t').append(String.valueOf(node.portCount())).append(" \"")
                    .append(node.name()).append('"');
            headerComment(file, node, out);
            out.append('\n');
            for (End e : ends.getOrDefault(node.name(), List.of())) {
                out.append('[').append(String.valueOf(e.port)).append("]\t\"").append(e.peer).append("\"[")
                        .append(String.valueOf(e.peerPort)).append(']');
                options(e.link, out);
                Integer lid = file.lids().get(new PortRef(node.name(), e.port));
                if (lid != null && node.type() == NodeType.CA) {
                    out.append("\t# lid ").append(String.valueOf(lid)).append(" lmc 0");
                }
                out.append('\n');
            }
        }
        if (!file.consoleCommands().isEmpty()) {
            out.append('\n');
            for (String command : file.consoleCommands()) {
                out.append("do ").append(command).append('\n');
            }
        }
    }

    private static void headerComment(NetFile file, Node node, Appendable out) throws IOException {
        String description = file.descriptions().get(node.name());
        Integer lid = node.isSwitch() ? file.lids().get(new PortRef(node.name(), 0)) : null;
        boolean esp0 = node.isSwitch() && file.enhancedPort0().contains(node.name());
        if (description == null && lid == null && !esp0) {
            return;
        }
        out.append("\t# \"").append(description != null ? description : node.name()).append('"');
        if (esp0) {
            out.append(" enhanced port 0");
        }
        if (lid != null) {
            out.append(" lid ").append(String.valueOf(lid)).append(" lmc 0");
        }
    }

    private static void options(Link link, Appendable out) throws IOException {
        if (link.width() != 0) {
            out.append("\tw=").append(String.valueOf(link.width()));
        }
        if (link.speed() != 0) {
            out.append("\ts=").append(String.valueOf(link.speed()));
        }
        if (link.extSpeed() != 0) {
            out.append("\te=").append(String.valueOf(link.extSpeed()));
        }
    }

    static String keyword(NodeType type) {
        return switch (type) {
            case SWITCH -> "Switch";
            case CA -> "Hca";
            case ROUTER -> "Rt";
        };
    }

    private static String guidKey(NodeType type) {
        return switch (type) {
            case SWITCH -> "switchguid";
            case CA -> "caguid";
            case ROUTER -> "rtguid";
        };
    }

    /** One end of a cable as its node's record lists it. */
    record End(int port, String peer, int peerPort, Link link) {
    }

    /** @return each node's cabled ports, by port number */
    static Map<String, List<End>> ends(Topology t) {
        Map<String, List<End>> ends = new java.util.HashMap<>();
        for (Link l : t.links()) {
            ends.computeIfAbsent(l.a(), k -> new ArrayList<>()).add(new End(l.portA(), l.b(), l.portB(), l));
            ends.computeIfAbsent(l.b(), k -> new ArrayList<>()).add(new End(l.portB(), l.a(), l.portA(), l));
        }
        ends.values().forEach(list -> list.sort(java.util.Comparator.comparingInt(End::port)));
        return ends;
    }
}
