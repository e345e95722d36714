/** The MadTransport service: send a MAD and get its answer, register agents for unsolicited MADs. */
@org.osgi.annotation.versioning.Version("0.2.0")
package org.infiniscope.mad.transport;
