package org.infiniscope.verbs;

/**
 * What a device can do ({@code struct ibv_device_attr}, the fields used here).
 *
 * @param fwVer the firmware version
 * @param nodeGuid the node GUID
 * @param sysImageGuid the system image GUID
 * @param vendorId the IEEE vendor id
 * @param vendorPartId the vendor's part id
 * @param maxMrSize the largest memory region in bytes
 * @param pageSizeCap the page sizes supported, a bit each
 * @param maxQp queue pairs at most
 * @param maxQpWr work requests per queue at most
 * @param maxSge scatter/gather entries per work request at most
 * @param maxCq completion queues at most
 * @param maxCqe entries per completion queue at most
 * @param maxMr memory regions at most
 * @param maxPd protection domains at most
 * @param maxQpRdAtom RDMA reads and atomics outstanding per QP as target at most
 * @param maxQpInitRdAtom RDMA reads and atomics outstanding per QP as initiator at most
 * @param maxSrq shared receive queues at most
 * @param maxSrqWr work requests per shared receive queue at most
 * @param atomicCap whether atomics are atomic across the HCA (1 IBV_ATOMIC_HCA)
 * @param physPortCnt the number of ports
 * @param numCompVectors the completion event vectors
 */
public record DeviceAttr(String fwVer, long nodeGuid, long sysImageGuid, int vendorId, int vendorPartId, long maxMrSize,
        long pageSizeCap, int maxQp, int maxQpWr, int maxSge, int maxCq, int maxCqe, int maxMr, int maxPd,
        int maxQpRdAtom, int maxQpInitRdAtom, int maxSrq, int maxSrqWr, int atomicCap, int physPortCnt,
        int numCompVectors) {
}
