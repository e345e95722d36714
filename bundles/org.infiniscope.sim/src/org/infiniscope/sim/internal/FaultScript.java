package org.infiniscope.sim.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.infiniscope.sim.SimFabric;

/**
 * A fault script: one command a line, {@code #} comments, in the manner of ibsim's console ({@link #SYNTAX}). The
 * whole script is read and checked against the fabric — node names, ports, numbers — before any of it runs, so a
 * mistake on line 9 is reported before line 1 pulls a cable. Errors name {@code FILE:LINE}.
 */
public final class FaultScript {

    /** The commands, one a line. */
    public static final String SYNTAX = FaultCommands.SYNTAX;

    private record Step(int line, FaultCommands.Command command) {
    }

    private final String source;
    private final List<Step> steps;

    private FaultScript(String source, List<Step> steps) {
        this.source = source;
        this.steps = steps;
    }

    /**
     * Reads a script file.
     *
     * @throws FaultScriptException naming the file and line of the first mistake
     * @throws IOException when the file cannot be read
     */
    public static FaultScript read(Path file, SimFabric fabric) throws FaultScriptException, IOException {
        return parse(file.toString(), Files.readAllLines(file, StandardCharsets.UTF_8), fabric);
    }

    /**
     * Reads script lines.
     *
     * @param source the name errors give, such as the file name
     * @throws FaultScriptException naming the source and line of the first mistake
     */
    public static FaultScript parse(String source, List<String> lines, SimFabric fabric) throws FaultScriptException {
        FaultCommands commands = new FaultCommands(fabric);
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            try {
                FaultCommands.Command command = commands.parse(lines.get(i));
                if (command != null) {
                    steps.add(new Step(i + 1, command));
                }
            } catch (IllegalArgumentException e) {
                throw new FaultScriptException(source, i + 1, e.getMessage());
            }
        }
        return new FaultScript(source, List.copyOf(steps));
    }

    /**
     * Reads one line typed at a console.
     *
     * @param number its line number in the session, for the message
     * @throws FaultScriptException naming the source and line when it is wrong
     */
    public static FaultScript line(String source, int number, String text, SimFabric fabric)
            throws FaultScriptException {
        try {
            FaultCommands.Command command = new FaultCommands(fabric).parse(text);
            return new FaultScript(source, command == null ? List.of() : List.of(new Step(number, command)));
        } catch (IllegalArgumentException e) {
            throw new FaultScriptException(source, number, e.getMessage());
        }
    }

    /** @return the number of commands (blank and comment lines are none) */
    public int size() {
        return steps.size();
    }

    /** Runs every command in order. */
    public void run(SimFabric fabric) throws FaultScriptException, InterruptedException {
        run(fabric, 0, steps.size());
    }

    /** @return how many commands come before the first {@code wait}: those that take no time */
    public int leadingCommands() {
        for (int i = 0; i < steps.size(); i++) {
            if (steps.get(i).command().waits()) {
                return i;
            }
        }
        return steps.size();
    }

    /**
     * Runs commands {@code from} (inclusive) to {@code to} (exclusive).
     *
     * @throws FaultScriptException when a command fails on the fabric as it is then (a cable already pulled)
     */
    public void run(SimFabric fabric, int from, int to) throws FaultScriptException, InterruptedException {
        for (Step step : steps.subList(from, to)) {
            try {
                step.command().run(fabric);
            } catch (IllegalArgumentException e) {
                throw new FaultScriptException(source, step.line(), e.getMessage());
            }
        }
    }
}
