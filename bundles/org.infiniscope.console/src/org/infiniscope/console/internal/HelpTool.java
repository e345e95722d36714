package org.infiniscope.console.internal;

import java.util.List;

import org.infiniscope.console.CommandService;
import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInfo;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** {@code help [TOOL]}: the installed tools, or one tool's usage. */
@Component(service = ConsoleTool.class)
public final class HelpTool implements ConsoleTool {

    private final CommandService commands;

    @Activate
    public HelpTool(@Reference CommandService commands) {
        this.commands = commands;
    }

    @Override
    public String name() {
        return "help";
    }

    @Override
    public String summary() {
        return "list the commands, or show how to use one";
    }

    @Override
    public String usage() {
        return "usage: infiniscope help [COMMAND]";
    }

    @Override
    public int run(ToolInvocation invocation) throws UsageException {
        List<String> args = invocation.args();
        if (args.size() > 1) {
            throw new UsageException("expected at most one command name, got " + args.size() + " arguments");
        }
        if (args.size() == 1) {
            String usage = commands.usage(args.get(0));
            if (usage == null) {
                throw new UsageException("no command '" + args.get(0) + "' is installed");
            }
            invocation.out().println(usage);
            return ExitStatus.OK;
        }
        List<ToolInfo> tools = commands.tools();
        int width = tools.stream().mapToInt(t -> t.name().length()).max().orElse(0);
        invocation.out().println("Infiniscope " + commands.version() + " commands"
                + " (one-shot: ./infiniscope COMMAND ARGS; Gogo shell: infiniscope:COMMAND ARGS):");
        for (ToolInfo tool : tools) {
            invocation.out().printf("  %-" + width + "s  %s%n", tool.name(), tool.summary());
        }
        invocation.out()
                .println("Runtimes: ./infiniscope gui | serve | test.  'infiniscope help COMMAND' shows its options.");
        invocation.out()
                .println("Exit status: 0 ok, 1 failure, 2 usage error, 3 command not installed in this runtime.");
        return ExitStatus.OK;
    }
}
