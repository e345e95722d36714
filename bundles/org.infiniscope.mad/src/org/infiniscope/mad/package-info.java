/**
 * The MAD layer's common types: the 256-byte MAD, its common header, management classes, methods and
 * status codes. Class-specific codecs live in the sub-packages ({@code smp}, {@code sa}, {@code perf},
 * {@code cm}, {@code vendor}), RMPP in {@code rmpp}, and the {@code MadTransport} service in {@code transport}.
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.mad;
