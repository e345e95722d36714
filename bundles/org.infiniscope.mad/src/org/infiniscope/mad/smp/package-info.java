/** Subnet management packets: LID-routed and directed-route SMPs, the directed-route rules of IBA 14.2.2, and the SMA attributes. */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.mad.smp;
