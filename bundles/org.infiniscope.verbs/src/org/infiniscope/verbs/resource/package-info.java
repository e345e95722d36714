/**
 * The resource view: every queue pair and connection manager ID a system holds, whoever created it, as
 * {@code rdma resource show qp|cm_id} lists them. Sources are the simulated HCAs of this process and, on a Linux
 * host with RDMA devices, the kernel's resource tracking read through RDMA netlink.
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.verbs.resource;
