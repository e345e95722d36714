package org.infiniscope.verbs;

import java.util.List;
import java.util.Objects;

/**
 * A send work request ({@code struct ibv_send_wr}). Build one with the static factories.
 *
 * @param wrId the caller's id, returned in the completion
 * @param opcode what it does
 * @param sgList the local buffers: gathered for sends and writes, scattered into for reads and atomics
 * @param signaled whether it completes into the CQ when the QP was not created with {@code sqSigAll}
 * @param solicited whether the receiver's CQ event fires for a solicited-only notification
 * @param immData the immediate data of the {@code _WITH_IMM} opcodes
 * @param remoteAddr the remote virtual address of RDMA and atomic operations
 * @param rkey the remote key of RDMA and atomic operations
 * @param compareAdd the value compared (compare-and-swap) or added (fetch-and-add)
 * @param swap the value swapped in by compare-and-swap
 * @param ah the address handle of a UD send, or null
 * @param remoteQpn the destination QP of a UD send
 * @param remoteQkey the Q_Key of a UD send
 */
public record SendWr(long wrId, WrOpcode opcode, List<Sge> sgList, boolean signaled, boolean solicited, int immData,
        long remoteAddr, int rkey, long compareAdd, long swap, AddressHandle ah, int remoteQpn, int remoteQkey) {

    public SendWr {
        Objects.requireNonNull(opcode, "opcode");
        sgList = List.copyOf(sgList);
    }

    /** @return a signalled send of one buffer */
    public static SendWr send(long wrId, Sge sge) {
        return new SendWr(wrId, WrOpcode.SEND, List.of(sge), true, false, 0, 0, 0, 0, 0, null, 0, 0);
    }

    /** @return a signalled UD send of one buffer to a remote QP through an address handle */
    public static SendWr sendUd(long wrId, Sge sge, AddressHandle ah, int remoteQpn, int remoteQkey) {
        return new SendWr(wrId, WrOpcode.SEND, List.of(sge), true, false, 0, 0, 0, 0, 0, ah, remoteQpn, remoteQkey);
    }

    /** @return a signalled RDMA write of one buffer to remote memory */
    public static SendWr write(long wrId, Sge sge, long remoteAddr, int rkey) {
        return new SendWr(wrId, WrOpcode.RDMA_WRITE, List.of(sge), true, false, 0, remoteAddr, rkey, 0, 0, null, 0, 0);
    }

    /** @return a signalled RDMA read of remote memory into one buffer */
    public static SendWr read(long wrId, Sge sge, long remoteAddr, int rkey) {
        return new SendWr(wrId, WrOpcode.RDMA_READ, List.of(sge), true, false, 0, remoteAddr, rkey, 0, 0, null, 0, 0);
    }

    /** @return a signalled compare-and-swap of 8 remote bytes; the original value lands in {@code sge} */
    public static SendWr compareAndSwap(long wrId, Sge sge, long remoteAddr, int rkey, long compare, long swap) {
        return new SendWr(wrId, WrOpcode.ATOMIC_CMP_AND_SWP, List.of(sge), true, false, 0, remoteAddr, rkey, compare,
                swap, null, 0, 0);
    }

    /** @return a signalled fetch-and-add on 8 remote bytes; the original value lands in {@code sge} */
    public static SendWr fetchAndAdd(long wrId, Sge sge, long remoteAddr, int rkey, long add) {
        return new SendWr(wrId, WrOpcode.ATOMIC_FETCH_AND_ADD, List.of(sge), true, false, 0, remoteAddr, rkey, add, 0,
                null, 0, 0);
    }

    /** @return this request, signalled or not */
    public SendWr withSignaled(boolean s) {
        return new SendWr(wrId, opcode, sgList, s, solicited, immData, remoteAddr, rkey, compareAdd, swap, ah,
                remoteQpn, remoteQkey);
    }

    /** @return this request with the opcode's {@code _WITH_IMM} variant and immediate data */
    public SendWr withImm(int imm) {
        WrOpcode op = switch (opcode) {
            case SEND, SEND_WITH_IMM -> WrOpcode.SEND_WITH_IMM;
            case RDMA_WRITE, RDMA_WRITE_WITH_IMM -> WrOpcode.RDMA_WRITE_WITH_IMM;
            default -> throw new IllegalArgumentException(opcode + " carries no immediate data");
        };
        return new SendWr(wrId, op, sgList, signaled, solicited, imm, remoteAddr, rkey, compareAdd, swap, ah, remoteQpn,
                remoteQkey);
    }

    /** @return the bytes its local buffers hold */
    public long length() {
        return sgList.stream().mapToLong(Sge::length).sum();
    }
}
