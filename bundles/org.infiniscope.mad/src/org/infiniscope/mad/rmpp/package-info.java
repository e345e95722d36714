/** RMPP (IBA 13.6): segmentation and reassembly of multi-MAD payloads, with windows, ACKs, retries and aborts. */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.mad.rmpp;
