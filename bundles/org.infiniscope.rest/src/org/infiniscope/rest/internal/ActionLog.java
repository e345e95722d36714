package org.infiniscope.rest.internal;

import org.infiniscope.console.audit.AuditLog;
import org.infiniscope.rest.TokenInfo;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Records every operator action made through the API: who (the token's ID and role, never its secret), what (method
 * and path), when and with what result. Each goes to the runtime's {@link AuditLog} (source REST, the operator named
 * by the token's ID and label), to the log and to the event stream (type {@code action}). The commands an action runs
 * are recorded by the command service too, under the same name ({@link #commandProperties}).
 */
@Component(service = ActionLog.class)
public final class ActionLog {

    private static final Logger LOG = LoggerFactory.getLogger(ActionLog.class);

    private final EventHub events;
    private volatile AuditLog audit;

    @Activate
    public ActionLog(@Reference EventHub events) {
        this.events = events;
    }

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    void bindAudit(AuditLog log) {
        audit = log;
    }

    void unbindAudit(AuditLog log) {
        if (audit == log) {
            audit = null;
        }
    }

    /** @return how the audit log names a token's holder: its ID and label, never its secret */
    static String who(TokenInfo caller) {
        return "token " + caller.id() + (caller.label().isEmpty() ? "" : " (" + caller.label() + ")");
    }

    /** @return the command service's properties that name a command run for this caller as a REST action */
    static java.util.Map<String, String> commandProperties(TokenInfo caller) {
        return java.util.Map.of(AuditLog.SOURCE_PROPERTY, AuditLog.Source.REST.name(), AuditLog.USER_PROPERTY,
                who(caller));
    }

    /**
     * Records an action that ran.
     *
     * @param caller who asked
     * @param action the method and path
     * @param route the operation's path template, such as {@code /api/v1/nodes/{guid}/ports/{port}/actions}
     * @param status the HTTP status answered
     * @param result what came of it (already free of secrets)
     */
    void record(TokenInfo caller, String action, String route, int status, String result) {
        LOG.info("REST action by token {} ({}): {} -> {} {}", caller.id(), caller.role().id(), action, status, result);
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("token", caller.id());
        data.put("role", caller.role().id());
        data.put("action", action);
        data.put("status", status);
        data.put("result", result);
        events.publish("action", data);
        AuditLog log = audit;
        if (log != null) {
            String method = action.substring(0, action.indexOf(' '));
            log.record(who(caller), AuditLog.Source.REST, method + " " + route, action.substring(method.length() + 1),
                    status / 100 == 2 ? AuditLog.OK : status + " " + result);
        }
    }
}
