package org.infiniscope.mad.rmpp;

import java.util.Random;

/** Messages shaped like an SA GetTableResp: a 56-byte header and records of random bytes. */
final class RmppTestMessages {

    static final RmppConfig SA = RmppConfig.forSubnAdm();

    private RmppTestMessages() {
    }

    /** @return a message with {@code dataLength} data bytes after an SA GetTableResp(PathRecord) header */
    static byte[] message(int dataLength, long seed) {
        byte[] message = new byte[RmppConfig.SA_DATA_OFFSET + dataLength];
        new Random(seed).nextBytes(message);
        message[0] = 1;
        message[1] = 0x03;
        message[2] = 2;
        message[3] = (byte) 0x92;
        for (int i = 24; i < 36; i++) {
            message[i] = 0; // the RMPP header is the sender's to write
        }
        return message;
    }

    /** @return the message as a receiver reassembles it: the first segment's RMPP header in place */
    static byte[] withoutRmppHeader(byte[] message) {
        byte[] copy = message.clone();
        for (int i = 24; i < 36; i++) {
            copy[i] = 0;
        }
        return copy;
    }
}
