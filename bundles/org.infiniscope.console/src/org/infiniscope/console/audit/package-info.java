/**
 * The audit log: every operator action that changes the fabric or the runtime, from the GUI, the CLI, the Gogo shell
 * and the REST API, recorded with who did it, what, on what, when and what came of it. {@link Secrets} masks M_Keys,
 * SM_Keys and tokens before anything is recorded.
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.console.audit;
