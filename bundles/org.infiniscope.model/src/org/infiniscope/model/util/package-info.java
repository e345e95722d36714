/**
 * Utilities of the fabric model: the EMF switch and adapter factory, and XMI persistence of a fabric.
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.model.util;
