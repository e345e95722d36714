package org.infiniscope.mad.umad.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import org.infiniscope.mad.umad.UmadException;
import org.infiniscope.mad.umad.UmadException.Reason;

/**
 * The libibumad functions this bundle calls, bound through FFM from a {@link SymbolLookup}: the real library,
 * or a stand-in of a test's. Every call returns what the C function returns (negative errno on failure).
 */
public final class UmadLibrary {

    /** The shared object's name, as every rdma-core since 2016 installs it. */
    public static final String SONAME = "libibumad.so.3";

    /** The C signatures, by name: stand-ins build their upcall stubs from these. */
    public static final Map<String, FunctionDescriptor> FUNCTIONS = Map.ofEntries(
            Map.entry("umad_init", FunctionDescriptor.of(JAVA_INT)),
            Map.entry("umad_get_cas_names", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT)),
            Map.entry("umad_get_port", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS)),
            Map.entry("umad_release_port", FunctionDescriptor.of(JAVA_INT, ADDRESS)),
            Map.entry("umad_open_port", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT)),
            Map.entry("umad_close_port", FunctionDescriptor.of(JAVA_INT, JAVA_INT)),
            Map.entry("umad_register",
                    FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_BYTE, ADDRESS)),
            Map.entry("umad_unregister", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT)),
            Map.entry("umad_size", FunctionDescriptor.of(JAVA_LONG)),
            Map.entry("umad_get_mad", FunctionDescriptor.of(ADDRESS, ADDRESS)),
            Map.entry("umad_status", FunctionDescriptor.of(JAVA_INT, ADDRESS)),
            Map.entry("umad_set_addr",
                    FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT)),
            Map.entry("umad_set_grh", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS)),
            Map.entry("umad_set_pkey", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT)),
            Map.entry("umad_send",
                    FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT)),
            Map.entry("umad_recv", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, JAVA_INT)),
            Map.entry("umad_poll", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT)),
            Map.entry("umad_open_smi_port", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT)),
            Map.entry("umad_get_smi_gsi_pairs", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG)));

    /** The SMI/GSI split of rdma-core 5x: present together or not at all. */
    public static final Set<String> SMI_FUNCTIONS = Set.of("umad_open_smi_port", "umad_get_smi_gsi_pairs");

    private static UmadLibrary system;

    private final Map<String, MethodHandle> handles;
    private final boolean smiSplit;

    private UmadLibrary(Map<String, MethodHandle> handles, boolean smiSplit) {
        this.handles = handles;
        this.smiSplit = smiSplit;
    }

    /** @return the process's libibumad, loaded once and initialised */
    public static synchronized UmadLibrary system() throws UmadException {
        if (system == null) {
            system = load(SONAME);
        }
        return system;
    }

    /** Loads a shared object by name and binds it. */
    static UmadLibrary load(String soname) throws UmadException {
        SymbolLookup lookup;
        try {
            lookup = SymbolLookup.libraryLookup(soname, Arena.global());
        } catch (IllegalArgumentException notFound) {
            throw new UmadException(Reason.LIBRARY_MISSING, soname + " not found: install libibumad3");
        }
        return of(lookup);
    }

    /**
     * Binds the functions of a lookup and calls {@code umad_init}.
     *
     * @throws UmadException when a function every libibumad has is missing, or umad_init fails
     */
    public static UmadLibrary of(SymbolLookup lookup) throws UmadException {
        Linker linker = Linker.nativeLinker();
        Map<String, MethodHandle> bound = new HashMap<>();
        Set<String> missing = new TreeSet<>();
        FUNCTIONS.forEach((name, descriptor) -> {
            Optional<MemorySegment> symbol = lookup.find(name);
            if (symbol.isPresent()) {
                bound.put(name, linker.downcallHandle(symbol.get(), descriptor));
            } else {
                missing.add(name);
            }
        });
        boolean split = missing.stream().noneMatch(SMI_FUNCTIONS::contains);
        missing.removeAll(SMI_FUNCTIONS);
        if (!missing.isEmpty()) {
            throw new UmadException(Reason.LIBRARY_MISSING,
                    SONAME + " lacks " + String.join(", ", missing)
                            + ": install a libibumad3 of rdma-core 17 or later");
        }
        if (!split) {
            SMI_FUNCTIONS.forEach(bound::remove); // half a split is no split
        }
        UmadLibrary library = new UmadLibrary(Map.copyOf(bound), split);
        int rc = library.init();
        if (rc < 0) {
            throw new UmadException(Reason.CALL_FAILED, "umad_init failed: " + Errno.describe(rc));
        }
        return library;
    }

    /** @return whether the library splits SMI and GSI devices (rdma-core 5x) */
    public boolean hasSmiSplit() {
        return smiSplit;
    }

    /** @return the names of the C functions bound, for diagnostics */
    public List<String> boundFunctions() {
        return handles.keySet().stream().sorted().toList();
    }

    int init() {
        return (int) call("umad_init");
    }

    int getCasNames(MemorySegment names, int max) {
        return (int) call("umad_get_cas_names", names, max);
    }

    int getPort(MemorySegment caName, int port, MemorySegment umadPort) {
        return (int) call("umad_get_port", caName, port, umadPort);
    }

    int releasePort(MemorySegment umadPort) {
        return (int) call("umad_release_port", umadPort);
    }

    int openPort(MemorySegment caName, int port) {
        return (int) call("umad_open_port", caName, port);
    }

    int openSmiPort(MemorySegment caName, int port) {
        return (int) call("umad_open_smi_port", caName, port);
    }

    int getSmiGsiPairs(MemorySegment pairs, long max) {
        return (int) call("umad_get_smi_gsi_pairs", pairs, max);
    }

    int closePort(int portId) {
        return (int) call("umad_close_port", portId);
    }

    int register(int portId, int mgmtClass, int classVersion, byte rmppVersion, MemorySegment methodMask) {
        return (int) call("umad_register", portId, mgmtClass, classVersion, rmppVersion, methodMask);
    }

    int unregister(int portId, int agentId) {
        return (int) call("umad_unregister", portId, agentId);
    }

    long size() {
        return (long) call("umad_size");
    }

    MemorySegment getMad(MemorySegment umad) {
        return (MemorySegment) call("umad_get_mad", umad);
    }

    int status(MemorySegment umad) {
        return (int) call("umad_status", umad);
    }

    int setAddr(MemorySegment umad, int dlid, int dqp, int sl, int qkey) {
        return (int) call("umad_set_addr", umad, dlid, dqp, sl, qkey);
    }

    int setGrh(MemorySegment umad, MemorySegment madAddr) {
        return (int) call("umad_set_grh", umad, madAddr);
    }

    int setPkey(MemorySegment umad, int pkeyIndex) {
        return (int) call("umad_set_pkey", umad, pkeyIndex);
    }

    int send(int portId, int agentId, MemorySegment umad, int length, int timeoutMillis, int retries) {
        return (int) call("umad_send", portId, agentId, umad, length, timeoutMillis, retries);
    }

    int recv(int portId, MemorySegment umad, MemorySegment length, int timeoutMillis) {
        return (int) call("umad_recv", portId, umad, length, timeoutMillis);
    }

    int poll(int portId, int timeoutMillis) {
        return (int) call("umad_poll", portId, timeoutMillis);
    }

    private Object call(String name, Object... arguments) {
        MethodHandle handle = handles.get(name);
        if (handle == null) {
            throw new IllegalStateException(name + " is not bound"); // callers check hasSmiSplit() first
        }
        try {
            return handle.invokeWithArguments(arguments);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable impossible) {
            throw new IllegalStateException(name + " failed", impossible);
        }
    }
}
