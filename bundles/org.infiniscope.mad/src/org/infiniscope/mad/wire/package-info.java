/** Wire-level helpers shared by every MAD codec, including vendors' codecs: bit fields, errors, the codec contract. */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.mad.wire;
