/**
 * The subnet as the SM last configured it: an immutable database published after each sweep, which the SA answers
 * from and the console and GUI show.
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.sm.subnet;
