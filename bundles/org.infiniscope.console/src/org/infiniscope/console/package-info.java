/**
 * The Infiniscope console: the {@link org.infiniscope.console.CommandService} that runs commands and the
 * {@link org.infiniscope.console.ConsoleTool} whiteboard through which bundles contribute them.
 */
@org.osgi.annotation.versioning.Version("0.1.1")
package org.infiniscope.console;
