/**
 * The remote fabric: a headless runtime's fabric read over its REST API into the local fabric model, kept live by
 * its server-sent events, with port actions sent to it. The views of the GUI read the model as they do for a local
 * fabric.
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.ui.remote;
