package org.infiniscope.discovery.internal;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

/** Malformed cache files: each is refused with a message naming what is wrong, never read in part. */
class IbnetdiscCacheTest {

    private static String refused(byte[] bytes) {
        return assertThrows(IbnetdiscCache.CacheException.class, () -> IbnetdiscCache.decode(bytes, "f.cache"))
                .getMessage();
    }

    @Test
    void aFileOfAnotherKindIsNotACache() {
        String message = refused("#\n# Topology file: generated on ...\n#\n".getBytes());
        assertTrue(message.contains("not an ibnetdiscover cache"), message);
    }

    @Test
    void anotherVersionIsRefused() {
        byte[] bytes = Golden.bytes("ft2-16.cache");
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(4, 2);
        String message = refused(bytes);
        assertTrue(message.contains("cache version 2"), message);
    }

    @Test
    void aTruncatedFileNamesWhereItEnds() {
        byte[] bytes = Golden.bytes("ft2-16.cache");
        String message = refused(Arrays.copyOf(bytes, bytes.length - 10));
        assertTrue(message.contains("the file ends inside port 69"), message);
        message = refused(Arrays.copyOf(bytes, 20));
        assertTrue(message.contains("the file ends inside the header"), message);
    }

    @Test
    void trailingBytesAreRefused() {
        byte[] bytes = Golden.bytes("ft2-16.cache");
        String message = refused(Arrays.copyOf(bytes, bytes.length + 3));
        assertTrue(message.contains("3 bytes after the last port"), message);
    }

    @Test
    void aLinkToAPortNotInTheFileIsRefused() {
        byte[] bytes = Golden.bytes("ft2-16.cache");
        // a port record is 95 bytes, its has-peer flag at 85 and peer port GUID at 86: the last port with a peer
        int record = bytes.length - 95;
        while (bytes[record + 85] != 1) {
            record -= 95;
        }
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putLong(record + 86, 0x1234L);
        String message = refused(bytes);
        // found from whichever end comes first: the peer no port links back to, or the port not in the file
        assertTrue(message.contains("which is not in the file") || message.contains("which is not linked back to it"),
                message);
    }

    @Test
    void implausibleCountsAreRefused() {
        byte[] bytes = Golden.bytes("ft2-16.cache");
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(8, 0);
        String message = refused(bytes);
        assertTrue(message.contains("implausible counts"), message);
    }
}
