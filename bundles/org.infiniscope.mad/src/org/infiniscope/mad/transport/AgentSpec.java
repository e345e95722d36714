package org.infiniscope.mad.transport;

import java.util.Set;

/**
 * What an agent receives: unsolicited MADs of one class and version with one of the given methods.
 *
 * @param mgmtClass the management class
 * @param classVersion its version
 * @param methods the request methods (Get, Set, Trap, GetTable...), not empty
 * @param rmpp whether the class uses RMPP
 */
public record AgentSpec(int mgmtClass, int classVersion, Set<Integer> methods, boolean rmpp) {

    /** Copies the methods and checks them. */
    public AgentSpec {
        methods = Set.copyOf(methods);
        if (methods.isEmpty()) {
            throw new IllegalArgumentException("an agent receives at least one method");
        }
        for (int method : methods) {
            if (method < 1 || method > 0x7F) {
                throw new IllegalArgumentException(
                        "method 0x" + Integer.toHexString(method) + " is not a request method");
            }
        }
    }

    /** @return whether a MAD with this class, version and method goes to the agent */
    public boolean accepts(int madClass, int madClassVersion, int method) {
        return madClass == mgmtClass && madClassVersion == classVersion && methods.contains(method);
    }
}
