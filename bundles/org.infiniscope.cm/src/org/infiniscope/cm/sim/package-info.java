/** The CM on a simulated fabric: every channel adapter's host gets an {@link org.infiniscope.cm.RdmaCm}. */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.cm.sim;
