/** What a verbs provider implements to plug its devices into the device list. */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.verbs.spi;
