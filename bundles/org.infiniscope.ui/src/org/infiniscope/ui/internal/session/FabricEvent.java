package org.infiniscope.ui.internal.session;

import java.time.Instant;

import org.infiniscope.ui.fabric.FabricRef;

/**
 * One line of the events view: something that happened to the fabric or the connection.
 *
 * @param time when it was seen
 * @param severity how bad it is
 * @param kind a short kind ("link down", "node added", "counter", "connection")
 * @param text what happened, in words
 * @param element what it is about (double-click selects it), or null
 */
public record FabricEvent(Instant time, Severity severity, String kind, String text, FabricRef element) {

    /** How bad an event is. */
    public enum Severity {
        /** Something worth knowing. */
        INFO,
        /** Something an operator should look at. */
        WARNING,
        /** Something broke. */
        ERROR
    }
}
