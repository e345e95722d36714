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
            Map.entry("umad_get_ca", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS)),
            Map.entry("umad_release_ca", FunctionDescriptor.of(JAVA_INT, ADDRESS)),
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
            throw new UmadException(Reason.LIBRARY_MISSING, SONAME + " lacks " + String.join(", ", missing)
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
        try {
            return (int) handle("umad_init").invokeExact();
        } catch (Throwable t) {
            throw failure("umad_init", t);
        }
    }

    int getCasNames(MemorySegment names, int max) {
        try {
            return (int) handle("umad_get_cas_names").invokeExact(names, max);
        } catch (Throwable t) {
            throw failure("umad_get_cas_names", t);
        }
    }

    int getPort(MemorySegment caName, int port, MemorySegment umadPort) {
        try {
            return (int) handle("umad_get_port").invokeExact(caName, port, umadPort);
        } catch (Throwable t) {
            throw failure("umad_get_port", t);
        }
    }

    int releasePort(MemorySegment umadPort) {
        try {
            return (int) handle("umad_release_port").invokeExact(umadPort);
        } catch (Throwable t) {
            throw failure("umad_release_port", t);
        }
    }

    int getCa(MemorySegment caName, MemorySegment umadCa) {
        try {
            return (int) handle("umad_get_ca").invokeExact(caName, umadCa);
        } catch (Throwable t) {
            throw failure("umad_get_ca", t);
        }
    }

    int releaseCa(MemorySegment umadCa) {
        try {
            return (int) handle("umad_release_ca").invokeExact(umadCa);
        } catch (Throwable t) {
            throw failure("umad_release_ca", t);
        }
    }

    int openPort(MemorySegment caName, int port) {
        try {
            return (int) handle("umad_open_port").invokeExact(caName, port);
        } catch (Throwable t) {
            throw failure("umad_open_port", t);
        }
    }

    int openSmiPort(MemorySegment caName, int port) {
        try {
            return (int) handle("umad_open_smi_port").invokeExact(caName, port);
        } catch (Throwable t) {
            throw failure("umad_open_smi_port", t);
        }
    }

    int getSmiGsiPairs(MemorySegment pairs, long max) {
        try {
            return (int) handle("umad_get_smi_gsi_pairs").invokeExact(pairs, max);
        } catch (Throwable t) {
            throw failure("umad_get_smi_gsi_pairs", t);
        }
    }

    int closePort(int portId) {
        try {
            return (int) handle("umad_close_port").invokeExact(portId);
        } catch (Throwable t) {
            throw failure("umad_close_port", t);
        }
    }

    int register(int portId, int mgmtClass, int classVersion, byte rmppVersion, MemorySegment methodMask) {
        try {
            return (int) handle("umad_register").invokeExact(portId, mgmtClass, classVersion, rmppVersion, methodMask);
        } catch (Throwable t) {
            throw failure("umad_register", t);
        }
    }

    int unregister(int portId, int agentId) {
        try {
            return (int) handle("umad_unregister").invokeExact(portId, agentId);
        } catch (Throwable t) {
            throw failure("umad_unregister", t);
        }
    }

    long size() {
        try {
            return (long) handle("umad_size").invokeExact();
        } catch (Throwable t) {
            throw failure("umad_size", t);
        }
    }

    MemorySegment getMad(MemorySegment umad) {
        try {
            return (MemorySegment) handle("umad_get_mad").invokeExact(umad);
        } catch (Throwable t) {
            throw failure("umad_get_mad", t);
        }
    }

    int status(MemorySegment umad) {
        try {
            return (int) handle("umad_status").invokeExact(umad);
        } catch (Throwable t) {
            throw failure("umad_status", t);
        }
    }

    int setAddr(MemorySegment umad, int dlid, int dqp, int sl, int qkey) {
        try {
            return (int) handle("umad_set_addr").invokeExact(umad, dlid, dqp, sl, qkey);
        } catch (Throwable t) {
            throw failure("umad_set_addr", t);
        }
    }

    int setGrh(MemorySegment umad, MemorySegment madAddr) {
        try {
            return (int) handle("umad_set_grh").invokeExact(umad, madAddr);
        } catch (Throwable t) {
            throw failure("umad_set_grh", t);
        }
    }

    int setPkey(MemorySegment umad, int pkeyIndex) {
        try {
            return (int) handle("umad_set_pkey").invokeExact(umad, pkeyIndex);
        } catch (Throwable t) {
            throw failure("umad_set_pkey", t);
        }
    }

    int send(int portId, int agentId, MemorySegment umad, int length, int timeoutMillis, int retries) {
        try {
            return (int) handle("umad_send").invokeExact(portId, agentId, umad, length, timeoutMillis, retries);
        } catch (Throwable t) {
            throw failure("umad_send", t);
        }
    }

    int recv(int portId, MemorySegment umad, MemorySegment length, int timeoutMillis) {
        try {
            return (int) handle("umad_recv").invokeExact(portId, umad, length, timeoutMillis);
        } catch (Throwable t) {
            throw failure("umad_recv", t);
        }
    }

    int poll(int portId, int timeoutMillis) {
        try {
            return (int) handle("umad_poll").invokeExact(portId, timeoutMillis);
        } catch (Throwable t) {
            throw failure("umad_poll", t);
        }
    }

    private MethodHandle handle(String name) {
        MethodHandle handle = handles.get(name);
        if (handle == null) {
            throw new IllegalStateException(name + " is not bound"); // callers check hasSmiSplit() first
        }
        return handle;
    }

    private static RuntimeException failure(String name, Throwable t) {
        if (t instanceof RuntimeException e) {
            return e;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(name + " failed", t);
    }
}
