/**
 * The sample vendor bundle of "Example Fabrics" (a made-up vendor): a vendor MAD class with its codec and its
 * simulator agent, a counter set, a firmware format, and Gogo commands ({@code example:mkimage},
 * {@code example:misbehave}). docs/extending.md walks through it.
 */
package org.infiniscope.examples.vendor.internal;
