/**
 * The performance manager: sweeps every port's PMA counters, keeps 64-bit totals that never go backwards (IBA
 * counters saturate, and others reset them), derives rates, utilisation and congestion, keeps a short history per
 * port and raises events on threshold rules.
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.perf;
