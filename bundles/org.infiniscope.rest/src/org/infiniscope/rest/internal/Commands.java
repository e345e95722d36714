package org.infiniscope.rest.internal;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;

import org.infiniscope.console.CommandService;
import org.infiniscope.console.ExitStatus;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Runs a console command for the API, as the GUI's actions do: the same tool as the CLI, its text captured and
 * cleared of key values before it reaches a client.
 */
final class Commands {

    /** What a command did. */
    record Outcome(int status, String out, String err) {

        ObjectNode json() {
            ObjectNode json = JsonNodeFactory.instance.objectNode();
            json.put("status", status);
            json.put("output", out);
            json.put("errors", err);
            return json;
        }

        /** @return the outcome, or the API error its status stands for */
        Outcome orError(String what) throws ApiException {
            if (status == ExitStatus.OK) {
                return this;
            }
            String message = what + " failed (exit status " + status + ")" + (err.isBlank() ? "" : ": " + err.strip());
            throw switch (status) {
                case ExitStatus.USAGE -> ApiException.badRequest(message);
                case ExitStatus.UNAVAILABLE -> new ApiException(501, message);
                default -> ApiException.conflict(message);
            };
        }
    }

    private Commands() {
    }

    static Outcome run(CommandService commands, List<String> argv) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status;
        try (PrintWriter o = new PrintWriter(out); PrintWriter e = new PrintWriter(err)) {
            status = commands.execute(argv, o, e, Map.of());
        }
        return new Outcome(status, Secrets.scrub(out.toString()), Secrets.scrub(err.toString()));
    }
}
