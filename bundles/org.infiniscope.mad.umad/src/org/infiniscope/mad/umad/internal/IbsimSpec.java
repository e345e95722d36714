package org.infiniscope.mad.umad.internal;

import java.util.Map;

import org.infiniscope.mad.umad.UmadException;
import org.infiniscope.mad.umad.UmadException.Reason;

/**
 * A parsed {@code ibsim:SOCKET[@NODE]}: libibumad through umad2sim to an ibsim-protocol server. umad2sim reads
 * its settings from the environment when the process starts, so this JVM can only check that it was started with
 * the right ones; the launcher sets them.
 *
 * @param socket the server's socket name ({@code IBSIM_SOCKNAME})
 * @param node the node to attach to ({@code SIM_HOST}), or {@code null} for the server's default (its first node)
 */
record IbsimSpec(String socket, String node) {

    /** The library that turns libibumad calls into ibsim's client protocol. */
    static final String PRELOAD_LIBRARY = "libumad2sim";
    private static final String SYNTAX = "expected 'ibsim:SOCKET' or 'ibsim:SOCKET@NODE' (e.g. ibsim:lab@h00002)";

    static IbsimSpec parse(String spec) throws UmadException {
        if (spec == null || !spec.startsWith("ibsim:")) {
            throw new UmadException(Reason.BAD_SPEC, "bad fabric '" + spec + "': " + SYNTAX);
        }
        String rest = spec.substring("ibsim:".length());
        int at = rest.indexOf('@');
        String socket = at < 0 ? rest : rest.substring(0, at);
        String node = at < 0 ? null : rest.substring(at + 1);
        if (socket.isEmpty() || !socket.chars().allMatch(c -> c > 0x20 && c < 0x7F && c != '@')) {
            throw new UmadException(Reason.BAD_SPEC,
                    "bad socket name '" + socket + "' in '" + spec + "': printable ASCII, no blanks; " + SYNTAX);
        }
        if (node != null && (node.isEmpty() || node.indexOf('@') >= 0)) {
            throw new UmadException(Reason.BAD_SPEC, "bad node '" + node + "' in '" + spec + "': " + SYNTAX);
        }
        return new IbsimSpec(socket, node);
    }

    /**
     * Checks that this process runs under umad2sim, attached to this socket (and node, when one is named).
     *
     * @param environment the process environment
     * @throws UmadException naming the variable that is missing or different, and how to set them all
     */
    void checkEnvironment(Map<String, String> environment) throws UmadException {
        String preload = environment.getOrDefault("LD_PRELOAD", "");
        String advice = ": run it through ./infiniscope, which sets LD_PRELOAD, IBSIM_SOCKNAME and SIM_HOST"
                + " for fabric " + this;
        if (!preload.contains(PRELOAD_LIBRARY)) {
            throw new UmadException(Reason.LIBRARY_MISSING,
                    "this JVM does not run under umad2sim (LD_PRELOAD has no " + PRELOAD_LIBRARY + ")" + advice);
        }
        String socketName = environment.get("IBSIM_SOCKNAME");
        if (!socket.equals(socketName)) {
            throw new UmadException(Reason.BAD_SPEC,
                    "this JVM is attached to ibsim socket "
                            + (socketName == null ? "(none: IBSIM_SOCKNAME is not set)" : "'" + socketName + "'")
                            + ", not '" + socket + "'" + advice);
        }
        String simHost = environment.get("SIM_HOST");
        if (node != null && !node.equals(simHost)) {
            throw new UmadException(Reason.BAD_SPEC,
                    "this JVM is attached to node "
                            + (simHost == null ? "(the default: SIM_HOST is not set)" : "'" + simHost + "'") + ", not '"
                            + node + "'" + advice);
        }
    }

    @Override
    public String toString() {
        return "ibsim:" + socket + (node == null ? "" : "@" + node);
    }
}
