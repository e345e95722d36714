package org.infiniscope.mad.smp;

import java.util.Arrays;

import org.infiniscope.mad.Mad;
import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.MadFormatException.Problem;

/**
 * A subnet management packet (IBA 14.2.1): LID-routed (class 0x01) or directed-route (class 0x81), in its
 * 256-byte wire form. Immutable: arrays are copied in and out. Code on a hot path reads attributes straight
 * from the MAD bytes with {@link #decodeAttribute(byte[], AttributeCodec)} and never builds an {@code Smp}.
 */
public final class Smp {

    /** The only class version of the SM classes. */
    public static final int CLASS_VERSION = 1;
    /** Directed routes have at most 63 hops (C14-6); path arrays have 64 entries, entry 0 unused. */
    public static final int MAX_HOPS = 63;
    /** Offset of the M_Key. */
    public static final int MKEY_OFFSET = 24;
    /** Offset of DrSLID (directed route only). */
    public static final int DR_SLID_OFFSET = 32;
    /** Offset of DrDLID (directed route only). */
    public static final int DR_DLID_OFFSET = 34;
    /** Offset of the 64 bytes of SMP data. */
    public static final int DATA_OFFSET = 64;
    /** Length of the SMP data. */
    public static final int DATA_LENGTH = 64;
    /** Offset of the InitialPath (directed route only). */
    public static final int INITIAL_PATH_OFFSET = 128;
    /** Offset of the ReturnPath (directed route only). */
    public static final int RETURN_PATH_OFFSET = 192;
    /** Length of each path. */
    public static final int PATH_LENGTH = 64;
    /** Offset of the hop pointer (the high byte of the class-specific field). */
    public static final int HOP_POINTER_OFFSET = 6;
    /** Offset of the hop count (the low byte of the class-specific field). */
    public static final int HOP_COUNT_OFFSET = 7;

    private final MadHeader header;
    private final long mKey;
    private final int drSlid;
    private final int drDlid;
    private final byte[] data;
    private final byte[] initialPath;
    private final byte[] returnPath;

    private Smp(MadHeader header, long mKey, int drSlid, int drDlid, byte[] data, byte[] initialPath,
            byte[] returnPath) {
        this.header = header;
        this.mKey = mKey;
        this.drSlid = drSlid;
        this.drDlid = drDlid;
        this.data = data;
        this.initialPath = initialPath;
        this.returnPath = returnPath;
    }

    /**
     * Builds an SMP from its parts; LID-routed SMPs must have zero DR fields and empty paths.
     *
     * @param data the SMP data, at most 64 bytes (zero-padded)
     * @param initialPath the InitialPath, at most 64 bytes (zero-padded)
     * @param returnPath the ReturnPath, at most 64 bytes (zero-padded)
     * @throws IllegalArgumentException if the header is not an SMP header, a hop field is out of range, or an
     *         array is too long
     */
    public static Smp of(MadHeader header, long mKey, int drSlid, int drDlid, byte[] data, byte[] initialPath,
            byte[] returnPath) {
        boolean dr = header.mgmtClass() == MgmtClass.SUBN_DIRECTED_ROUTE;
        if (!dr && header.mgmtClass() != MgmtClass.SUBN_LID_ROUTED) {
            throw new IllegalArgumentException("class " + MgmtClass.name(header.mgmtClass()) + " is not an SM class");
        }
        if (header.baseVersion() != MadHeader.BASE_VERSION || header.classVersion() != CLASS_VERSION) {
            throw new IllegalArgumentException("an SMP has base and class version 1");
        }
        if (dr) {
            int hopCount = header.classSpecific() & 0xFF;
            int hopPointer = header.classSpecific() >>> 8;
            if (hopCount > MAX_HOPS || hopPointer > hopCount + 1) {
                throw new IllegalArgumentException(
                        "hop pointer " + hopPointer + " / hop count " + hopCount + " out of range");
            }
        } else if (drSlid != 0 || drDlid != 0 || initialPath.length != 0 || returnPath.length != 0) {
            throw new IllegalArgumentException("a LID-routed SMP has no DrSLID, DrDLID or paths");
        }
        if ((drSlid & ~0xFFFF) != 0 || (drDlid & ~0xFFFF) != 0) {
            throw new IllegalArgumentException("DrSLID/DrDLID are 16 bits");
        }
        return new Smp(header, mKey, drSlid, drDlid, padded(data, "data"), padded(initialPath, "InitialPath"),
                padded(returnPath, "ReturnPath"));
    }

