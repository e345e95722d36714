/**
 * Partitions and QoS as OpenSM 3.3.23 configures them: the {@code partitions.conf} grammar (read, validated and
 * written), the P_Key tables each port gets from it, and the SL2VL and VL arbitration tables of OpenSM's simple QoS
 * options. The SM core maps its subnet onto the plain records here ({@link PartitionPort}, {@link QosPort}), so
 * nothing in this package depends on how the SM holds its fabric.
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.sm.partition;
