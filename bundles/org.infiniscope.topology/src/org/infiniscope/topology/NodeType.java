package org.infiniscope.topology;

/** The kinds of InfiniBand nodes (NodeInfo.NodeType 1–3). */
public enum NodeType {
    /** A channel adapter (an HCA or TCA): NodeType 1. */
    CA(1),
    /** A switch: NodeType 2. Its port 0 is the management port. */
    SWITCH(2),
    /** A router: NodeType 3. */
    ROUTER(3);

    private final int code;

    NodeType(int code) {
        this.code = code;
    }

    /** @return the NodeInfo.NodeType value */
    public int code() {
        return code;
    }
}
