/**
 * The verbs API, modelled on libibverbs in Java idiom: the device list ({@link org.infiniscope.verbs.Verbs}), a
 * device's {@link org.infiniscope.verbs.Context} and what hangs from it — protection domains, memory regions,
 * completion channels and queues, queue pairs, shared receive queues, address handles and asynchronous events.
 * Checks that the Linux kernel makes (the QP state table, memory registration) are made as it makes them, with the
 * same errno values ({@link org.infiniscope.verbs.VerbsException}).
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.verbs;
