package org.infiniscope.console.internal;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntConsumer;

import org.infiniscope.console.CommandService;
import org.infiniscope.console.ExitStatus;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.FrameworkListener;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;

/**
 * The one-shot CLI: when the launcher passes a command line in the framework property
 * {@value #ARGS_PROPERTY}, runs it once the framework has started every bundle, then hands the exit
 * status to the launcher's exit hook (a {@code java.util.function.IntConsumer} service with
 * {@code infiniscope.launcher=exit}) or, without one, stops the framework.
 */
@Component(immediate = true)
public final class CliRunner implements FrameworkListener {

    /** Framework property holding the command line, arguments separated by {@value #SEPARATOR}. */
    public static final String ARGS_PROPERTY = "infiniscope.cli.args";
    /** The ASCII unit separator: it cannot appear in a shell argument by accident. */
    public static final String SEPARATOR = "\u001f";

    private final BundleContext context;
    private final CommandService commands;
    private final IntConsumer exitHook;
    private final String commandLine;
    private final AtomicBoolean started = new AtomicBoolean();

    @Activate
    public CliRunner(BundleContext context, @Reference CommandService commands,
            @Reference(target = "(infiniscope.launcher=exit)", cardinality = ReferenceCardinality.OPTIONAL) IntConsumer exitHook) {
        this.context = context;
        this.commands = commands;
        this.exitHook = exitHook;
        this.commandLine = context.getProperty(ARGS_PROPERTY);
        if (commandLine != null) {
            context.addFrameworkListener(this);
            if (context.getBundle(0).getState() == Bundle.ACTIVE) {
                startOnce();
            }
        }
    }

    /** @return the arguments encoded in the framework property; empty for an empty command line */
    static List<String> decode(String commandLine) {
        return commandLine.isEmpty() ? List.of() : Arrays.asList(commandLine.split(SEPARATOR, -1));
    }

    @Override
    public void frameworkEvent(FrameworkEvent event) {
        if (event.getType() == FrameworkEvent.STARTED) {
            startOnce();
        }
    }

    @Deactivate
    void deactivate() {
        context.removeFrameworkListener(this);
    }

    private void startOnce() {
        if (started.compareAndSet(false, true)) {
            Thread thread = new Thread(this::runCommand, "infiniscope-cli");
            thread.start();
        }
    }

    private void runCommand() {
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        int status = ExitStatus.FAILURE;
        try {
            status = commands.execute(decode(commandLine), out, err);
        } finally {
            finish(status);
        }
    }

    private void finish(int status) {
        if (exitHook != null) {
            exitHook.accept(status);
            return;
        }
        try {
            context.getBundle(0).stop();
        } catch (BundleException | IllegalStateException e) {
            System.err.println("infiniscope: could not stop the framework: " + e.getMessage());
        }
    }
}
