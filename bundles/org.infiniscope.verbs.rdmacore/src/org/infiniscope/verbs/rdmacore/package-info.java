/**
 * The rdma-core verbs objects as native handles, for bindings of other rdma-core libraries (librdmacm) that create
 * or take the same objects.
 */
@Version("0.1.0")
package org.infiniscope.verbs.rdmacore;

import org.osgi.annotation.versioning.Version;
