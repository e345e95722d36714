package org.infiniscope.console.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.Arrays;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;

import org.infiniscope.console.CommandService;
import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInfo;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceRegistration;
import org.osgi.util.tracker.ServiceTracker;

/** The console's services as they run in an OSGi framework with SCR (Equinox here, Felix in the smoke test). */
class ConsoleServicesTest {

    private static final Duration DEADLINE = Duration.ofSeconds(20);

    private BundleContext context;
    private ServiceTracker<CommandService, CommandService> tracker;
    private CommandService commands;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void findCommandService() throws Exception {
        Bundle bundle = FrameworkUtil.getBundle(CommandService.class);
        if (bundle.getState() != Bundle.ACTIVE) {
            bundle.start();
        }
        context = bundle.getBundleContext();
        tracker = new ServiceTracker<>(context, CommandService.class, null);
        tracker.open();
        commands = tracker.waitForService(DEADLINE.toMillis());
        assertNotNull(commands, "CommandService not registered within " + DEADLINE);
    }

    @AfterEach
    void close() {
        tracker.close();
    }

    private int run(String... argv) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        return commands.execute(Arrays.asList(argv), new PrintWriter(out), new PrintWriter(err));
    }

    @Test
    void versionNamesProductFrameworkAndJava() {
        assertEquals(ExitStatus.OK, run("version"));
        String version = context.getBundle().getVersion().toString();
        assertTrue(out.toString().startsWith("infiniscope " + version + "\n"), out.toString());
        assertTrue(out.toString().contains("OSGi framework: " + context.getBundle(0).getSymbolicName()),
                out.toString());
        assertTrue(out.toString().contains("Java: " + System.getProperty("java.runtime.version")), out.toString());
        assertEquals(ExitStatus.OK, run("version", "--short"));
        assertEquals(version + "\n", out.toString());
    }

    @Test
    void helpListsEveryBuiltInToolSorted() {
        assertEquals(ExitStatus.OK, run("help"));
        for (String name : List.of("bundles", "help", "services", "version")) {
            assertTrue(out.toString().contains("\n  " + name + " "), name + " missing from:\n" + out);
        }
        List<String> names = commands.tools().stream().map(ToolInfo::name).toList();
        assertEquals(names.stream().sorted().toList(), names);
        assertEquals(ExitStatus.OK, run(), "no command prints the help");
        assertTrue(out.toString().contains("version"));
    }

    @Test
    void helpOfOneToolPrintsItsUsage() {
        assertEquals(ExitStatus.OK, run("help", "bundles"));
        assertTrue(out.toString().startsWith("usage: infiniscope bundles"), out.toString());
        assertEquals(ExitStatus.OK, run("services", "--help"));
        assertTrue(out.toString().startsWith("usage: infiniscope services"), out.toString());
    }

    @Test
    void unknownCommandIsAUsageError() {
        assertEquals(ExitStatus.USAGE, run("frobnicate"));
        assertEquals("infiniscope: unknown command 'frobnicate'; 'infiniscope help' lists the commands\n",
                err.toString());
        assertEquals("", out.toString());
    }

    @Test
    void reservedCommandWithoutItsBundleSaysWhereItLives() {
        assertEquals(ExitStatus.UNAVAILABLE, run("fw", "query"));
        assertTrue(err.toString().contains("'fw' is not available"), err.toString());
        assertTrue(err.toString().contains("org.infiniscope.firmware"), err.toString());
    }

    @Test
    void badArgumentsPrintTheMessageAndTheUsage() {
        assertEquals(ExitStatus.USAGE, run("version", "--bogus"));
        assertTrue(
                err.toString()
                        .startsWith("infiniscope version: unexpected argument '--bogus'\nusage: infiniscope version"),
                err.toString());
        assertEquals(ExitStatus.USAGE, run("help", "a", "b"));
        assertEquals(ExitStatus.USAGE, run("help", "nosuch"));
    }

    @Test
    void bundlesListsThisBundleActive() {
        assertEquals(ExitStatus.OK, run("bundles", "org.infiniscope"));
        assertTrue(out.toString().matches("(?s).*\\|Active +\\| *\\d+\\|org\\.infiniscope\\.console \\(0\\.1\\.0.*"),
                out.toString());
        assertTrue(!out.toString().contains("org.apache.felix.scr"), "filter ignored:\n" + out);
    }

    @Test
    void servicesListsTheCommandService() {
        assertEquals(ExitStatus.OK, run("services", "CommandService"));
        assertTrue(
                out.toString()
                        .contains("|org.infiniscope.console                 |org.infiniscope.console.CommandService"),
                out.toString());
        assertEquals(2, out.toString().lines().count(), out.toString());
    }

    @Test
    void higherRankedToolOfTheSameNameWinsAndLeavesWithItsService() {
        ServiceRegistration<ConsoleTool> plain = context.registerService(ConsoleTool.class, new FixedTool("demo", 10),
                null);
        Dictionary<String, Object> ranked = new Hashtable<>();
        ranked.put(Constants.SERVICE_RANKING, 5);
        ServiceRegistration<ConsoleTool> preferred = context.registerService(ConsoleTool.class,
                new FixedTool("demo", 11), ranked);
        try {
            assertEquals(11, run("demo"));
            assertEquals(1, commands.tools().stream().filter(t -> t.name().equals("demo")).count());
            preferred.unregister();
            assertEquals(10, run("demo"));
        } finally {
            plain.unregister();
        }
        assertEquals(ExitStatus.USAGE, run("demo"));
    }

    @Test
    void aToolThatThrowsIsReportedNotPropagated() {
        ServiceRegistration<ConsoleTool> broken = context.registerService(ConsoleTool.class,
                new FixedTool("broken", -1), null);
        try {
            assertEquals(ExitStatus.FAILURE, run("broken"));
            assertTrue(err.toString().startsWith("infiniscope broken: internal error: java.lang.IllegalStateException"),
                    err.toString());
        } finally {
            broken.unregister();
        }
    }

    @Test
    void everyToolIsAGogoCommandInTheInfiniscopeScope() throws Exception {
        String filter = "(&(objectClass=org.apache.felix.service.command.Function)"
                + "(osgi.command.scope=infiniscope)(osgi.command.function=version))";
        ServiceTracker<Object, Object> gogo = new ServiceTracker<>(context, context.createFilter(filter), null);
        gogo.open();
        try {
            assertNotNull(gogo.waitForService(DEADLINE.toMillis()), "no Gogo function infiniscope:version");
            assertEquals(1, gogo.size());
        } finally {
            gogo.close();
        }
    }

    @Test
    void commandLineEncodingKeepsEmptyAndSpacedArguments() {
        assertEquals(List.of(), CliRunner.decode(""));
        assertEquals(List.of("help"), CliRunner.decode("help"));
        assertEquals(List.of("bundles", "a b", ""),
                CliRunner.decode("bundles" + CliRunner.SEPARATOR + "a b" + CliRunner.SEPARATOR));
    }

    /** A tool that exits with a fixed status, or throws for a negative one. */
    private record FixedTool(String name, int status) implements ConsoleTool {

        @Override
        public String summary() {
            return "test tool " + status;
        }

        @Override
        public String usage() {
            return "usage: " + name;
        }

        @Override
        public int run(ToolInvocation invocation) throws UsageException {
            if (status < 0) {
                throw new IllegalStateException("deliberate");
            }
            return status;
        }
    }
}
