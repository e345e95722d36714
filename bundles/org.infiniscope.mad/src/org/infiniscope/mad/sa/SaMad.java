package org.infiniscope.mad.sa;

import java.util.Arrays;
import java.util.Objects;

import org.infiniscope.mad.Mad;
import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.MadFormatException.Problem;

/**
 * One 256-byte SA MAD (class 0x03, version 2): common header, SA header and 200 bytes of data. A table
 * that spans several MADs is reassembled by RMPP first (see {@link SaTable}).
 */
public final class SaMad {

    /** The SA class version. */
    public static final int CLASS_VERSION = 2;
    /** Where the data starts. */
    public static final int DATA_OFFSET = 56;
    /** The data bytes of one MAD. */
    public static final int DATA_LENGTH = Mad.SIZE - DATA_OFFSET;

    private final MadHeader header;
    private final SaHeader saHeader;
    private final byte[] data;

    /**
     * @param header the common header; class SubnAdm, version 2
     * @param saHeader the SA header
     * @param data at most 200 bytes (fewer are padded with zeros)
     */
    public SaMad(MadHeader header, SaHeader saHeader, byte[] data) {
        this.header = Objects.requireNonNull(header, "header");
        this.saHeader = Objects.requireNonNull(saHeader, "saHeader");
        if (header.mgmtClass() != MgmtClass.SUBN_ADM || header.classVersion() != CLASS_VERSION) {
            throw new IllegalArgumentException("not an SA v2 header: " + header);
        }
        if (data.length > DATA_LENGTH) {
            throw new IllegalArgumentException(data.length + " data bytes do not fit the 200 of an SA MAD");
        }
        this.data = Arrays.copyOf(data, DATA_LENGTH);
    }

    /**
     * @return a MAD carrying one record, with the codec's attribute ID; AttributeOffset stays as the SA header
     *         gives it (requests leave it 0, as saquery does; {@link SaTable} sets it in tables)
     */
    public static <T> SaMad of(long transactionId, int method, SaHeader saHeader, AttributeCodec<T> codec, T record) {
        byte[] data = new byte[DATA_LENGTH];
        codec.encode(record, data, 0);
        MadHeader header = new MadHeader(MadHeader.BASE_VERSION, MgmtClass.SUBN_ADM, CLASS_VERSION, method, 0, 0,
                transactionId, codec.attributeId(), 0);
        return new SaMad(header, saHeader, data);
    }

    /**
     * @throws MadFormatException when fewer than 256 bytes are there, or the MAD is not SA version 2
     */
    public static SaMad decode(byte[] mad, int offset) throws MadFormatException {
        Bits.require(mad, offset, Mad.SIZE, "SA MAD");
        MadHeader header = MadHeader.decode(mad, offset);
        if (header.mgmtClass() != MgmtClass.SUBN_ADM) {
            throw new MadFormatException(Problem.BAD_CLASS, offset + 1,
                    "MgmtClass " + MgmtClass.name(header.mgmtClass()) + ", expected SubnAdm");
        }
        if (header.classVersion() != CLASS_VERSION) {
            throw new MadFormatException(Problem.BAD_CLASS_VERSION, offset + 2,
                    "ClassVersion " + header.classVersion() + ", expected 2");
        }
        return new SaMad(header, SaHeader.decode(mad, offset),
                Arrays.copyOfRange(mad, offset + DATA_OFFSET, offset + Mad.SIZE));
    }

    /** @return the 256 bytes */
    public byte[] encode() {
        byte[] mad = new byte[Mad.SIZE];
        header.encode(mad, 0);
        saHeader.encode(mad, 0);
        System.arraycopy(data, 0, mad, DATA_OFFSET, DATA_LENGTH);
        return mad;
    }

    public MadHeader header() {
        return header;
    }

    public SaHeader saHeader() {
        return saHeader;
    }

    /** @return a copy of the 200 data bytes */
    public byte[] data() {
        return data.clone();
    }

    /** @return the SA status code of the MAD status ({@link SaStatus}) */
    public int saStatus() {
        return SaStatus.code(header.status());
    }

    /**
     * @return the record at the start of the data
     * @throws MadFormatException when the attribute is not the codec's, or the record is malformed
     */
    public <T> T record(AttributeCodec<T> codec) throws MadFormatException {
        if (header.attributeId() != codec.attributeId()) {
            throw new MadFormatException(Problem.BAD_ATTRIBUTE, 16,
                    String.format("AttributeID 0x%04x, expected 0x%04x", header.attributeId(), codec.attributeId()));
        }
        return codec.decode(data, 0);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof SaMad that && header.equals(that.header) && saHeader.equals(that.saHeader)
                && Arrays.equals(data, that.data);
    }

    @Override
    public int hashCode() {
        return Objects.hash(header, saHeader, Arrays.hashCode(data));
    }

    /** Shows the headers and the SA status, never the SM_Key. */
    @Override
    public String toString() {
        return "SaMad[" + header + ", " + saHeader + ", " + SaStatus.describeStatus(header.status()) + "]";
    }
}
