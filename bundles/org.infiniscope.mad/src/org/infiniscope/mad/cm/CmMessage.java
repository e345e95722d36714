package org.infiniscope.mad.cm;

import org.infiniscope.mad.wire.Octets;

/**
 * A communication management message (IBA 12.6): the part of a CM MAD after its common header. Each message
 * type is a record with a {@code CODEC}; {@link CmMad} decodes a whole MAD into the right one.
 */
public sealed interface CmMessage permits Req, Mra, Rej, Rep, Rtu, Dreq, Drep, SidrReq, SidrRep, Lap, Apr {

    /** @return the AttributeID that identifies the message type */
    int attributeId();

    /** @return the private data, zero-padded to the message's fixed length */
    Octets privateData();
}
