package org.infiniscope.examples.vendor.internal;

/**
 * The Example Fabrics vendor class: class 0x30 (the first of the classes 0x30–0x4F, which carry the vendor's OUI),
 * class version 1, OUI 0x00005E. That OUI is IANA's, whose documentation values RFC 7042 sets aside: a sample must
 * not claim a real vendor's. Data starts at byte 40 of the MAD (216 bytes), big-endian.
 * <p>
 * Attributes:
 * <ul>
 * <li>{@link #BOARD_INFO} 0x0010, modifier 0: the board's name (64 bytes of ASCII, NUL padded, at data offset 0),
 * node GUID (u64 at 64), port count (u8 at 72), and the vendor MADs the board answered so far (u64 at 80).</li>
 * <li>{@link #PORT_HEALTH} 0x0011, modifier = port number: the port (u8 at 0), vendor MADs the node received
 * (u64 at 8) and PortHealth reads of this port (u64 at 16).</li>
 * </ul>
 * Status 0x000C answers an unknown attribute, 0x001C a port the board does not have, 0x0008 a method other than Get.
 */
final class ExampleClass {

    /** The vendor class. */
    static final int MGMT_CLASS = 0x30;
    /** The class version. */
    static final int CLASS_VERSION = 1;
    /** The OUI the MADs carry (IANA's, for documentation: RFC 7042). */
    static final int OUI = 0x00005E;
    /** BoardInfo's attribute ID. */
    static final int BOARD_INFO = 0x0010;
    /** PortHealth's attribute ID. */
    static final int PORT_HEALTH = 0x0011;
    /** Status: the attribute or its modifier is not supported. */
    static final int UNSUPPORTED_ATTRIBUTE = 0x000C;
    /** Status: an attribute modifier value that is not valid. */
    static final int INVALID_MODIFIER = 0x001C;
    /** Status: the method is not supported. */
    static final int UNSUPPORTED_METHOD = 0x0008;

    private ExampleClass() {
    }
}
