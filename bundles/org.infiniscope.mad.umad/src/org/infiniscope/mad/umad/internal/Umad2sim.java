package org.infiniscope.mad.umad.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a port needs when libibumad runs under umad2sim (ibsim's LD_PRELOAD library), whose receive thread has two
 * traps for an SM port:
 * <ul>
 * <li>it looks up the file a MAD goes to by management class only, and locks that file's queue before checking that
 * there is one: a MAD of a class no agent is registered for (a trap, an SMInfo, an SA request, which ibsim forwards
 * to a client marked as SM), or that arrives after the port was closed, crashes the process (SIGSEGV in
 * pthread_mutex_lock). The channel therefore registers, before anything else, a guard agent for each class an SM
 * port is sent ({@link #GUARDED}), and unmarks the port before it closes it;</li>
 * <li>it marks the client as an SM (ibsim's IsSM, which makes ibsim forward requests to it and other SMs see it) when
 * the issm device is opened, as libibumad's users open {@code /dev/infiniband/issmN}; the JVM's own file calls do not
 * go through umad2sim's {@code open}, so {@link #openIssm} calls that one.</li>
 * </ul>
 */
final class Umad2sim {

    /** The classes ibsim forwards to an SM client: SMPs LID-routed and directed-route, and SA. */
    static final int[][] GUARDED = {{0x01, 1}, {0x81, 1}, {0x03, 2}};

    private final MethodHandle open;
    private final MethodHandle close;

    private Umad2sim(MethodHandle open, MethodHandle close) {
        this.open = open;
        this.close = close;
    }

    /** The library loaded by each LD_PRELOAD entry naming umad2sim, once per process. */
    private static final Map<String, Optional<Umad2sim>> LOADED = new ConcurrentHashMap<>();

    /** @return umad2sim's own open and close, when this process runs under it */
    static Optional<Umad2sim> of(Map<String, String> environment) {
        String preload = environment.getOrDefault("LD_PRELOAD", "");
        for (String entry : preload.split("[: ]")) {
            if (entry.contains(IbsimSpec.PRELOAD_LIBRARY)) {
                return LOADED.computeIfAbsent(entry, Umad2sim::load);
            }
        }
        return Optional.empty();
    }

    /**
     * Looks up umad2sim's open and close, and calls them once on /dev/null (which umad2sim hands to the C library):
     * the first call through a downcall handle costs several milliseconds of linking, which an SM should not pay
     * when it marks its port ({@link #openIssm}: measured 7.5 ms of a daemon's SM start, against 0.2 ms later).
     */
    private static Optional<Umad2sim> load(String entry) {
        try {
            SymbolLookup lookup = entry.contains("/")
                    ? SymbolLookup.libraryLookup(Path.of(entry), Arena.global())
                    : SymbolLookup.libraryLookup(entry, Arena.global());
            Linker linker = Linker.nativeLinker();
            MethodHandle open = linker.downcallHandle(lookup.findOrThrow("open"), FunctionDescriptor
                    .of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT),
                    Linker.Option.firstVariadicArg(2));
            MethodHandle close = linker.downcallHandle(lookup.findOrThrow("close"),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
            Umad2sim loaded = new Umad2sim(open, close);
            loaded.warm();
            return Optional.of(loaded);
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    private void warm() {
        try (Arena arena = Arena.ofConfined()) {
            int fd = (int) open.invokeExact(arena.allocateFrom("/dev/null"), 0 /* O_RDONLY */, 0);
            if (fd >= 0) {
                close(fd);
            }
        } catch (Throwable t) {
            // the first issm open links them instead
        }
    }

    /**
     * Opens umad2sim's issm device of a CA ({@code /dev/infiniband/issmN}, N the number its name ends with): ibsim
     * marks this client as an SM until {@link #close}.
     *
     * @return the file, or a negative number when it could not be opened
     */
    int openIssm(String caName) {
        int n = 0;
        int i = caName.length();
        while (i > 0 && Character.isDigit(caName.charAt(i - 1))) {
            i--;
        }
        if (i < caName.length()) {
            n = Integer.parseInt(caName.substring(i));
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment path = arena.allocateFrom("/dev/infiniband/issm" + n);
            return (int) open.invokeExact(path, 2 /* O_RDWR */, 0);
        } catch (Throwable t) {
            return -1;
        }
    }

    /** Closes the issm device: ibsim no longer takes this client for an SM. */
    void close(int fd) {
        try {
            int rc = (int) close.invokeExact(fd);
            assert rc >= -1;
        } catch (Throwable t) {
            // nothing to do: the process goes on without the mark
        }
    }
}
