package org.infiniscope.rest.internal;

import java.io.IOException;

import org.infiniscope.rest.TokenInfo;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import jakarta.servlet.Servlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * {@code /api/v1/…}: finds the operation of the method and path in the {@link RouteTable}, checks the caller's role,
 * runs it and answers its JSON. Every operation that changes something is recorded by the {@link ActionLog}, whether
 * it succeeded or not; a refused one (403) is recorded too and changes nothing.
 */
@Component(service = Servlet.class, property = {"osgi.http.whiteboard.servlet.pattern=/api/*",
        "osgi.http.whiteboard.servlet.name=infiniscope-rest", "osgi.http.whiteboard.servlet.asyncSupported=true"})
public final class ApiServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(ApiServlet.class);
    static final String VERSION = "/v1";

    private final transient RouteTable routes;
    private final transient ActionLog actions;

    @Activate
    public ApiServlet(@Reference RouteTable routes, @Reference ActionLog actions) {
        this.routes = routes;
        this.actions = actions;
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        TokenInfo caller = (TokenInfo) request.getAttribute(AuthFilter.CALLER);
        if (caller == null) { // the filter is not there: refuse rather than serve unauthenticated
            Answers.error(response, 503, "access control is not running");
            return;
        }
        String path = request.getPathInfo() == null ? "" : request.getPathInfo();
        if (path.equals(VERSION) || path.equals(VERSION + "/")) {
            Answers.json(response, 200, index());
            return;
        }
        if (!path.startsWith(VERSION + "/")) {
            Answers.error(response, 404, "no API at /api" + path + ": the API is at /api/v1");
            return;
        }
        String method = request.getMethod();
        RouteTable.Match match = routes.find(method, path.substring(VERSION.length()));
        Route route = match.route();
        if (route == null) {
            AuthFilter.bodyLeftUnread(request, response);
            if (match.pathKnown()) {
                Answers.error(response, 405, method + " is not an operation of /api" + path);
            } else {
                Answers.error(response, 404, "no operation at /api" + path);
            }
            return;
        }
        boolean change = !method.equals("GET");
        String action = method + " /api" + path;
        if (!caller.role().allows(route.role())) {
            String message = "a " + caller.role().id() + " token may not " + route.summary().toLowerCase() + " (needs "
                    + route.role().id() + ")";
            if (change) {
                actions.record(caller, action, "/api" + VERSION + route.path(), 403,
                        "refused: needs " + route.role().id());
            }
            AuthFilter.bodyLeftUnread(request, response);
            Answers.error(response, 403, message);
            return;
        }
        int status;
        String result;
        try {
            Object body = route.handler()
                    .handle(new ApiRequest(request, response, match.parameters(), caller, Answers.JSON));
            if (body == ApiRequest.STREAMING) {
                return;
            }
            status = route.status();
            result = "done";
            Answers.json(response, status, body);
        } catch (ApiException e) {
            status = e.status();
            result = e.getMessage();
            Answers.error(response, status, e.getMessage());
        } catch (RuntimeException e) {
            LOG.error("{} failed", action, e);
            status = 500;
            result = "internal error";
            Answers.error(response, 500, "internal error; the runtime's log has the details");
        }
        if (change) {
            actions.record(caller, action, "/api" + VERSION + route.path(), status, result);
        }
    }

    private ObjectNode index() {
        ObjectNode json = Answers.JSON.createObjectNode();
        json.put("api", "infiniscope");
        json.put("version", "v1");
        json.put("openapi", "/openapi.json");
        ArrayNode list = json.putArray("operations");
        for (Route r : routes.routes()) {
            list.add(r.method() + " /api" + VERSION + r.path());
        }
        return json;
    }
}
