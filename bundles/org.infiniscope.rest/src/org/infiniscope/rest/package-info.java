/**
 * The REST API of the headless runtime and its access control: the roles a token carries and the token store that
 * the {@code token} command and the API's administrators use.
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.rest;
