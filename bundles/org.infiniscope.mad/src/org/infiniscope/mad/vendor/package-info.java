/** Vendor-class MADs as raw payloads, the SPI through which vendor bundles decode them, and Mellanox GeneralInfo. */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.mad.vendor;
