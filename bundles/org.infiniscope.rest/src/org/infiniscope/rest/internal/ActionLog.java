package org.infiniscope.rest.internal;

import org.infiniscope.rest.TokenInfo;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Records every operator action made through the API: who (the token's ID and role, never its secret), what (method
 * and path), when and with what result. Each goes to the log and to the event stream (type {@code action}).
 * <p>
 * HOOK: the runtime's audit log service (issue 11 item 1) is to receive each action as well; until it is merged the
 * log line and the event are the record.
 */
@Component(service = ActionLog.class)
public final class ActionLog {

    private static final Logger LOG = LoggerFactory.getLogger(ActionLog.class);

    private final EventHub events;

    @Activate
    public ActionLog(@Reference EventHub events) {
        this.events = events;
    }

    /**
     * Records an action that ran.
     *
     * @param caller who asked
     * @param action the method and path
     * @param status the HTTP status answered
     * @param result what came of it (already free of secrets)
     */
    void record(TokenInfo caller, String action, int status, String result) {
        LOG.info("REST action by token {} ({}): {} -> {} {}", caller.id(), caller.role().id(), action, status, result);
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("token", caller.id());
        data.put("role", caller.role().id());
        data.put("action", action);
        data.put("status", status);
        data.put("result", result);
        events.publish("action", data);
    }
}
