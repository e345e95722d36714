/**
 * The embedded simulated fabric: a whole fabric in memory whose nodes answer real MAD bytes, reached through a
 * {@link org.infiniscope.mad.transport.MadChannel} attached at one of its ports ({@code --fabric sim}).
 */
@org.osgi.annotation.versioning.Version("0.2.0")
package org.infiniscope.sim;
