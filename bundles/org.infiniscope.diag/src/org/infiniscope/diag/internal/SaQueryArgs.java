package org.infiniscope.diag.internal;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.infiniscope.console.UsageException;
import org.infiniscope.mad.Gid;
import org.infiniscope.mad.transport.MadRequest;

/**
 * {@code saquery}'s command line, read as infiniband-diags 44 reads it: options pick a command or a record type, the
 * first word may name a record type (by name or alias, in any case), and what follows is the query's argument. A first
 * word that names no record type is a NodeRecord argument, as the tool takes it.
 *
 * @param fabric {@code --fabric}, or {@code null}
 * @param timeout how long to wait for each attempt
 * @param json whether to print JSON
 * @param command what to do
 * @param type the record type of a {@link Command#QUERY}
 * @param nodePrint how {@link Command#NODES} prints the NodeRecords it selects
 * @param arguments the words after the record type
 * @param source {@code --src-to-dst}'s or {@code --slid}'s source (a name or LID), or {@code null}
 * @param destination {@code --src-to-dst}'s or {@code --dlid}'s destination, or {@code null}
 * @param numbPath PathRecord NumbPath to ask for, -1 for none
 * @param gids {@code --sgid}/{@code --sgid-to-dgid}'s SGID and DGID (PathRecord), {@code --gid}'s PortGID and
 *        {@code --mgid}'s MGID (MCMemberRecord); null where not given
 * @param mlid {@code --mlid} (MCMemberRecord), 0 when not given
 * @param nodeNameMap the {@code --node-name-map} file, or null
 * @param smKey {@code --smkey}: the SM_Key of the queries, 0 (untrusted) when not given
 */
