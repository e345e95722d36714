package org.infiniscope.cm.internal.rdmacm;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

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
 * librdmacm ({@code librdmacm.so.1}, rdma-core) through FFM: the calls of the rdma_cm API this bundle maps, bound by
 * name, with errno captured where a call reports failure through it. Without the library (or with one that lacks
 * a call) {@link #system()} is empty and {@link #loadError()} says why.
 */
public final class LibRdmaCm {

    /** The library's soname. */
    public static final String SONAME = "librdmacm.so.1";

    static final Map<String, FunctionDescriptor> FUNCTIONS = Map.ofEntries(
            Map.entry("rdma_create_event_channel", FunctionDescriptor.of(ADDRESS)),
            Map.entry("rdma_destroy_event_channel", FunctionDescriptor.ofVoid(ADDRESS)),
            Map.entry("rdma_get_devices", FunctionDescriptor.of(ADDRESS, ADDRESS)),
            Map.entry("rdma_free_devices", FunctionDescriptor.ofVoid(ADDRESS)),
            Map.entry("rdma_create_id", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_INT)),
            Map.entry("rdma_destroy_id", FunctionDescriptor.of(JAVA_INT, ADDRESS)),
            Map.entry("rdma_bind_addr", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS)),
            Map.entry("rdma_resolve_addr", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_INT)),
            Map.entry("rdma_resolve_route", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT)),
            Map.entry("rdma_connect", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS)),
            Map.entry("rdma_listen", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT)),
            Map.entry("rdma_accept", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS)),
            Map.entry("rdma_reject", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT)),
            Map.entry("rdma_disconnect", FunctionDescriptor.of(JAVA_INT, ADDRESS)),
            Map.entry("rdma_init_qp_attr", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS)),
            Map.entry("rdma_get_cm_event", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS)),
            Map.entry("rdma_ack_cm_event", FunctionDescriptor.of(JAVA_INT, ADDRESS)),
            Map.entry("rdma_event_str", FunctionDescriptor.of(ADDRESS, JAVA_INT)));

    /** The calls whose errno is read after they fail. */
    private static final Set<String> CAPTURING = Set.of("rdma_create_event_channel", "rdma_create_id",
            "rdma_destroy_id", "rdma_bind_addr", "rdma_resolve_addr", "rdma_resolve_route", "rdma_connect",
            "rdma_listen", "rdma_accept", "rdma_reject", "rdma_disconnect", "rdma_init_qp_attr", "rdma_get_cm_event",
            "rdma_get_devices");

    private static final Linker LINKER = Linker.nativeLinker();
    private static final Linker.Option ERRNO = Linker.Option.captureCallState("errno");
    private static final VarHandle ERRNO_VALUE = Linker.Option.captureStateLayout()
            .varHandle(MemoryLayout.PathElement.groupElement("errno"));

    private static LibRdmaCm system;
    private static String loadError;

    private final Map<String, MethodHandle> handles;

    private LibRdmaCm(Map<String, MethodHandle> handles) {
        this.handles = handles;
    }

    /** @return the process's librdmacm, or empty with {@link #loadError()} saying why */
    public static synchronized Optional<LibRdmaCm> system() {
        if (system == null && loadError == null) {
            try {
                system = of(SymbolLookup.libraryLookup(SONAME, Arena.global()));
            } catch (IllegalArgumentException notFound) {
                loadError = SONAME + " not found: install rdma-core's librdmacm (Debian: librdmacm1)";
            } catch (IllegalStateException missing) {
                loadError = missing.getMessage();
            }
        }
        return Optional.ofNullable(system);
    }

    /** @return why the library could not be loaded, or null */
    public static synchronized String loadError() {
        return loadError;
    }

    static LibRdmaCm of(SymbolLookup lookup) {
        Map<String, MethodHandle> bound = new HashMap<>();
        Set<String> missing = new TreeSet<>();
        FUNCTIONS.forEach((name, d) -> {
            Optional<MemorySegment> symbol = lookup.find(name);
            if (symbol.isEmpty()) {
                missing.add(name);
            } else {
                bound.put(name,
                        CAPTURING.contains(name)
                                ? LINKER.downcallHandle(symbol.get(), d, ERRNO)
                                : LINKER.downcallHandle(symbol.get(), d));
            }
        });
        if (!missing.isEmpty()) {
            throw new IllegalStateException(SONAME + " lacks " + String.join(", ", missing));
        }
        return new LibRdmaCm(Map.copyOf(bound));
    }

    /** @return the names bound */
    public Set<String> bound() {
        return new TreeSet<>(handles.keySet());
    }

    /**
     * A call's result with the errno it left.
     *
     * @param value the int it returned, or 0 for a pointer call
     * @param pointer the pointer it returned, or NULL for an int call
     * @param errno errno after the call
     */
    public record Result(int value, MemorySegment pointer, int errno) {
    }

    /** Calls a function that reports failure through errno (a NULL pointer or -1). */
    public Result call(String name, Object... args) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(Linker.Option.captureStateLayout());
            Object[] full = new Object[args.length + 1];
            full[0] = state;
            System.arraycopy(args, 0, full, 1, args.length);
            Object r = handles.get(name).invokeWithArguments(full);
            int errno = (int) ERRNO_VALUE.get(state, 0L);
            return r instanceof MemorySegment p
                    ? new Result(0, p, errno)
                    : new Result((Integer) r, MemorySegment.NULL, errno);
        } catch (Throwable t) {
            throw new IllegalStateException(name + " failed to run: " + t, t);
        }
    }

    /** Calls a function that does not report through errno. */
    public Object plain(String name, Object... args) {
        try {
            return handles.get(name).invokeWithArguments(args);
        } catch (Throwable t) {
            throw new IllegalStateException(name + " failed to run: " + t, t);
        }
    }
}
