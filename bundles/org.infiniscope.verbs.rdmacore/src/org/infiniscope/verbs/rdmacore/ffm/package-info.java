/** Loading a native library of rdma-core through FFM, shared by the libibverbs and librdmacm bindings. */
@Version("0.1.0")
package org.infiniscope.verbs.rdmacore.ffm;

import org.osgi.annotation.versioning.Version;
