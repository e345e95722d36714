package org.infiniscope.verbs.rdmacore.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.infiniscope.verbs.rdmacore.ffm.NativeLibrary;

/**
 * The libibverbs functions this bundle calls, bound through FFM. Functions that return a pointer capture
 * {@code errno} (their first argument is then the capture segment); functions that return an int return 0 or an
 * errno value, as libibverbs does. The data-path verbs ({@code ibv_poll_cq}, {@code ibv_post_send}, …) are inline in
 * {@code verbs.h}: they are called through the context's ops table ({@link Structs#OPS_POLL_CQ} and the others).
 */
final class Ibverbs {

    static final String SONAME = "libibverbs.so.1";

    /** Pointer-returning functions: their errno is captured. */
    private static final Set<String> CAPTURING = Set.of("ibv_get_device_list", "ibv_open_device", "ibv_alloc_pd",
            "ibv_reg_mr", "ibv_create_comp_channel", "ibv_create_cq", "ibv_create_qp", "ibv_create_ah",
            "ibv_create_srq");

    static final Map<String, FunctionDescriptor> FUNCTIONS = Map.ofEntries(
            Map.entry("ibv_get_device_list", FunctionDescriptor.of(ADDRESS, ADDRESS)),
            Map.entry("ibv_free_device_list", FunctionDescriptor.ofVoid(ADDRESS)),
            Map.entry("ibv_get_device_name", FunctionDescriptor.of(ADDRESS, ADDRESS)),
            Map.entry("ibv_get_device_guid", FunctionDescriptor.of(JAVA_LONG, ADDRESS)),
            Map.entry("ibv_open_device", FunctionDescriptor.of(ADDRESS, ADDRESS)),
            Map.entry("ibv_close_device", FunctionDescriptor.of(JAVA_INT, ADDRESS)),
            Map.entry("ibv_query_device", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS)),
            Map.entry("ibv_query_port", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_BYTE, ADDRESS)),
            Map.entry("ibv_query_gid", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_BYTE, JAVA_INT, ADDRESS)),
            Map.entry("ibv_alloc_pd", FunctionDescriptor.of(ADDRESS, ADDRESS)),
            Map.entry("ibv_dealloc_pd", FunctionDescriptor.of(JAVA_INT, ADDRESS)),
            Map.entry("ibv_reg_mr", FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT)),
            Map.entry("ibv_dereg_mr", FunctionDescriptor.of(JAVA_INT, ADDRESS)),
            Map.entry("ibv_create_comp_channel", FunctionDescriptor.of(ADDRESS, ADDRESS)),
            Map.entry("ibv_destroy_comp_channel", FunctionDescriptor.of(JAVA_INT, ADDRESS)),
            Map.entry("ibv_create_cq", FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS, JAVA_INT)),
            Map.entry("ibv_destroy_cq", FunctionDescriptor.of(JAVA_INT, ADDRESS)),
            Map.entry("ibv_get_cq_event", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS)),
            Map.entry("ibv_ack_cq_events", FunctionDescriptor.ofVoid(ADDRESS, JAVA_INT)),
            Map.entry("ibv_create_qp", FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS)),
            Map.entry("ibv_modify_qp", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT)),
            Map.entry("ibv_query_qp", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS)),
            Map.entry("ibv_destroy_qp", FunctionDescriptor.of(JAVA_INT, ADDRESS)),
            Map.entry("ibv_create_ah", FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS)),
            Map.entry("ibv_destroy_ah", FunctionDescriptor.of(JAVA_INT, ADDRESS)),
            Map.entry("ibv_create_srq", FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS)),
            Map.entry("ibv_modify_srq", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT)),
            Map.entry("ibv_destroy_srq", FunctionDescriptor.of(JAVA_INT, ADDRESS)),
            Map.entry("ibv_query_srq", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS)),
            Map.entry("ibv_get_async_event", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS)),
            Map.entry("ibv_ack_async_event", FunctionDescriptor.ofVoid(ADDRESS)));

    /** The ops table's data-path entries. */
    static final FunctionDescriptor POLL_CQ = FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS);
    static final FunctionDescriptor REQ_NOTIFY_CQ = FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT);
    static final FunctionDescriptor POST = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS);

    private static final Linker LINKER = Linker.nativeLinker();

    /** Downcall handles of the providers' ops, by function address (a provider's functions are the same for all its contexts). */
    private static final Map<Long, MethodHandle> OPS = new java.util.concurrent.ConcurrentHashMap<>();

    private static final NativeLibrary.Loader LOADER = new NativeLibrary.Loader(SONAME,
            "rdma-core's libibverbs (Debian: libibverbs1 and ibverbs-providers)", FUNCTIONS, CAPTURING);
    private static Ibverbs system;

    private final NativeLibrary lib;

    /** @return the process's libibverbs, or empty with {@link #loadError()} saying why */
    static synchronized Optional<Ibverbs> system() {
        if (system == null) {
            system = LOADER.get().map(Ibverbs::new).orElse(null);
        }
        return Optional.ofNullable(system);
    }

    private Ibverbs(NativeLibrary lib) {
        this.lib = lib;
    }

    /** @return why the library could not be loaded, or null */
    static String loadError() {
        return LOADER.error();
    }

    static Ibverbs of(SymbolLookup lookup) {
        return new Ibverbs(NativeLibrary.bind(SONAME, lookup, FUNCTIONS, CAPTURING));
    }

    /** @return the names bound */
    Set<String> bound() {
        return lib.bound();
    }

    /** A call's result with the errno it left. */
    record Result(MemorySegment pointer, int errno) {
        boolean failed() {
            return pointer.equals(MemorySegment.NULL);
        }
    }

    /** Calls a pointer-returning function and captures errno. */
    Result callPointer(String name, Object... args) {
        NativeLibrary.Result r = lib.call(name, args);
        return new Result(r.pointer(), r.errno());
    }

    /** Calls an int-returning function. */
    int callInt(String name, Object... args) {
        return (int) lib.plain(name, args);
    }

    long callLong(String name, Object... args) {
        return (long) lib.plain(name, args);
    }

    MemorySegment callAddress(String name, Object... args) {
        return (MemorySegment) lib.plain(name, args);
    }

    void callVoid(String name, Object... args) {
        lib.plain(name, args);
    }

    /** Calls an entry of a context's ops table. */
    static int callOp(MemorySegment context, long offset, FunctionDescriptor d, Object... args) {
        MemorySegment fn = context.reinterpret(Structs.CONTEXT_SIZE).get(ADDRESS, offset);
        MethodHandle h = OPS.computeIfAbsent(fn.address(), a -> LINKER.downcallHandle(fn, d));
        try {
            return (int) h.invokeWithArguments(args);
        } catch (Throwable t) {
            throw new IllegalStateException("ops call failed to run: " + t, t);
        }
    }

    /**
     * Waits until a descriptor is readable.
     *
     * @return whether it is, before {@code millis} ran out
     */
    boolean readable(int fd, int millis) {
        return NativeLibrary.readable(fd, millis);
    }
}
