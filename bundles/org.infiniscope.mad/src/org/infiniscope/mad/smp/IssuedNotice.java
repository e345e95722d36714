package org.infiniscope.mad.smp;

import java.util.Objects;

import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;

/**
 * A Notice with its IssuerGID: the 80-byte form the SA carries in Report(Notice) and InformInfo subscriptions,
 * where an SMP's 64 bytes have no room for the GID.
 *
 * @param notice the 64 bytes an SMP Trap carries
 * @param issuerGidPrefix the high 64 bits of IssuerGID
 * @param issuerGidGuid the low 64 bits of IssuerGID
 */
public record IssuedNotice(Notice notice, long issuerGidPrefix, long issuerGidGuid) {

    /** Length of the wire form. */
    public static final int LENGTH = 80;

    /** Checks the notice is there. */
    public IssuedNotice {
        Objects.requireNonNull(notice, "notice");
    }

    /** The wire form: 80 bytes, the Notice then IssuerGID. */
    public static final AttributeCodec<IssuedNotice> CODEC = new SmaCodec<>(Notice.ATTRIBUTE_ID, LENGTH, "Notice+GID",
            (b, o) -> new IssuedNotice(Notice.CODEC.decode(b, o), Bits.u64(b, o + Notice.LENGTH),
                    Bits.u64(b, o + Notice.LENGTH + 8)),
            (v, b, o) -> {
                Notice.CODEC.encode(v.notice, b, o);
                Bits.put64(b, o + Notice.LENGTH, v.issuerGidPrefix);
                Bits.put64(b, o + Notice.LENGTH + 8, v.issuerGidGuid);
            });
}
