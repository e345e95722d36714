package org.infiniscope.sm.internal.sa;

import java.util.Arrays;

import org.infiniscope.mad.Mad;
import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.rmpp.RmppHeader;
import org.infiniscope.mad.sa.SaHeader;
import org.infiniscope.mad.sa.SaMad;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.wire.Bits;

/**
 * A request as the SA handles it: its headers, its data (the 200 bytes of one MAD, or more when RMPP brought a
 * multi-MAD request) and who sent it. Builds the answers to it.
 *
 * @param header the common header
 * @param sa the SA header
 * @param data the data, at least 200 bytes (zero-padded)
 * @param source the requester's address
 */
record SaRequest(MadHeader header, SaHeader sa, byte[] data, MadAddress source) {

    /** @return the component mask */
    long mask() {
        return sa.componentMask();
    }

    /** @return the data padded to at least {@code length} bytes */
    byte[] template(int length) {
        return data.length >= length ? data : Arrays.copyOf(data, length);
    }

    /** @return a one-MAD answer carrying a record already encoded in {@code record} (at most 200 bytes) */
    byte[] answer(int status, byte[] record) {
        MadHeader h = header.response(status);
        SaHeader s = new SaHeader(RmppHeader.INACTIVE, 0, 0, sa.componentMask());
        return new SaMad(h, s, Arrays.copyOf(record, Math.min(record.length, SaMad.DATA_LENGTH))).encode();
    }

    /** @return the header of a table answer: GetTableResp (or GetMultiResp), RMPP active, the request's mask */
    MadHeader tableHeader() {
        return header.response(0);
    }

    /** @return the SA header of a table answer, which the transport segments with RMPP */
    SaHeader tableSaHeader() {
        return new SaHeader(new RmppHeader(RmppHeader.VERSION, RmppHeader.DATA, RmppHeader.NO_RESP_TIME,
                RmppHeader.ACTIVE, 0, 0, 0), 0, 0, sa.componentMask());
    }

    /**
     * The error answer to any MAD, even one too short or malformed to decode: its first bytes with the response
     * method and the status, RMPP off, zero-padded to one MAD.
     *
     * @return null when the MAD is too short to hold a header to answer
     */
    static byte[] error(byte[] mad, int length, int status) {
        if (length < MadHeader.LENGTH) {
            return null;
        }
        byte[] answer = Arrays.copyOf(mad, Mad.SIZE);
        if (length < Mad.SIZE) {
            Arrays.fill(answer, length, Mad.SIZE, (byte) 0);
        }
        Bits.put8(answer, 3, Method.responseOf(Bits.u8(answer, 3) & 0x7F));
        Bits.put16(answer, 4, status);
        Arrays.fill(answer, RmppHeader.OFFSET, RmppHeader.OFFSET + RmppHeader.LENGTH, (byte) 0);
        return answer;
    }
}
