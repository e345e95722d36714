package org.infiniscope.mad.cm;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.infiniscope.mad.Mad;
import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.MadFormatException.Problem;

/**
 * Whole CM MADs (class 0x07, version 2): a common header, then one message from byte 24. CM messages are
 * sent with the Send method; ClassPortInfo (0x01) is the one attribute queried with Get.
 */
public final class CmMad {

    /** The CM class version this layer speaks. */
    public static final int CLASS_VERSION = 2;
    /** Where the message starts. */
    public static final int DATA_OFFSET = MadHeader.LENGTH;

    /** The codecs of every message type. */
    public static final List<CmMessageCodec<?>> CODECS = List.of(Req.CODEC, Mra.CODEC, Rej.CODEC, Rep.CODEC, Rtu.CODEC,
            Dreq.CODEC, Drep.CODEC, SidrReq.CODEC, SidrRep.CODEC, Lap.CODEC, Apr.CODEC);

    private static final Map<Integer, CmMessageCodec<?>> BY_ATTRIBUTE = CODECS.stream()
            .collect(Collectors.toUnmodifiableMap(CmMessageCodec::attributeId, Function.identity()));

    /**
     * A decoded CM MAD.
     *
     * @param header the common header
     * @param message the message
     */
    public record Decoded(MadHeader header, CmMessage message) {
    }

    private CmMad() {
    }

    /** @return the codec of a message type, or {@code null} when the attribute is not a CM message */
    public static CmMessageCodec<?> codec(int attributeId) {
        return BY_ATTRIBUTE.get(attributeId);
    }

    /**
     * Decodes a 256-byte CM MAD into its message.
     *
     * @throws MadFormatException when the MAD is short, not CM version 2, or not a CM message
     */
    public static Decoded decode(byte[] mad) throws MadFormatException {
        Bits.require(mad, 0, Mad.SIZE, "CM MAD");
        MadHeader header = MadHeader.decode(mad, 0);
        if (header.mgmtClass() != MgmtClass.COMM_MGT) {
            throw new MadFormatException(Problem.BAD_CLASS, 1,
                    "MgmtClass " + MgmtClass.name(header.mgmtClass()) + ", expected CM");
        }
        if (header.classVersion() != CLASS_VERSION) {
            throw new MadFormatException(Problem.BAD_CLASS_VERSION, 2,
                    "CM ClassVersion " + header.classVersion() + ", expected 2");
        }
        CmMessageCodec<?> codec = codec(header.attributeId());
        if (codec == null) {
            throw new MadFormatException(Problem.BAD_ATTRIBUTE, 16,
                    String.format("AttributeID 0x%04x is not a CM message", header.attributeId()));
        }
        return new Decoded(header, codec.decode(mad, DATA_OFFSET));
    }

    /** @return the 256-byte Send MAD carrying {@code message} with that transaction ID */
    public static byte[] encode(CmMessage message, long transactionId) {
        return encode(new MadHeader(MadHeader.BASE_VERSION, MgmtClass.COMM_MGT, CLASS_VERSION, Method.SEND, 0, 0,
                transactionId, message.attributeId(), 0), message);
    }

    /** @return the 256-byte MAD with that header and message (the header's attribute ID must match) */
    public static byte[] encode(MadHeader header, CmMessage message) {
        if (header.attributeId() != message.attributeId()) {
            throw new IllegalArgumentException(String.format("header AttributeID 0x%04x but message 0x%04x",
                    header.attributeId(), message.attributeId()));
        }
        byte[] mad = new byte[Mad.SIZE];
        header.encode(mad, 0);
        write(codec(message.attributeId()), message, mad);
        return mad;
    }

    @SuppressWarnings("unchecked")
    private static <T extends CmMessage> void write(CmMessageCodec<T> codec, CmMessage message, byte[] mad) {
        codec.encode((T) message, mad, DATA_OFFSET);
    }
}
