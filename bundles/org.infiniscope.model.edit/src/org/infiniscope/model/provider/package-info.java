/**
 * EMF.Edit item providers of the fabric model: labels, tree children and property descriptors (readable names,
 * values with their units) for the GUI's views.
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.model.provider;