    private static byte[] padded(byte[] bytes, String what) {
        if (bytes.length > 64) {
            throw new IllegalArgumentException(what + " has " + bytes.length + " bytes, at most 64");
        }
        return Arrays.copyOf(bytes, 64);
    }

    /**
     * A LID-routed SMP request.
     *
     * @param data the attribute bytes, at most 64
     */
    public static Smp lidRouted(int method, long transactionId, int attributeId, int attributeModifier, long mKey,
            byte[] data) {
        MadHeader header = new MadHeader(MadHeader.BASE_VERSION, MgmtClass.SUBN_LID_ROUTED, CLASS_VERSION, method, 0, 0,
                transactionId, attributeId, attributeModifier);
        return of(header, mKey, 0, 0, data, new byte[0], new byte[0]);
    }

    /**
     * A directed-route SMP request from the SM's own node (DrSLID and DrDLID permissive, hop pointer 0).
     *
     * @param outPorts the port to leave by at each hop: entry {@code i} becomes InitialPath[i + 1]; its length is
     *        the hop count
     * @param data the attribute bytes, at most 64
     */
    public static Smp directedRoute(int method, long transactionId, int attributeId, int attributeModifier, long mKey,
            int[] outPorts, byte[] data) {
        if (outPorts.length > MAX_HOPS) {
            throw new IllegalArgumentException(outPorts.length + " hops, at most " + MAX_HOPS);
        }
        byte[] path = new byte[PATH_LENGTH];
        for (int i = 0; i < outPorts.length; i++) {
            if (outPorts[i] < 0 || outPorts[i] > 0xFF) {
                throw new IllegalArgumentException("port " + outPorts[i] + " at hop " + (i + 1));
            }
            path[i + 1] = (byte) outPorts[i];
        }
        MadHeader header = new MadHeader(MadHeader.BASE_VERSION, MgmtClass.SUBN_DIRECTED_ROUTE, CLASS_VERSION, method,
                0, outPorts.length, transactionId, attributeId, attributeModifier);
        return of(header, mKey, Mad.PERMISSIVE_LID, Mad.PERMISSIVE_LID, data, path, new byte[0]);
    }

    /**
     * Decodes and validates the SMP at the start of {@code mad}.
     *
     * @throws MadFormatException if the bytes are too short, not version 1, not an SM class, or carry a bad hop
     *         count or hop pointer
     */
    public static Smp decode(byte[] mad) throws MadFormatException {
        MadHeader header = validate(mad);
        boolean dr = header.mgmtClass() == MgmtClass.SUBN_DIRECTED_ROUTE;
        return new Smp(header, Bits.u64(mad, MKEY_OFFSET), dr ? Bits.u16(mad, DR_SLID_OFFSET) : 0,
                dr ? Bits.u16(mad, DR_DLID_OFFSET) : 0, Arrays.copyOfRange(mad, DATA_OFFSET, DATA_OFFSET + DATA_LENGTH),
                dr
                        ? Arrays.copyOfRange(mad, INITIAL_PATH_OFFSET, INITIAL_PATH_OFFSET + PATH_LENGTH)
                        : new byte[PATH_LENGTH],
                dr
                        ? Arrays.copyOfRange(mad, RETURN_PATH_OFFSET, RETURN_PATH_OFFSET + PATH_LENGTH)
                        : new byte[PATH_LENGTH]);
    }

    /**
     * Checks the parts of the MAD every SMP consumer relies on.
     *
     * @return the common header
     * @throws MadFormatException as {@link #decode}
     */
    public static MadHeader validate(byte[] mad) throws MadFormatException {
        check(mad);
        return MadHeader.decode(mad, 0);
    }

