package org.infiniscope.cm.internal.rdmacm;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.SymbolLookup;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.infiniscope.verbs.rdmacore.ffm.NativeLibrary;

/**
 * librdmacm ({@code librdmacm.so.1}, rdma-core): the calls of the rdma_cm API this bundle maps, bound by name with the
 * shared loader of the rdma-core bindings; errno is captured for the calls that report failure through it (-1 or
 * NULL). Without the library (or with one that lacks a call) {@link #system()} is empty and {@link #loadError()} says
 * why.
 */
final class LibRdmaCm {

    /** The library's soname. */
    static final String SONAME = "librdmacm.so.1";

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
            Map.entry("rdma_create_qp", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS)),
            Map.entry("rdma_destroy_qp", FunctionDescriptor.ofVoid(ADDRESS)),
            Map.entry("rdma_connect", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS)),
            Map.entry("rdma_establish", FunctionDescriptor.of(JAVA_INT, ADDRESS)),
            Map.entry("rdma_listen", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT)),
            Map.entry("rdma_accept", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS)),
            Map.entry("rdma_reject", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_BYTE)),
            Map.entry("rdma_disconnect", FunctionDescriptor.of(JAVA_INT, ADDRESS)),
            Map.entry("rdma_init_qp_attr", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS)),
            Map.entry("rdma_get_cm_event", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS)),
            Map.entry("rdma_ack_cm_event", FunctionDescriptor.of(JAVA_INT, ADDRESS)),
            Map.entry("rdma_event_str", FunctionDescriptor.of(ADDRESS, JAVA_INT)));

    /** The calls whose errno is read after they fail. */
    static final Set<String> CAPTURING = Set.of("rdma_create_event_channel", "rdma_get_devices", "rdma_create_id",
            "rdma_destroy_id", "rdma_bind_addr", "rdma_resolve_addr", "rdma_resolve_route", "rdma_create_qp",
            "rdma_connect", "rdma_establish", "rdma_listen", "rdma_accept", "rdma_reject", "rdma_disconnect",
            "rdma_init_qp_attr", "rdma_get_cm_event", "rdma_ack_cm_event");

    private static final NativeLibrary.Loader LOADER = new NativeLibrary.Loader(SONAME,
            "rdma-core's librdmacm (Debian: librdmacm1)", FUNCTIONS, CAPTURING);

    private LibRdmaCm() {
    }

    /** @return the process's librdmacm, or empty with {@link #loadError()} saying why */
    static Optional<NativeLibrary> system() {
        return LOADER.get();
    }

    /** Binds the calls in another lookup (a stand-in for the library in tests). */
    static NativeLibrary bind(SymbolLookup lookup) {
        return NativeLibrary.bind(SONAME, lookup, FUNCTIONS, CAPTURING);
    }

    /** @return why the library could not be loaded, or null */
    static String loadError() {
        return LOADER.error();
    }
}
