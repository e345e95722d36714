package org.infiniscope.perf.internal;

import java.io.IOException;
import java.io.OutputStream;

import org.infiniscope.perf.PerfManager;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.prometheus.metrics.expositionformats.ExpositionFormatWriter;
import jakarta.servlet.Servlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * {@code GET /metrics}: every port the manager knows, in Prometheus' text format (OpenMetrics when the scraper's
 * {@code Accept} header asks for it), served through the OSGi Servlet Whiteboard by the runtime's HTTP server (Jetty
 * through Felix HTTP), the server the REST API shares.
 * <p>
 * It serves only a request that an access check admitted, one with an authentication type
 * ({@link HttpServletRequest#getAuthType()}): the REST bundle's token filter admits the scrape token and the API's
 * roles. Without that filter (the REST bundle stopped or not installed) every scrape is refused, so that stopping a
 * bundle never opens the counters to anyone who can reach the port.
 */
@Component(service = Servlet.class, property = {"osgi.http.whiteboard.servlet.pattern=/metrics",
        "osgi.http.whiteboard.servlet.name=infiniscope-metrics"})
public final class MetricsServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    private final transient PerfManager manager;

    @Activate
    public MetricsServlet(@Reference PerfManager manager) {
        this.manager = manager;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (request.getAuthType() == null) {
            response.setHeader("WWW-Authenticate", "Bearer realm=\"infiniscope\"");
            response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
            response.setContentType("text/plain; charset=utf-8");
            response.getWriter().println("/metrics needs the scrape token, and no token check admitted this request"
                    + " (is the bundle org.infiniscope.rest running?)");
            return;
        }
        ExpositionFormatWriter writer = PerfMetrics.writer(request.getHeader("Accept"));
        response.setStatus(HttpServletResponse.SC_OK);
        response.setContentType(writer.getContentType());
        try (OutputStream out = response.getOutputStream()) {
            PerfMetrics.write(manager.ports(), writer, out);
        }
    }
}