    /** {@link #validate} without allocating: the hot path of agents, the SM and the directed-route rules. */
    static void check(byte[] mad) throws MadFormatException {
        Bits.require(mad, 0, Mad.SIZE, "SMP");
        int base = Bits.u8(mad, 0);
        if (base != MadHeader.BASE_VERSION) {
            throw new MadFormatException(Problem.BAD_BASE_VERSION, 0, "BaseVersion " + base + ", expected 1");
        }
        int mgmtClass = Bits.u8(mad, 1);
        if (!MgmtClass.isSubnetManagement(mgmtClass)) {
            throw new MadFormatException(Problem.BAD_CLASS, 1,
                    "MgmtClass 0x" + Integer.toHexString(mgmtClass) + " is not 0x01 or 0x81");
        }
        int classVersion = Bits.u8(mad, 2);
        if (classVersion != CLASS_VERSION) {
            throw new MadFormatException(Problem.BAD_CLASS_VERSION, 2, "ClassVersion " + classVersion + ", expected 1");
        }
        if (mgmtClass == MgmtClass.SUBN_DIRECTED_ROUTE) {
            int hopCount = Bits.u8(mad, HOP_COUNT_OFFSET);
            int hopPointer = Bits.u8(mad, HOP_POINTER_OFFSET);
            if (hopCount > MAX_HOPS) {
                throw new MadFormatException(Problem.BAD_HOP_COUNT, HOP_COUNT_OFFSET,
                        "HopCount " + hopCount + ", at most " + MAX_HOPS);
            }
            if (hopPointer > hopCount + 1) {
                throw new MadFormatException(Problem.BAD_HOP_POINTER, HOP_POINTER_OFFSET,
                        "HopPointer " + hopPointer + " beyond HopCount + 1 = " + (hopCount + 1));
            }
        }
    }

    /**
     * Decodes the attribute in an SMP's data without building an {@code Smp}: the hot path of agents and the SM.
     *
     * @throws MadFormatException if the MAD is not a valid SMP, carries another attribute, or the attribute is
     *         malformed
     */
    public static <T> T decodeAttribute(byte[] mad, AttributeCodec<T> codec) throws MadFormatException {
        check(mad);
        checkAttribute(Bits.u16(mad, 16), codec);
        return codec.decode(mad, DATA_OFFSET);
    }

    private static void checkAttribute(int attributeId, AttributeCodec<?> codec) throws MadFormatException {
        if (attributeId != codec.attributeId()) {
            throw new MadFormatException(Problem.BAD_ATTRIBUTE, 16, "AttributeID 0x" + Integer.toHexString(attributeId)
                    + ", expected 0x" + Integer.toHexString(codec.attributeId()));
        }
    }

    /** Writes the 256-byte wire form at {@code offset}; reserved bytes are zeroed. */
    public void encode(byte[] mad, int offset) {
        Arrays.fill(mad, offset, offset + Mad.SIZE, (byte) 0);
        header.encode(mad, offset);
        Bits.put64(mad, offset + MKEY_OFFSET, mKey);
        System.arraycopy(data, 0, mad, offset + DATA_OFFSET, DATA_LENGTH);
        if (isDirectedRoute()) {
            Bits.put16(mad, offset + DR_SLID_OFFSET, drSlid);
            Bits.put16(mad, offset + DR_DLID_OFFSET, drDlid);
            System.arraycopy(initialPath, 0, mad, offset + INITIAL_PATH_OFFSET, PATH_LENGTH);
            System.arraycopy(returnPath, 0, mad, offset + RETURN_PATH_OFFSET, PATH_LENGTH);
        }
    }

    /** @return a new 256-byte array holding the wire form */
    public byte[] encode() {
        byte[] mad = new byte[Mad.SIZE];
        encode(mad, 0);
        return mad;
    }

    /**
     * @return this SMP with the attribute encoded into its data (the attribute ID is set from the codec)
     */
    public <T> Smp withAttribute(AttributeCodec<T> codec, T value) {
        byte[] bytes = new byte[DATA_LENGTH];
        codec.encode(value, bytes, 0);
        MadHeader h = new MadHeader(header.baseVersion(), header.mgmtClass(), header.classVersion(), header.method(),
                header.status(), header.classSpecific(), header.transactionId(), codec.attributeId(),
                header.attributeModifier());
        return new Smp(h, mKey, drSlid, drDlid, bytes, initialPath, returnPath);
    }

    /** @return the attribute in the data, decoded with {@code codec} */
    public <T> T attribute(AttributeCodec<T> codec) throws MadFormatException {
        checkAttribute(header.attributeId(), codec);
        return codec.decode(data, 0);
    }

