package org.infiniscope.ui.internal.parts;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;

import org.eclipse.e4.core.di.annotations.Optional;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.infiniscope.console.CommandLine;
import org.infiniscope.console.CommandService;
import org.infiniscope.console.UsageException;
import org.infiniscope.console.audit.AuditLog;

/**
 * The console: runs the same commands as the one-shot CLI and the Gogo shell, off the UI thread, and
 * shows their output.
 */
public final class ConsolePart {

    /** Widget data key of the output and input texts, for the UI tests. */
    public static final String WIDGET_ID = "org.infiniscope.ui.widgetId";

    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread thread = new Thread(r, "infiniscope-ui-console");
        thread.setDaemon(true);
        return thread;
    });
    private Text output;

    @PostConstruct
    public void create(Composite parent, @Optional CommandService commands) {
        Composite area = new Composite(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(2).margins(4, 4).applyTo(area);
        output = new Text(area, SWT.MULTI | SWT.READ_ONLY | SWT.V_SCROLL | SWT.H_SCROLL);
        output.setFont(JFaceResources.getTextFont());
        output.setData(WIDGET_ID, "console.output");
        GridDataFactory.fillDefaults().grab(true, true).span(2, 1).applyTo(output);
        Label prompt = new Label(area, SWT.NONE);
        prompt.setText("infiniscope>");
        Text input = new Text(area, SWT.SINGLE | SWT.BORDER);
        input.setFont(JFaceResources.getTextFont());
        input.setData(WIDGET_ID, "console.input");
        input.setMessage("a command, for example: help");
        GridDataFactory.fillDefaults().grab(true, false).applyTo(input);
        if (commands == null) {
            output.setText("The console service is not running in this runtime.\n");
            input.setEnabled(false);
            return;
        }
        input.addListener(SWT.DefaultSelection, e -> {
            String line = input.getText().strip();
            input.setText("");
            if (!line.isEmpty()) {
                submit(commands, line);
            }
        });
        submit(commands, "version");
    }

    private void submit(CommandService commands, String line) {
        append("infiniscope> " + line + "\n");
        worker.execute(() -> append(run(commands, line)));
    }

    private static String run(CommandService commands, String line) {
        StringWriter text = new StringWriter();
        try (PrintWriter writer = new PrintWriter(text)) {
            List<String> argv = CommandLine.parse(line);
            commands.execute(argv, writer, writer, Map.of(AuditLog.SOURCE_PROPERTY, AuditLog.Source.GUI.name()));
        } catch (UsageException e) {
            text.append("infiniscope: ").append(e.getMessage()).append('\n');
        }
        return text.toString();
    }

    private void append(String text) {
        Text target = output;
        if (target.isDisposed()) {
            return;
        }
        target.getDisplay().asyncExec(() -> {
            if (!target.isDisposed()) {
                target.append(text);
            }
        });
    }

    @PreDestroy
    public void dispose() {
        worker.shutdownNow();
    }
}
