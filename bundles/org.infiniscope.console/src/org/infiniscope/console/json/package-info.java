/** The JSON the tools print for {@code --json}. */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.console.json;
