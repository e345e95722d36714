package org.infiniscope.mad.cm;

import org.infiniscope.mad.wire.LayoutCodec;

/**
 * The codec of one CM message type. Every CM message fills the 232 bytes after the MAD header, ending with its
 * private data; the offset given to {@link #decode} and {@link #encode} is where the message starts (24 in a
 * MAD).
 *
 * @param <T> the message record
 */
public final class CmMessageCodec<T extends CmMessage> extends LayoutCodec<T> {

    /** Every CM message is the rest of the MAD after the 24-byte common header. */
    public static final int LENGTH = 232;

    CmMessageCodec(int attributeId, String name, Reader<T> reader, Writer<T> writer) {
        super(name, attributeId, LENGTH, reader, writer);
    }
}
