/**
 * Vendor counter sets: a vendor bundle registers a {@link org.infiniscope.perf.vendor.CounterSet} service and the
 * performance manager reads it on every port it applies to at each sweep, next to the standard PMA counters; the
 * values show in {@code perf}, {@code perf:vendor} and the GUI's counters part.
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.perf.vendor;
