package org.infiniscope.rest.internal;

import java.util.List;

/**
 * A group of operations over one service of the runtime, registered as a service of this bundle: the API serves, and
 * its OpenAPI document lists, the operations of the groups whose services are there.
 */
interface Endpoints {

    /** @return its operations */
    List<Route> routes();
}
