package org.infiniscope.rest.internal;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import org.infiniscope.console.CommandService;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.rest.TokenInfo;

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

    /** Runs a command for a caller: the command service's audit names the caller and the REST source. */
    static Outcome run(CommandService commands, List<String> argv, TokenInfo caller) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status;
        try (PrintWriter o = new PrintWriter(out); PrintWriter e = new PrintWriter(err)) {
            status = commands.execute(argv, o, e, ActionLog.commandProperties(caller));
        }
        return new Outcome(status, Secrets.scrub(out.toString()), Secrets.scrub(err.toString()));
    }
}
