package org.infiniscope.headless;

import java.util.Arrays;
import java.util.List;

/**
 * The launcher's command line: {@code --shell}, {@code --cli} followed by a console command, or {@code --daemon}
 * (the one-shot daemon: serves commands on the socket named by the {@code infiniscope.daemon.socket} property).
 *
 * @param cli whether to run one command and exit
 * @param command the console command and its arguments (empty in shell and daemon mode)
 * @param daemon whether to serve one-shot commands until idle, without a shell
 */
record Options(boolean cli, List<String> command, boolean daemon) {

    Options {
        command = List.copyOf(command);
    }

    Options(boolean cli, List<String> command) {
        this(cli, command, false);
    }

    static Options parse(String[] args) {
        if (args.length == 0) {
            throw new IllegalArgumentException("missing --shell, --cli or --daemon");
        }
        return switch (args[0]) {
            case "--shell", "--daemon" -> {
                if (args.length > 1) {
                    throw new IllegalArgumentException(args[0] + " takes no arguments, got '" + args[1] + "'");
                }
                yield new Options(false, List.of(), args[0].equals("--daemon"));
            }
            case "--cli" -> new Options(true, Arrays.asList(args).subList(1, args.length));
            default -> throw new IllegalArgumentException("unknown option '" + args[0] + "'");
        };
    }
}
