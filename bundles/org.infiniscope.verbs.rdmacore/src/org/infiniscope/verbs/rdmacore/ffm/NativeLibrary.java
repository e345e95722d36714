package org.infiniscope.verbs.rdmacore.ffm;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A native library bound by name through FFM: every function of a table is looked up at once (a library that lacks
 * one is refused, naming what it lacks), and the functions named as capturing get {@code errno} captured right after
 * the call, before the JVM can touch it. Loading is done once per soname ({@link Loader}).
 */
public final class NativeLibrary {

    private static final Linker LINKER = Linker.nativeLinker();
    private static final Linker.Option ERRNO = Linker.Option.captureCallState("errno");
    private static final VarHandle ERRNO_VALUE = Linker.Option.captureStateLayout()
            .varHandle(MemoryLayout.PathElement.groupElement("errno"));
    private static final MethodHandle STRERROR = LINKER.downcallHandle(
            LINKER.defaultLookup().find("strerror").orElseThrow(), FunctionDescriptor.of(ADDRESS, JAVA_INT));

    private static final MethodHandle POLL = LINKER.downcallHandle(LINKER.defaultLookup().find("poll").orElseThrow(),
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT));

    private final String soname;
    private final Map<String, MethodHandle> handles;

    private NativeLibrary(String soname, Map<String, MethodHandle> handles) {
        this.soname = soname;
        this.handles = handles;
    }

    /**
     * Binds every function of {@code functions} in {@code lookup}.
     *
     * @param capturing the functions whose errno is captured: their calls go through {@link #call}
     * @throws IllegalStateException naming the functions the library lacks
     */
    public static NativeLibrary bind(String soname, SymbolLookup lookup, Map<String, FunctionDescriptor> functions,
            Set<String> capturing) {
        Map<String, MethodHandle> bound = new HashMap<>();
        Set<String> missing = new TreeSet<>();
        functions.forEach((name, d) -> {
            Optional<MemorySegment> symbol = lookup.find(name);
            if (symbol.isEmpty()) {
                missing.add(name);
            } else {
                bound.put(name,
                        capturing.contains(name)
                                ? LINKER.downcallHandle(symbol.get(), d, ERRNO)
                                : LINKER.downcallHandle(symbol.get(), d));
            }
        });
        if (!missing.isEmpty()) {
            throw new IllegalStateException(soname + " lacks " + String.join(", ", missing));
        }
        return new NativeLibrary(soname, Map.copyOf(bound));
    }

    /** @return the library's soname */
    public String soname() {
        return soname;
    }

    /** @return the names bound */
    public Set<String> bound() {
        return new TreeSet<>(handles.keySet());
    }

    /**
     * A call's result with the errno it left.
     *
     * @param value what an int (or long) function returned, else 0
     * @param pointer what a pointer function returned, else NULL
     * @param errno errno right after the call (meaningful only when the call says it failed)
     */
    public record Result(long value, MemorySegment pointer, int errno) {

        /** @return the int a function returned */
        public int intValue() {
            return (int) value;
        }

        /** @return whether a pointer function returned NULL */
        public boolean nullPointer() {
            return pointer.equals(MemorySegment.NULL);
        }
    }

    /** Calls a capturing function (bound with errno capture). */
    public Result call(String name, Object... args) {
        MethodHandle h = handle(name);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(Linker.Option.captureStateLayout());
            Object[] full = new Object[args.length + 1];
            full[0] = state;
            System.arraycopy(args, 0, full, 1, args.length);
            Object r = h.invokeWithArguments(full);
            int errno = (int) ERRNO_VALUE.get(state, 0L);
            return switch (r) {
                case MemorySegment p -> new Result(0, p, errno);
                case Integer i -> new Result(i, MemorySegment.NULL, errno);
                case Long l -> new Result(l, MemorySegment.NULL, errno);
                case null, default -> new Result(0, MemorySegment.NULL, errno);
            };
        } catch (Throwable t) {
            throw new IllegalStateException(name + " failed to run: " + t, t);
        }
    }

    /** Calls a function that does not report through errno; returns what it returned (null for void). */
    public Object plain(String name, Object... args) {
        MethodHandle h = handle(name);
        try {
            return h.invokeWithArguments(args);
        } catch (Throwable t) {
            throw new IllegalStateException(name + " failed to run: " + t, t);
        }
    }

    private MethodHandle handle(String name) {
        MethodHandle h = handles.get(name);
        if (h == null) {
            throw new IllegalArgumentException(soname + ": " + name + " is not bound");
        }
        return h;
    }

    /**
     * Waits until a descriptor is readable (libc's {@code poll(2)}).
     *
     * @return whether it is, before {@code millis} ran out
     */
    public static boolean readable(int fd, int millis) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment pfd = arena.allocate(8);
            pfd.set(JAVA_INT, 0, fd);
            pfd.set(JAVA_SHORT, 4, (short) 1); // POLLIN
            int n = (int) POLL.invokeExact(pfd, 1L, millis);
            return n > 0;
        } catch (Throwable t) {
            throw new IllegalStateException("poll failed to run: " + t, t);
        }
    }

    /** @return errno's symbolic name and the C library's text for it, e.g. {@code ENODEV (No such device)} */
    public static String describe(int errno) {
        String text;
        try {
            text = ((MemorySegment) STRERROR.invokeExact(errno)).reinterpret(256).getString(0);
        } catch (Throwable t) {
            text = "errno " + errno;
        }
        return Errnos.name(errno) + " (" + text + ")";
    }

    /**
     * Loads a library once per class that asks for it: the first call looks it up by soname and binds it, later calls
     * return the same binding or the same reason it could not be loaded.
     */
    public static final class Loader {

        private final String soname;
        private final String install;
        private final Map<String, FunctionDescriptor> functions;
        private final Set<String> capturing;
        private NativeLibrary library;
        private String error;

        /**
         * @param install what to install when the library is missing (named in the error)
         */
        public Loader(String soname, String install, Map<String, FunctionDescriptor> functions, Set<String> capturing) {
            this.soname = soname;
            this.install = install;
            this.functions = Map.copyOf(functions);
            this.capturing = Set.copyOf(capturing);
        }

        /** @return the library, or empty with {@link #error()} saying why */
        public synchronized Optional<NativeLibrary> get() {
            if (library == null && error == null) {
                try {
                    library = bind(soname, SymbolLookup.libraryLookup(soname, Arena.global()), functions, capturing);
                } catch (IllegalArgumentException notFound) {
                    error = soname + " not found: install " + install;
                } catch (IllegalStateException missing) {
                    error = missing.getMessage();
                }
            }
            return Optional.ofNullable(library);
        }

        /** @return why the library could not be loaded, or null (also before the first {@link #get()}) */
        public synchronized String error() {
            return error;
        }

        /** @return the soname it loads */
        public String soname() {
            return soname;
        }
    }
}
