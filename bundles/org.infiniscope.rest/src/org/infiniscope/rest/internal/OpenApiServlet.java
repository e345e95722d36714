package org.infiniscope.rest.internal;

import java.io.IOException;

import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import jakarta.servlet.Servlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** {@code GET /openapi.json}: the OpenAPI document of the operations served now (a viewer token reads it). */
@Component(service = Servlet.class, property = {"osgi.http.whiteboard.servlet.pattern=/openapi.json",
        "osgi.http.whiteboard.servlet.name=infiniscope-openapi"})
public final class OpenApiServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    private final transient RouteTable routes;
    private final String version;

    @Activate
    public OpenApiServlet(BundleContext context, @Reference RouteTable routes) {
        this.routes = routes;
        this.version = context.getBundle().getVersion().toString();
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (request.getAttribute(AuthFilter.CALLER) == null) {
            Answers.error(response, 503, "access control is not running");
            return;
        }
        Answers.json(response, 200, OpenApi.document(routes.routes(), version));
    }
}
