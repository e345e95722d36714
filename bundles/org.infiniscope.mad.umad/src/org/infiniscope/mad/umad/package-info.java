/**
 * The MAD channel over {@code libibumad.so.3} (real HCAs, and ibsim through umad2sim), reached through Java's
 * FFM API: {@link org.infiniscope.mad.umad.UmadChannels#open(String)} gives a
 * {@link org.infiniscope.mad.transport.MadChannel} for
 * {@link org.infiniscope.mad.transport.MadTransports#over}.
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.mad.umad;
