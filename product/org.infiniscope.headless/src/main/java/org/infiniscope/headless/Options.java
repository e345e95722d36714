package org.infiniscope.headless;

import java.util.Arrays;
import java.util.List;

/**
 * The launcher's command line: {@code --shell}, or {@code --cli} followed by a console command.
 *
 * @param cli whether to run one command and exit
 * @param command the console command and its arguments (empty in shell mode)
 */
record Options(boolean cli, List<String> command) {

    Options {
        command = List.copyOf(command);
    }

    static Options parse(String[] args) {
        if (args.length == 0) {
            throw new IllegalArgumentException("missing --shell or --cli");
        }
        return switch (args[0]) {
            case "--shell" -> {
                if (args.length > 1) {
                    throw new IllegalArgumentException("--shell takes no arguments, got '" + args[1] + "'");
                }
                yield new Options(false, List.of());
            }
            case "--cli" -> new Options(true, Arrays.asList(args).subList(1, args.length));
            default -> throw new IllegalArgumentException("unknown option '" + args[0] + "'");
        };
    }
}
