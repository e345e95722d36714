/**
 * The connection of the runtime to one fabric at a time: {@link org.infiniscope.model.connection.FabricConnection}
 * opens a fabric through the installed channel providers, sweeps it, keeps the
 * {@link org.infiniscope.model.FabricModelService} up to date and tells {@link
 * org.infiniscope.model.connection.ConnectionListener}s how it goes. The GUI and the REST API both drive it; it has
 * no UI.
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.model.connection;
