package org.infiniscope.mad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.util.Random;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class GidTest {

    @ParameterizedTest
    @CsvSource({"0, 0, ::", "0, 1, ::1", "0x0001000000000000, 0, 1::",
            "0xfe80000000000000, 0x0008f10500000100, fe80::8:f105:0:100",
            "0x0001000100010001, 0x0001000100010001, 1:1:1:1:1:1:1:1",
            "0x0001000000010000, 0x0000000100000001, 1:0:1::1:0:1",
            "0xff12401bffff0000, 0x00000000ffffffff, ff12:401b:ffff::ffff:ffff"})
    void printsAsInfinibandDiagsDo(String prefix, String interfaceId, String text) {
        assertEquals(text, new Gid(hex(prefix), hex(interfaceId)).toString());
    }

    private static long hex(String value) {
        return value.startsWith("0x") ? Long.parseUnsignedLong(value.substring(2), 16) : Long.parseLong(value);
    }

    @Test
    void compressionAgreesWithTheJdkOnRandomGidsWithZeroRuns() throws UnknownHostException {
        Random random = new Random(5);
        for (int i = 0; i < 5000; i++) {
            long prefix = random.nextLong() & random.nextLong() & random.nextLong();
            long id = random.nextLong() & random.nextLong() & random.nextLong();
            Gid gid = new Gid(prefix & 0x0000FFFF0000FFFFL * (random.nextInt(2)),
                    id & (random.nextBoolean() ? -1L : 0xFFFFL));
            byte[] bytes = ByteBuffer.allocate(16).putLong(gid.prefix()).putLong(gid.interfaceId()).array();
            // The JDK does not compress; expanding ours must give its full form back.
            String full = InetAddress.getByAddress(bytes).getHostAddress();
            assertEquals(full, expand(gid.toString()), gid.toString());
        }
        assertFalse(new Gid(0, 1).isMulticast());
    }

    private static String expand(String text) {
        if (!text.contains("::")) {
            return text;
        }
        String[] halves = text.split("::", -1);
        int present = (halves[0].isEmpty() ? 0 : halves[0].split(":").length)
                + (halves[1].isEmpty() ? 0 : halves[1].split(":").length);
        StringBuilder middle = new StringBuilder();
        for (int i = 0; i < 8 - present; i++) {
            middle.append(i == 0 ? "" : ":").append('0');
        }
        return (halves[0].isEmpty() ? "" : halves[0] + ":") + middle + (halves[1].isEmpty() ? "" : ":" + halves[1]);
    }
}
