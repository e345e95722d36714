/**
 * Subnet management packets: LID-routed and directed-route SMPs, the directed-route rules of IBA 14.2.2, and the
 * SMA attributes.
 * <p>
 * {@link org.infiniscope.mad.smp.Smp} is the 256-byte SMP as a value; agents and the SM on a hot path use
 * {@link org.infiniscope.mad.smp.Smp#decodeAttribute} on the MAD bytes instead.
 * {@link org.infiniscope.mad.smp.DirectedRoute#processAtNode} applies C14-6, C14-9 and C14-13 at one node, for the
 * simulator and real agents alike. Each attribute is a record with a {@code CODEC}; their layouts match libibmad's
 * field tables bit for bit, and {@link org.infiniscope.mad.smp.LinkEncodings} prints link fields as
 * infiniband-diags does.
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.mad.smp;
