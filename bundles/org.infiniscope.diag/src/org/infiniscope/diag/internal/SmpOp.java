package org.infiniscope.diag.internal;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** The operations of {@code smpquery}, with smpquery's names and aliases (matched without regard to case). */
enum SmpOp {

    NODE_INFO("NodeInfo", "NI", false, "node info"), // 0x11
    NODE_DESC("NodeDesc", "ND", false, "node desc"), // 0x10, after NodeInfo
    PORT_INFO("PortInfo", "PI", true, "port info"), // 0x15
    SWITCH_INFO("SwitchInfo", "SI", false, "switch info"), // 0x12
    PKEY_TABLE("PKeyTable", "PKeys", true, "pkey table"), // 0x16, block by block
    SL2VL_TABLE("SL2VLTable", "SL2VL", true, "slvl"), // 0x17, every input port of a switch
    VL_ARBITRATION("VLArbitration", "VLArb", true, "vl arb"), // 0x18, low then high priority
    GUID_INFO("GUIDInfo", "GI", false, "guid info"); // 0x14, block by block

    private final String name;
    private final String alias;
    private final boolean takesPort;
    private final String what;

    SmpOp(String name, String alias, boolean takesPort, String what) {
        this.name = name;
        this.alias = alias;
        this.takesPort = takesPort;
        this.what = what;
    }

    /** @return the operation a user typed, such as {@code nodeinfo}, {@code NI} or {@code PortInfo} */
    static Optional<SmpOp> parse(String typed) {
        return Arrays.stream(values()).filter(op -> op.name.equalsIgnoreCase(typed) || op.alias.equalsIgnoreCase(typed))
                .findFirst();
    }

    /** @return the operations as the usage lists them, e.g. {@code nodeinfo|ni} */
    static String choices() {
        return Arrays.stream(values()).map(SmpOp::choice).collect(Collectors.joining(", "));
    }

    String choice() {
        return name.toLowerCase(Locale.ROOT) + "|" + alias.toLowerCase(Locale.ROOT);
    }

    /** @return the lower-case name, as the JSON output names the operation */
    String id() {
        return name.toLowerCase(Locale.ROOT);
    }

    boolean takesPort() {
        return takesPort;
    }

    /** @return what the tools call the query in their messages, e.g. "node info" */
    String what() {
        return what;
    }
}
