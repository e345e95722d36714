package org.infiniscope.rest.internal;

import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import org.infiniscope.rest.Role;
import org.infiniscope.rest.TokenInfo;
import org.infiniscope.rest.TokenStoreException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Every request to the runtime's HTTP server needs a bearer token: the API, its OpenAPI document and the perf
 * manager's {@code /metrics} alike (a whiteboard filter on {@code /*} of the default context, where they all are).
 * {@code /metrics} takes any token, the scrape token included; everything else a viewer's or better. Failed logins
 * are logged with the client's address and what it asked for, never what it sent, and an address that fails
 * {@value #DEFAULT_FAILURES} times within {@value #DEFAULT_WINDOW} s ({@code login.failures} and {@code login.window}
 * of {@link RestSettings}' PID, else the framework properties {@value #FAILURES_PROPERTY}, {@value #WINDOW_PROPERTY}) is
 * answered 429 without its token being checked until the window has passed; tokens it
 * used successfully before go on working.
 */
@Component(service = Filter.class, property = {"osgi.http.whiteboard.filter.pattern=/*",
        "osgi.http.whiteboard.filter.name=infiniscope-auth", "osgi.http.whiteboard.filter.asyncSupported=true"})
public final class AuthFilter implements Filter {

    /** The request attribute holding the caller's {@link TokenInfo}. */
    static final String CALLER = "org.infiniscope.rest.caller";
    static final String FAILURES_PROPERTY = "infiniscope.rest.login.failures";
    static final String WINDOW_PROPERTY = "infiniscope.rest.login.window";
    static final int DEFAULT_FAILURES = 10;
    static final int DEFAULT_WINDOW = 60;

    private static final Logger LOG = LoggerFactory.getLogger(AuthFilter.class);
    private static final String METRICS = "/metrics";

    private final AccessTokensImpl tokens;
    private final RestSettings settings;
    private final FailedLogins failures;
    private final java.util.Set<String> storeProblems = ConcurrentHashMap.newKeySet();

    @Activate
    public AuthFilter(@Reference AccessTokensImpl tokens, @Reference RestSettings settings) {
        this.tokens = tokens;
        this.settings = settings;
        this.failures = settings.failedLogins();
    }

    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest request = (HttpServletRequest) req;
        HttpServletResponse response = (HttpServletResponse) res;
        String path = request.getRequestURI();
        String header = request.getHeader("Authorization");
        if (header == null || header.isBlank()) {
            bodyLeftUnread(request, response);
            response.setHeader("WWW-Authenticate", "Bearer realm=\"infiniscope\"");
            Answers.error(response, 401, "a bearer token is required: Authorization: Bearer TOKEN"
                    + " (the runtime's `infiniscope token add --role viewer` makes one)");
            return;
        }
        String address = request.getRemoteAddr();
        String what = request.getMethod() + " " + path;
        if (!header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            reject(request, response, address, what, "not a bearer token");
            return;
        }
        String token = header.substring(7).strip();
        Optional<TokenInfo> caller;
        try {
            long blocked = failures.blockedSeconds(address, System.nanoTime());
            if (blocked > 0) {
                caller = tokens.remembered(token);
                if (caller.isEmpty()) {
                    bodyLeftUnread(request, response);
                    response.setHeader("Retry-After", String.valueOf(blocked));
                    Answers.error(response, 429,
                            "too many failed logins from this address: try again in " + blocked + " s");
                    return;
                }
            } else {
                caller = tokens.authenticate(token);
            }
        } catch (TokenStoreException e) {
            if (storeProblems.add(e.getMessage())) {
                LOG.error("the REST API refuses every request: {}", e.getMessage());
            }
            bodyLeftUnread(request, response);
            Answers.error(response, 503, "the token store cannot be used; the runtime's log says why");
            return;
        }
        if (caller.isEmpty()) {
            reject(request, response, address, what, "unknown, revoked or wrong token");
            return;
        }
        TokenInfo who = caller.get();
        if (!path.equals(METRICS) && !who.role().allows(Role.VIEWER)) {
            bodyLeftUnread(request, response);
            Answers.error(response, 403, "a " + who.role().id() + " token reads /metrics only");
            return;
        }
        request.setAttribute(CALLER, who);
        if (path.equals(METRICS)) {
            // the metrics servlet (another bundle) serves only a request an access check admitted: one with an
            // authentication type, which the Servlet API carries without a contract between the bundles
            chain.doFilter(new HttpServletRequestWrapper(request) {
                @Override
                public String getAuthType() {
                    return "Bearer";
                }

                @Override
                public String getRemoteUser() {
                    return who.label().isEmpty() ? who.id() : who.label();
                }
            }, response);
            return;
        }
        chain.doFilter(request, response);
    }

    /**
     * A request refused here has its body, if any, left unread: the connection is closed after the answer, so that a
     * client that sends its next request on it does not find the rest of this body in the way (RestApiIT saw a
     * broken pipe after a large refused POST).
     */
    static void bodyLeftUnread(HttpServletRequest request, HttpServletResponse response) {
        if (request.getContentLengthLong() > 0 || request.getHeader("Transfer-Encoding") != null) {
            response.setHeader("Connection", "close");
        }
    }

    private void reject(HttpServletRequest request, HttpServletResponse response, String address, String what,
            String why) throws IOException {
        bodyLeftUnread(request, response);
        boolean nowBlocked = failures.fail(address, System.nanoTime());
        LOG.warn("failed login from {} for {}: {}", address, what, why);
        if (nowBlocked) {
            LOG.warn("too many failed logins from {}: its new tokens are refused for up to {} s", address,
                    settings.settings().window());
        }
        response.setHeader("WWW-Authenticate", "Bearer realm=\"infiniscope\", error=\"invalid_token\"");
        Answers.error(response, 401, "the token is not valid");
    }
}
