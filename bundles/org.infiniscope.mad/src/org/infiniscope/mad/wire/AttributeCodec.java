package org.infiniscope.mad.wire;

/**
 * Encodes and decodes one attribute, record or message type to and from its wire form inside a MAD.
 * Implementations are stateless and thread-safe; decoding allocates nothing but the result.
 *
 * @param <T> the value type
 */
public interface AttributeCodec<T> {

    /** @return the AttributeID this codec handles */
    int attributeId();

    /** @return the length of the wire form in bytes */
    int length();

    /**
     * @param buf the bytes
     * @param offset where the wire form starts (for example 64, the SMP data of a MAD)
     * @return the decoded value
     * @throws MadFormatException when the bytes are too short or hold a value the spec forbids
     */
    T decode(byte[] buf, int offset) throws MadFormatException;

    /**
     * Writes the wire form; reserved bits are written as zero.
     *
     * @param value the value
     * @param buf the destination, at least {@code offset + length()} bytes
     * @param offset where the wire form starts
     */
    void encode(T value, byte[] buf, int offset);
}
