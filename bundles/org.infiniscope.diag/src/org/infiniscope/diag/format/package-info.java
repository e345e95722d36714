/**
 * Text of management attributes exactly as infiniband-diags prints it, for the tools of this bundle and for
 * anyone who compares with the real tools.
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.diag.format;
