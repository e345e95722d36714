package org.infiniscope.verbs.rdmacore.ffm;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** The loader both rdma-core bindings use, against the C library and a library that is not there. */
class NativeLibraryTest {

    private static final Map<String, FunctionDescriptor> LIBC = Map.of("close",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT), "getpid", FunctionDescriptor.of(JAVA_INT));

    @Test
    void aCapturingCallReportsTheErrnoItLeft() {
        NativeLibrary libc = NativeLibrary.bind("libc", Linker.nativeLinker().defaultLookup(), LIBC, Set.of("close"));
        NativeLibrary.Result r = libc.call("close", -1);
        assertEquals(-1, r.intValue());
        assertEquals(9, r.errno(), "EBADF");
        assertEquals(ProcessHandle.current().pid(), (int) libc.plain("getpid"));
        assertEquals(Set.of("close", "getpid"), libc.bound());
        IllegalArgumentException unbound = assertThrows(IllegalArgumentException.class, () -> libc.plain("open"));
        assertEquals("libc: open is not bound", unbound.getMessage());
    }

    @Test
    void aLibraryThatLacksACallIsRefusedNamingIt() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> NativeLibrary.bind("libc", Linker.nativeLinker().defaultLookup(), Map.of("close",
                        FunctionDescriptor.of(JAVA_INT, JAVA_INT), "no_such_call_here", FunctionDescriptor.ofVoid()),
                        Set.of()));
        assertEquals("libc lacks no_such_call_here", e.getMessage());
    }

    @Test
    void aMissingLibraryIsLoadedOnceAndSaysWhatToInstall() {
        NativeLibrary.Loader loader = new NativeLibrary.Loader("libinfiniscope-none.so.9", "the none package", LIBC,
                Set.of());
        assertFalse(loader.get().isPresent());
        assertEquals("libinfiniscope-none.so.9 not found: install the none package", loader.error());
        assertFalse(loader.get().isPresent());
    }

    @Test
    void theInstalledLibrariesLoadThroughIt() {
        NativeLibrary.Loader libc = new NativeLibrary.Loader("libc.so.6", "glibc", LIBC, Set.of("close"));
        NativeLibrary first = libc.get().orElseThrow();
        assertSame(first, libc.get().orElseThrow(), "bound once");
        assertTrue(libc.error() == null);
    }

    @Test
    void errnosAreNamedWithTheirText() {
        assertEquals("ENODEV (No such device)", NativeLibrary.describe(19));
        assertEquals("ETIMEDOUT", Errnos.name(-110));
        assertEquals("errno 4095", Errnos.name(4095));
    }
}
