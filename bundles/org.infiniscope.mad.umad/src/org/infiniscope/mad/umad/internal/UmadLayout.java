package org.infiniscope.mad.umad.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * The size of libibumad's {@code ib_user_mad} header and where the MAD starts after it. Both depend on the
 * kernel ABI that {@code umad_open_port} detects (56 bytes before a port is opened, 64 after on current
 * kernels), so they are read once a port is open.
 *
 * @param umadSize {@code umad_size()}
 * @param madOffset where {@code umad_get_mad} says the MAD starts in a buffer
 */
record UmadLayout(long umadSize, long madOffset) {

    static UmadLayout of(UmadLibrary library) {
        long size = library.size();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment probe = arena.allocate(size + 256, 8);
            long offset = library.getMad(probe).address() - probe.address();
            if (offset < 0 || offset > size) {
                throw new IllegalStateException("umad_get_mad points " + offset + " bytes into a umad of " + size);
            }
            return new UmadLayout(size, offset);
        }
    }
}
