/**
 * The contract between the GUI's views: what a selection is and how views ask each other for something.
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.ui.fabric;
