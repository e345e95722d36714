/** Performance management: ClassPortInfo, PortCounters, PortCountersExtended and the error-detail attributes. */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.mad.perf;
