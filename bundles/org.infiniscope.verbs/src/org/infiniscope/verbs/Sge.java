package org.infiniscope.verbs;

/**
 * A scatter/gather entry ({@code struct ibv_sge}).
 *
 * @param addr the virtual address of the buffer
 * @param length its bytes
 * @param lkey the local key of the memory region it lies in
 */
public record Sge(long addr, int length, int lkey) {
}
