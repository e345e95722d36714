package org.infiniscope.rest.internal;

import java.util.List;

import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.rest.AccessTokens;
import org.infiniscope.rest.IssuedToken;
import org.infiniscope.rest.Role;
import org.infiniscope.rest.TokenInfo;
import org.infiniscope.rest.TokenStoreException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * {@code token}: makes, lists and revokes the REST API's bearer tokens in the runtime's token file. A new token is
 * printed once, alone on standard output, and never again.
 */
@Component(service = ConsoleTool.class)
public final class TokenTool implements ConsoleTool {

    private final AccessTokens tokens;

    @Activate
    public TokenTool(@Reference AccessTokens tokens) {
        this.tokens = tokens;
    }

    @Override
    public String name() {
        return "token";
    }

    @Override
    public String summary() {
        return "REST API tokens: add (printed once), list, revoke";
    }

    @Override
    public String usage() {
        return """
                usage: infiniscope token add --role ROLE [--label TEXT]
                       infiniscope token list
                       infiniscope token revoke ID
                  add      makes a token and prints it once (only its salted hash is stored)
                  ROLE     viewer (reads), operator (port actions, resweeps, counter clears),
                           admin (SM settings, firmware flashing, tokens), scrape (/metrics only)
                  list     each token's ID, role, creation time and label; never the secret
                  revoke   the token of that ID stops working within a second, also in a running server
                The tokens file is rest/tokens in the state folder (INFINISCOPE_STATE), or the framework
                property infiniscope.rest.tokens; it must be readable by the runtime's user alone.""";
    }

    @Override
    public int run(ToolInvocation invocation) throws UsageException {
        List<String> args = invocation.args();
        if (args.isEmpty()) {
            throw new UsageException("token needs a command: add, list or revoke");
        }
        try {
            switch (args.getFirst()) {
                case "add" -> add(args.subList(1, args.size()), invocation);
                case "list" -> {
                    if (args.size() > 1) {
                        throw new UsageException("token list takes no argument");
                    }
                    for (TokenInfo t : tokens.list()) {
                        invocation.out().printf("%s  %-8s  %s  %s%n", t.id(), t.role().id(), t.created(), t.label());
                    }
                }
                case "revoke" -> {
                    if (args.size() != 2) {
                        throw new UsageException("token revoke takes one ID");
                    }
                    if (!tokens.revoke(args.get(1))) {
                        invocation.err().println("infiniscope token: no token of ID '" + args.get(1) + "'");
                        return ExitStatus.FAILURE;
                    }
                    invocation.out().println("revoked " + args.get(1));
                }
                default -> throw new UsageException("unknown token command '" + args.getFirst() + "'");
            }
        } catch (TokenStoreException e) {
            invocation.err().println("infiniscope token: " + e.getMessage());
            return ExitStatus.FAILURE;
        }
        return ExitStatus.OK;
    }

    private void add(List<String> args, ToolInvocation invocation) throws UsageException, TokenStoreException {
        Role role = null;
        String label = "";
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--role" -> role = role(value(args, ++i, a));
                case "--label" -> label = value(args, ++i, a);
                default -> throw new UsageException("unknown argument '" + a + "'");
            }
        }
        if (role == null) {
            throw new UsageException("token add needs --role viewer|operator|admin|scrape");
        }
        IssuedToken issued = tokens.add(role, label);
        invocation.out().println(issued.token());
        invocation.err().println("token " + issued.info().id() + " (" + role.id()
                + "): shown this once; store it now (infiniscope token revoke " + issued.info().id() + " ends it)");
    }

    private static Role role(String text) throws UsageException {
        try {
            return Role.of(text);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    private static String value(List<String> args, int i, String option) throws UsageException {
        if (i >= args.size()) {
            throw new UsageException(option + " needs a value");
        }
        return args.get(i);
    }
}
