package org.infiniscope.console.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import org.infiniscope.console.CommandService;
import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.audit.AuditLog;
import org.infiniscope.console.audit.AuditedTool;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceRegistration;
import org.osgi.util.tracker.ServiceTracker;

/**
 * The CommandService records the runs that a tool names as changing something, with the OS user, the source, the
 * masked command line and the result, in the highest-ranked {@link AuditLog}; read-only runs are not recorded.
 */
class AuditedCommandsTest {

    private static final Duration DEADLINE = Duration.ofSeconds(20);

    private record Entry(String who, AuditLog.Source source, String action, String target, String result) {
    }

    private final List<Entry> entries = new CopyOnWriteArrayList<>();
    private BundleContext context;
    private ServiceTracker<CommandService, CommandService> tracker;
    private CommandService commands;
    private ServiceRegistration<AuditLog> log;
    private ServiceRegistration<ConsoleTool> tool;

    @BeforeEach
    void register() throws Exception {
        Bundle bundle = FrameworkUtil.getBundle(CommandService.class);
        if (bundle.getState() != Bundle.ACTIVE) {
            bundle.start();
        }
        context = bundle.getBundleContext();
        tracker = new ServiceTracker<>(context, CommandService.class, null);
        tracker.open();
        commands = tracker.waitForService(DEADLINE.toMillis());
        assertNotNull(commands, "CommandService not registered within " + DEADLINE);
        ServiceTracker<AuditLog, AuditLog> real = new ServiceTracker<>(context, AuditLog.class, null);
        real.open();
        try {
            assertNotNull(real.waitForService(DEADLINE.toMillis()), "the console bundle registers an AuditLog");
        } finally {
            real.close();
        }
        Dictionary<String, Object> ranked = new Hashtable<>();
        ranked.put(Constants.SERVICE_RANKING, 1000);
        log = context.registerService(AuditLog.class,
                (who, source, action, target, result) -> entries.add(new Entry(who, source, action, target, result)),
                ranked);
        tool = context.registerService(ConsoleTool.class, new Switch(), null);
    }

    @AfterEach
    void unregister() {
        tool.unregister();
        log.unregister();
        tracker.close();
    }

    private int run(Map<String, String> properties, String... argv) {
        StringWriter text = new StringWriter();
        PrintWriter writer = new PrintWriter(text);
        return commands.execute(List.of(argv), writer, writer, properties);
    }

    @Test
    void aChangeIsRecordedWithUserSourceMaskedLineAndResult() {
        assertEquals(0, run(Map.of(), "switch", "--m_key", "0x8000000000001234", "off"));
        assertEquals(List.of(new Entry(System.getProperty("user.name"), AuditLog.Source.CLI, "switch off",
                "switch --m_key **** off", AuditLog.OK)), entries);
    }

    @Test
    void aFailureIsRecordedWithItsStatusAndFirstErrorLine() {
        assertEquals(3, run(Map.of(AuditLog.SOURCE_PROPERTY, "GUI"), "switch", "-y", "0x1", "fail"));
        assertEquals(List.of(new Entry(System.getProperty("user.name"), AuditLog.Source.GUI, "switch fail",
                "switch -y **** fail", "exit 3: switch: the port did not answer")), entries);
    }

    @Test
    void theCallerNamesTheOperatorAndReadsAreNotRecorded() {
        assertEquals(0,
                run(Map.of(AuditLog.SOURCE_PROPERTY, "REST", AuditLog.USER_PROPERTY, "ops-token"), "switch", "on"));
        assertEquals(0, run(Map.of(), "switch", "query"));
        assertEquals(0, run(Map.of(), "switch", "--help"));
        assertEquals(1, entries.size(), entries.toString());
        assertEquals(new Entry("ops-token", AuditLog.Source.REST, "switch on", "switch on", AuditLog.OK),
                entries.getFirst());
    }

    /** A tool whose {@code on}/{@code off}/{@code fail} runs change something and whose {@code query} reads. */
    private static final class Switch implements ConsoleTool, AuditedTool {

        @Override
        public String name() {
            return "switch";
        }

        @Override
        public String summary() {
            return "test tool";
        }

        @Override
        public String usage() {
            return "usage: switch [-y KEY] on|off|fail|query";
        }

        @Override
        public Optional<String> auditedAction(List<String> args) {
            String last = args.getLast();
            return last.equals("query") ? Optional.empty() : Optional.of("switch " + last);
        }

        @Override
        public int run(ToolInvocation invocation) {
            if (invocation.args().getLast().equals("fail")) {
                invocation.err().println();
                invocation.err().println("switch: the port did not answer");
                invocation.err().println("second line");
                return 3;
            }
            return 0;
        }
    }
}