record SaQueryArgs(String fabric, Duration timeout, boolean json, Command command, Type type, NodePrint nodePrint,
        List<String> arguments, String source, String destination, int numbPath, Gids gids, int mlid,
        String nodeNameMap, long smKey) {

    /** The GIDs given as options, null where not given. */
    record Gids(Gid sgid, Gid dgid, Gid portGid, Gid mgid) {
        static final Gids NONE = new Gids(null, null, null, null);
    }

    /** What saquery does. */
    enum Command {
        /** Query a record type ({@link #type}). */
        QUERY,
        /** {@code -N}, {@code -D}, {@code -L}, {@code -l}, {@code -G}, {@code -O}, {@code -U}: print NodeRecords. */
        NODES,
        /** {@code -s}: the ports with IsSM, then those with IsSMdisabled. */
        ISSM,
        /** {@code -g}: the multicast groups. */
        MCGROUPS,
        /** {@code -m}: the multicast group members, with their node names. */
        MCMEMBERS,
        /** {@code -c}: the SA's ClassPortInfo. */
        CLASS_PORT_INFO
    }

    /** The record types this tool queries, with saquery's names and aliases. */
    enum Type {
        CPI("ClassPortInfo"),
        NR("NodeRecord"),
        PIR("PortInfoRecord"),
        LR("LinkRecord"),
        PR("PathRecord"),
        MCMR("MCMemberRecord"),
        SR("ServiceRecord"),
        SWIR("SwitchInfoRecord"),
        SMIR("SMInfoRecord"),
        SL2VL("SL2VLTableRecord"),
        PKTR("PKeyTableRecord"),
        VLAR("VLArbitrationTableRecord"),
        IIR("InformInfoRecord"),
        LFTR("LFTRecord"),
        MFTR("MFTRecord"),
        GIR("GUIDInfoRecord");

        final String fullName;

        Type(String fullName) {
            this.fullName = fullName;
        }
    }

    /** How NodeRecords print under the node options. */
    enum NodePrint {
        /** The whole dump ({@code -N}). */
        ALL,
        /** {@code -L}: the LIDs of the name. */
        LID_ONLY,
        /** {@code -l}: the first LID of the name. */
        UNIQUE_LID_ONLY,
        /** {@code -G}: the port GUIDs of the name. */
        GUID_ONLY,
        /** {@code -D}: the CAs' LIDs and descriptions. */
        ALL_DESC,
        /** {@code -O}: the name of a LID. */
        NAME_OF_LID,
        /** {@code -U}: the name of a port GUID. */
        NAME_OF_GUID
    }

    /** Copies the arguments. */
    SaQueryArgs {
        arguments = List.copyOf(arguments);
    }

    /** @return the record type of a name or alias, in any case */
    static Optional<Type> type(String word) {
        for (Type type : Type.values()) {
            if (type.name().equalsIgnoreCase(word) || type.fullName.equalsIgnoreCase(word)) {
                return Optional.of(type);
            }
        }
        return Optional.empty();
    }

    /** @return the names this tool takes, for messages */
    static String typeNames() {
        StringBuilder names = new StringBuilder();
        for (Type type : Type.values()) {
            names.append(names.isEmpty() ? "" : ", ").append(type.name());
        }
        return names.toString();
    }

    static SaQueryArgs parse(List<String> args) throws UsageException {
        String fabric = null;
        Duration timeout = MadRequest.DEFAULT_TIMEOUT;
        boolean json = false;
        Command command = Command.QUERY;
        Type type = null;
        NodePrint print = NodePrint.ALL;
        String source = null;
        String destination = null;
        int numbPath = -1;
        Gid sgid = null;
        Gid dgid = null;
        Gid portGid = null;
        Gid mgid = null;
        int mlid = 0;
        String nodeNameMap = null;
        long smKey = 0;
        List<String> words = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            switch (arg) {
                case "--fabric" -> fabric = SmpQueryArgs.value(args, ++i, arg);
                case "-t", "--timeout" -> timeout = SmpQueryArgs.timeout(SmpQueryArgs.value(args, ++i, arg));
                case "--json" -> json = true;
                case "-p" -> type = Type.PR;
                case "-x" -> type = Type.LR;
                case "-S" -> type = Type.SR;
                case "-I" -> type = Type.IIR;
                case "-c" -> command = Command.CLASS_PORT_INFO;
                case "--node-name-map" -> nodeNameMap = SmpQueryArgs.value(args, ++i, arg);
                // saquery prompts for a key that is no number; a one-shot tool takes it on the command line only
                case "--smkey" -> smKey = PortStateArgs.key(SmpQueryArgs.value(args, ++i, arg), "SM_Key (--smkey)");
                case "--sgid-to-dgid" -> {
                    String pair = SmpQueryArgs.value(args, ++i, arg);
                    int dash = pair.indexOf('-');
                    if (dash < 0) {
                        throw new UsageException("--sgid-to-dgid takes SGID-DGID (IPv6 form), got '" + pair + "'");
                    }
                    sgid = gid(pair.substring(0, dash), arg);
                    dgid = gid(pair.substring(dash + 1), arg);
                    numbPath = 0x7F;
                    type = Type.PR;
                }
                case "--sgid" -> sgid = gid(SmpQueryArgs.value(args, ++i, arg), arg);
                case "--dgid" -> dgid = gid(SmpQueryArgs.value(args, ++i, arg), arg);
                case "--gid" -> portGid = gid(SmpQueryArgs.value(args, ++i, arg), arg);
                case "--mgid" -> mgid = gid(SmpQueryArgs.value(args, ++i, arg), arg);
                case "--mlid" -> mlid = SmpQueryArgs.number(SmpQueryArgs.value(args, ++i, arg), arg, 0, 0xFFFF);
                case "-N" -> command = Command.NODES;
                case "-D", "--list" -> {
                    command = Command.NODES;
                    print = NodePrint.ALL_DESC;
                }
                case "-L" -> {
                    command = Command.NODES;
                    print = NodePrint.LID_ONLY;
                }
                case "-l" -> {
                    command = Command.NODES;
                    print = NodePrint.UNIQUE_LID_ONLY;
                }
                case "-G" -> {
                    command = Command.NODES;
                    print = NodePrint.GUID_ONLY;
                }
                case "-O" -> {
                    command = Command.NODES;
                    print = NodePrint.NAME_OF_LID;
                }
                case "-U" -> {
                    command = Command.NODES;
                    print = NodePrint.NAME_OF_GUID;
                }
                case "-s" -> command = Command.ISSM;
                case "-g" -> command = Command.MCGROUPS;
                case "-m" -> command = Command.MCMEMBERS;
                case "--src-to-dst" -> {
                    String pair = SmpQueryArgs.value(args, ++i, arg);
                    int colon = pair.indexOf(':');
                    if (colon < 0) {
                        throw new UsageException("--src-to-dst takes SRC:DST (node names or LIDs), got '" + pair + "'");
                    }
                    source = pair.substring(0, colon);
                    destination = pair.substring(colon + 1);
                    numbPath = 0x7F;
                    type = Type.PR;
                }
                case "--slid" -> source = lid(SmpQueryArgs.value(args, ++i, arg), arg);
                case "--dlid" -> destination = lid(SmpQueryArgs.value(args, ++i, arg), arg);
                case "-n", "--numb_path" ->
                    numbPath = SmpQueryArgs.number(SmpQueryArgs.value(args, ++i, arg), "NumbPath (-n)", 0, 0x7F);
                default -> {
                    if (arg.startsWith("--fabric=")) {
                        fabric = arg.substring("--fabric=".length());
                    } else if (arg.startsWith("--node-name-map=")) {
                        nodeNameMap = arg.substring("--node-name-map=".length());
                    } else if (arg.startsWith("-") && arg.length() > 1) {
                        throw new UsageException("unknown option '" + arg + "'");
                    } else {
                        words.add(arg);
                    }
                }
            }
        }
        if (type == null && command == Command.QUERY) {
            Optional<Type> named = words.isEmpty() ? Optional.empty() : type(words.get(0));
            if (named.isPresent()) {
                type = named.get();
                words.remove(0);
            } else {
                type = Type.NR;
            }
        }
        if (command == Command.NODES && words.isEmpty()) {
            switch (print) {
                case LID_ONLY, UNIQUE_LID_ONLY, GUID_ONLY -> throw new UsageException("ERROR: name not specified");
                case NAME_OF_LID -> throw new UsageException("ERROR: lid not specified");
                case NAME_OF_GUID -> throw new UsageException("ERROR: guid not specified");
                default -> {
                }
            }
        }
        if (type == Type.PR && words.size() >= 2 && source == null && destination == null) {
            // an addition of ours: Debian's saquery ignores words after PR and dumps every path
            source = words.get(0);
            destination = words.get(1);
            numbPath = numbPath < 0 ? 0x7F : numbPath;
            words = words.subList(2, words.size());
        }
        if (command == Command.QUERY && !words.isEmpty()
                && (type == Type.PR || type == Type.MCMR || type == Type.SR || type == Type.CPI)) {
            throw new UsageException(type == Type.PR
                    ? "PR takes SLID DLID, --src-to-dst SRC:DST or --slid/--dlid, got '" + words.get(0) + "' alone"
                    : type.name() + " takes no argument, got '" + words.get(0) + "'");
        }
        int most = command == Command.QUERY && type == Type.LR ? 2 : 1;
        if (words.size() > most) {
            throw new UsageException("unexpected argument '" + words.get(most) + "'");
        }
        return new SaQueryArgs(fabric, timeout, json, command, type, print, words, source, destination, numbPath,
                new Gids(sgid, dgid, portGid, mgid), mlid, nodeNameMap, smKey);
    }

    /** @return the GID of an IPv6 address in text form, as inet_pton(AF_INET6) reads it */
    static Gid gid(String text, String option) throws UsageException {
        byte[] bytes;
        try {
            // a literal only: never a host name to look up
            InetAddress address = Inet6Address.ofLiteral(text);
            bytes = address.getAddress();
        } catch (IllegalArgumentException e) {
            throw new UsageException(
                    option + " takes a GID in IPv6 form such as fe80::8:f104:399:3c91, got '" + text + "'");
        }
        if (bytes.length == 4) { // an IPv4-mapped address comes back as IPv4
            bytes = new byte[]{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (byte) 0xFF, (byte) 0xFF, bytes[0], bytes[1], bytes[2],
                    bytes[3]};
        }
        return Gid.read(bytes, 0);
    }

    /** @return the LID as typed, {@code null} for 0 (which saquery takes as "not given") */
    private static String lid(String text, String option) throws UsageException {
        return SmpQueryArgs.number(text, option, 0, 0xFFFF) == 0 ? null : text;
    }

    /** @return the argument, or {@code null} */
    String argument(int index) {
        return index < arguments.size() ? arguments.get(index) : null;
    }

    @Override
    public String toString() {
        return "saquery " + command.name().toLowerCase(Locale.ROOT) + " " + type + " " + arguments;
    }
}
