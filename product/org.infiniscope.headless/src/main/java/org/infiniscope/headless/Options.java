package org.infiniscope.headless;

import java.util.Arrays;
import java.util.List;

/**
 * The launcher's command line: {@code --shell}, {@code --service} (the runtime of {@code --shell} without the shell,
 * until it is stopped by a signal: a system service), {@code --cli} followed by a console command, or {@code --daemon}
 * (the one-shot daemon: serves commands on the socket named by the {@code infiniscope.daemon.socket} property).
 *
 * @param cli whether to run one command and exit
 * @param command the console command and its arguments (empty in shell and daemon mode)
 * @param daemon whether to serve one-shot commands until idle, without a shell
 * @param service whether to serve (HTTP, SM, configuration from etc/) without a shell until stopped
 */
record Options(boolean cli, List<String> command, boolean daemon, boolean service) {

    Options {
        command = List.copyOf(command);
    }

    Options(boolean cli, List<String> command, boolean daemon) {
        this(cli, command, daemon, false);
    }

    Options(boolean cli, List<String> command) {
        this(cli, command, false);
    }

    /** @return whether this run serves: the shell or the service, which read etc/ and start the HTTP server */
    boolean serves() {
        return !cli && !daemon;
    }

    static Options parse(String[] args) {
        if (args.length == 0) {
            throw new IllegalArgumentException("missing --shell, --service, --cli or --daemon");
        }
        return switch (args[0]) {
            case "--shell", "--daemon", "--service" -> {
                if (args.length > 1) {
                    throw new IllegalArgumentException(args[0] + " takes no arguments, got '" + args[1] + "'");
                }
                yield new Options(false, List.of(), args[0].equals("--daemon"), args[0].equals("--service"));
            }
            case "--cli" -> new Options(true, Arrays.asList(args).subList(1, args.length));
            default -> throw new IllegalArgumentException("unknown option '" + args[0] + "'");
        };
    }
}
