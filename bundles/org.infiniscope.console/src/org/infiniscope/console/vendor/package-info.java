/**
 * Calls into vendor code: {@link org.infiniscope.console.vendor.VendorCalls} runs a call on a vendor's service
 * (a {@code RoutingEngine}, {@code FirmwareFormat}, {@code VendorCodec}, {@code CounterSet}...) within a time
 * bound on a bounded pool, so that a vendor bundle that throws or hangs costs the core one bounded wait, once.
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.console.vendor;
