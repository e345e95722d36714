package org.infiniscope.cm.internal.rdmacm;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.MemorySegment;
import java.util.List;

import org.infiniscope.cm.CmEvent;
import org.infiniscope.cm.CmEventType;
import org.infiniscope.cm.CmId;
import org.infiniscope.cm.ConnParam;
import org.infiniscope.cm.PortSpace;
import org.infiniscope.cm.UdParam;

/** {@code struct rdma_cm_event} into a {@link CmEvent}: its type, status and what the peer sent. */
final class CmaEvents {

    /** {@code enum rdma_cm_event_type} in its order: the names are ours without the prefix. */
    static final List<String> NATIVE = List.of("ADDR_RESOLVED", "ADDR_ERROR", "ROUTE_RESOLVED", "ROUTE_ERROR",
            "CONNECT_REQUEST", "CONNECT_RESPONSE", "CONNECT_ERROR", "UNREACHABLE", "REJECTED", "ESTABLISHED",
            "DISCONNECTED", "DEVICE_REMOVAL", "MULTICAST_JOIN", "MULTICAST_ERROR", "ADDR_CHANGE", "TIMEWAIT_EXIT");

    private CmaEvents() {
    }

    /** @return our type of a native event type */
    static CmEventType type(int nativeType) {
        if (nativeType < 0 || nativeType >= NATIVE.size()) {
            throw new IllegalArgumentException("librdmacm event type " + nativeType + " is unknown");
        }
        return CmEventType.valueOf(NATIVE.get(nativeType));
    }

    /** @return the native value of a type, as {@code rdma_event_str} takes it */
    static int nativeType(CmEventType type) {
        return NATIVE.indexOf(type.name());
    }

    /** @return the native identifier an event is counted on until acknowledged (the listener's for a request) */
    static long countedOn(MemorySegment event) {
        MemorySegment ev = event.reinterpret(CmaStructs.CM_EVENT.byteSize());
        return type(ev.get(JAVA_INT, CmaStructs.EV_EVENT)) == CmEventType.CONNECT_REQUEST
                ? ev.get(ADDRESS, CmaStructs.EV_LISTEN_ID).address()
                : ev.get(ADDRESS, CmaStructs.EV_ID).address();
    }

    /**
     * @param event the native event
     * @param id our identifier of its {@code id}
     * @param listenId our identifier of its {@code listen_id}, or null
     * @param space the port space of the identifier: UDP events carry a UD parameter, the others a connection's
     */
    static CmEvent map(MemorySegment event, CmId id, CmId listenId, PortSpace space) {
        MemorySegment ev = event.reinterpret(CmaStructs.CM_EVENT.byteSize());
        CmEventType type = type(ev.get(JAVA_INT, CmaStructs.EV_EVENT));
        int status = ev.get(JAVA_INT, CmaStructs.EV_STATUS);
        MemorySegment p = ev.asSlice(CmaStructs.EV_PARAM);
        ConnParam conn = null;
        UdParam ud = null;
        if (space == PortSpace.UDP) {
            if (type == CmEventType.ESTABLISHED || type == CmEventType.CONNECT_REQUEST) {
                ud = new UdParam(p.get(JAVA_INT, CmaStructs.UD_QP_NUM), p.get(JAVA_INT, CmaStructs.UD_QKEY),
                        p.get(JAVA_SHORT, CmaStructs.UD_DLID) & 0xFFFF,
                        privateData(p, p.get(JAVA_BYTE, CmaStructs.UD_PRIVATE_DATA_LEN)));
            }
        } else if (type == CmEventType.CONNECT_REQUEST || type == CmEventType.CONNECT_RESPONSE
                || type == CmEventType.ESTABLISHED || type == CmEventType.REJECTED) {
            conn = new ConnParam(privateData(p, p.get(JAVA_BYTE, CmaStructs.CP_PRIVATE_DATA_LEN)),
                    p.get(JAVA_BYTE, CmaStructs.CP_RESPONDER_RESOURCES) & 0xFF,
                    p.get(JAVA_BYTE, CmaStructs.CP_INITIATOR_DEPTH) & 0xFF,
                    p.get(JAVA_BYTE, CmaStructs.CP_RETRY_COUNT) & 7,
                    p.get(JAVA_BYTE, CmaStructs.CP_RNR_RETRY_COUNT) & 7);
        }
        return new CmEvent(type, id, listenId, status, conn, ud);
    }

    /** Both parameter structures start with the private data pointer and its length. */
    private static byte[] privateData(MemorySegment param, byte length) {
        int n = length & 0xFF;
        MemorySegment data = param.get(ADDRESS, CmaStructs.CP_PRIVATE_DATA);
        if (n == 0 || data.equals(MemorySegment.NULL)) {
            return new byte[0];
        }
        return data.reinterpret(n).toArray(JAVA_BYTE);
    }
}