    /**
     * The answer an SMA gives: GetResp with the status and data; a directed-route answer gets the D bit and keeps
     * the hop pointer, hop count, DrSLID, DrDLID and both paths, which the return trip needs.
     */
    public Smp response(int status, byte[] responseData) {
        int fullStatus = (status & ~MadStatus.DIRECTION) | (isDirectedRoute() ? MadStatus.DIRECTION : 0);
        MadHeader h = new MadHeader(header.baseVersion(), header.mgmtClass(), header.classVersion(), Method.GET_RESP,
                fullStatus, header.classSpecific(), header.transactionId(), header.attributeId(),
                header.attributeModifier());
        return new Smp(h, mKey, drSlid, drDlid, padded(responseData, "data"), initialPath, returnPath);
    }

    /** @return the common header (status with the D bit as on the wire) */
    public MadHeader header() {
        return header;
    }

    /** @return whether it is class 0x81 */
    public boolean isDirectedRoute() {
        return header.mgmtClass() == MgmtClass.SUBN_DIRECTED_ROUTE;
    }

    /** @return the status without the D bit (for directed-route SMPs bit 15 is the direction) */
    public int status() {
        return isDirectedRoute() ? header.status() & ~MadStatus.DIRECTION : header.status();
    }

    /** @return whether the D bit is set: a directed-route SMP on its way back */
    public boolean isReturning() {
        return isDirectedRoute() && (header.status() & MadStatus.DIRECTION) != 0;
    }

    /** @return the hop pointer; 0 for LID-routed SMPs */
    public int hopPointer() {
        return isDirectedRoute() ? header.classSpecific() >>> 8 : 0;
    }

    /** @return the hop count; 0 for LID-routed SMPs */
    public int hopCount() {
        return isDirectedRoute() ? header.classSpecific() & 0xFF : 0;
    }

    /** @return the M_Key (a secret: never log it) */
    public long mKey() {
        return mKey;
    }

    /** @return DrSLID; 0 for LID-routed SMPs */
    public int drSlid() {
        return drSlid;
    }

    /** @return DrDLID; 0 for LID-routed SMPs */
    public int drDlid() {
        return drDlid;
    }

    /** @return a copy of the 64 bytes of SMP data */
    public byte[] data() {
        return data.clone();
    }

    /** Copies the 64 bytes of SMP data into {@code dst} at {@code offset}, without allocating. */
    public void copyData(byte[] dst, int offset) {
        System.arraycopy(data, 0, dst, offset, DATA_LENGTH);
    }

    /** Copies the 64-byte InitialPath into {@code dst} at {@code offset}, without allocating. */
    public void copyInitialPath(byte[] dst, int offset) {
        System.arraycopy(initialPath, 0, dst, offset, PATH_LENGTH);
    }

    /** Copies the 64-byte ReturnPath into {@code dst} at {@code offset}, without allocating. */
    public void copyReturnPath(byte[] dst, int offset) {
        System.arraycopy(returnPath, 0, dst, offset, PATH_LENGTH);
    }

    /** @return a copy of the 64-byte InitialPath (entry 0 unused) */
    public byte[] initialPath() {
        return initialPath.clone();
    }

    /** @return a copy of the 64-byte ReturnPath (entry 0 unused) */
    public byte[] returnPath() {
        return returnPath.clone();
    }

    /** @return InitialPath[hop], 0 to 255 */
    public int initialPathPort(int hop) {
        return initialPath[hop] & 0xFF;
    }

    /** @return ReturnPath[hop], 0 to 255 */
    public int returnPathPort(int hop) {
        return returnPath[hop] & 0xFF;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Smp other && header.equals(other.header) && mKey == other.mKey && drSlid == other.drSlid
                && drDlid == other.drDlid && Arrays.equals(data, other.data)
                && Arrays.equals(initialPath, other.initialPath) && Arrays.equals(returnPath, other.returnPath);
    }

    @Override
    public int hashCode() {
        return header.hashCode() * 31 + Arrays.hashCode(data);
    }

    /** The M_Key is a secret: it is not in the text. */
    @Override
    public String toString() {
        return isDirectedRoute()
                ? "Smp[" + header + " hop " + hopPointer() + "/" + hopCount() + " drslid " + drSlid + " drdlid "
                        + drDlid + "]"
                : "Smp[" + header + "]";
    }
}
