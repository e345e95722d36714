package org.infiniscope.sm.partition;

/** A node's type as NodeInfo gives it. */
public enum NodeType {
    /** Channel adapter (NodeType 1). */
    CA,
    /** Switch (NodeType 2). */
    SWITCH,
    /** Router (NodeType 3). */
    ROUTER
}
