package org.infiniscope.verbs.sim;

/**
 * What is allocated on a simulated HCA now, over every context open on it.
 *
 * @param contexts contexts open
 * @param uars doorbell (UAR) pages mapped
 * @param pds protection domains
 * @param mrs memory regions
 * @param pinnedPages pages pinned for them
 * @param cqs completion queues
 * @param qps queue pairs
 * @param srqs shared receive queues
 * @param ahs address handles
 */
public record HcaResources(int contexts, int uars, int pds, int mrs, long pinnedPages, int cqs, int qps, int srqs,
        int ahs) {
}
