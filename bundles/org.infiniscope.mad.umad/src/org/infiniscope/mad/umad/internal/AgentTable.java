package org.infiniscope.mad.umad.internal;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The kernel agents a channel registered. The first agent of a class and version sends its requests (the
 * kernel routes answers back to the sending agent); later agents only add unsolicited methods, because the
 * kernel refuses a method that another agent of the same class already receives.
 */
final class AgentTable {

    /** The size of libibumad's method mask: {@code long[16 / sizeof(long)]}, one bit per method 0..127. */
    static final long METHOD_MASK_BYTES = 16;

    /**
     * A registered agent.
     *
     * @param portId the umad port it lives on
     * @param agentId the kernel's agent ID
     * @param methods the unsolicited methods it receives
     * @param rmpp whether it was registered with an RMPP version, so that the kernel segments and reassembles
     */
    record Agent(int portId, int agentId, int mgmtClass, int classVersion, Set<Integer> methods, boolean rmpp) {
    }

    private final Map<Integer, List<Agent>> byClass = new HashMap<>();

    private static int key(int mgmtClass, int classVersion) {
        return (mgmtClass << 8) | classVersion;
    }

    /** @return the agent that sends MADs of this class and version, or {@code null} when none is registered */
    synchronized Agent sender(int mgmtClass, int classVersion) {
        List<Agent> agents = byClass.get(key(mgmtClass, classVersion));
        return agents == null ? null : agents.getFirst();
    }

    /** @return whether an agent of the class, of any version, was registered with RMPP */
    synchronized boolean rmpp(int mgmtClass) {
        return byClass.values().stream().flatMap(List::stream)
                .anyMatch(agent -> agent.mgmtClass() == mgmtClass && agent.rmpp());
    }

    /** @return whether an agent receives unsolicited requests (methods) */
    synchronized boolean unsolicited() {
        return byClass.values().stream().flatMap(List::stream).anyMatch(agent -> !agent.methods().isEmpty());
    }

    /** @return the methods no agent of the class receives yet; {@code null} when nothing needs registering */
    synchronized Set<Integer> missing(int mgmtClass, int classVersion, Set<Integer> methods) {
        List<Agent> agents = byClass.get(key(mgmtClass, classVersion));
        Set<Integer> needed = new TreeSet<>(methods);
        if (agents == null) {
            return needed;
        }
        agents.forEach(agent -> needed.removeAll(agent.methods()));
        return needed.isEmpty() ? null : needed;
    }

    synchronized void add(Agent agent) {
        byClass.computeIfAbsent(key(agent.mgmtClass(), agent.classVersion()), k -> new ArrayList<>()).add(agent);
    }

    /** @return every agent, and forgets them */
    synchronized List<Agent> removeAll() {
        List<Agent> all = byClass.values().stream().flatMap(List::stream).toList();
        byClass.clear();
        return all;
    }

    /** Writes the method bitmap libibumad takes: bit {@code m} of the 128 set for each method {@code m}. */
    static void writeMask(MemorySegment mask, Set<Integer> methods) {
        long[] words = new long[2];
        for (int method : methods) {
            if (method < 0 || method > 127) {
                throw new IllegalArgumentException("method " + method + " is outside 0..127");
            }
            words[method >>> 6] |= 1L << (method & 63);
        }
        mask.set(ValueLayout.JAVA_LONG, 0, words[0]);
        mask.set(ValueLayout.JAVA_LONG, 8, words[1]);
    }
}
