package org.infiniscope.ui.internal.parts;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.eclipse.e4.core.services.events.IEventBroker;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.swt.dnd.Clipboard;
import org.eclipse.swt.dnd.TextTransfer;
import org.eclipse.swt.dnd.Transfer;
import org.eclipse.swt.widgets.Shell;
import org.infiniscope.console.CommandService;
import org.infiniscope.console.audit.AuditLog;
import org.infiniscope.model.Node;
import org.infiniscope.model.NodeType;
import org.infiniscope.model.Port;
import org.infiniscope.model.connection.ConnectionState;
import org.infiniscope.model.connection.FabricConnection;
import org.infiniscope.model.provider.NodeText;
import org.infiniscope.model.provider.PortText;
import org.infiniscope.ui.fabric.FabricRef;
import org.infiniscope.ui.fabric.UiTopics;
import org.infiniscope.ui.internal.session.FabricEvent;
import org.infiniscope.ui.internal.session.FabricEvent.Severity;
import org.infiniscope.ui.internal.session.FabricSession;
import org.infiniscope.ui.internal.session.FabricView;
import org.infiniscope.ui.internal.session.UiPreferences;
import org.infiniscope.ui.remote.RemoteFabric;
import org.infiniscope.ui.remote.RemoteFabricException;

/**
 * What an operator can do to a selected port or node. Each action that changes the fabric asks first, then runs the
 * same console command as the CLI ({@code portstate}, {@code perfquery -R}) through the {@link CommandService}, on a
 * thread of its own, and logs what came of it in the events; the fabric is swept afterwards (a preference) so that
 * the views show the effect.
 */
final class PortActions {

    /** The port operations of {@code portstate}. */
    enum PortOp {
        ENABLE("enable", "Enable Port", "Enable %s? The port trains its link again."),
        DISABLE("disable", "Disable Port", "Disable %s? Its link goes down until the port is enabled again."),
        RESET("reset", "Reset Port", "Reset %s? Its link goes down and trains again.");

        final String word;
        final String title;
        final String question;

        PortOp(String word, String title, String question) {
            this.word = word;
            this.title = title;
            this.question = question;
        }
    }

    private static final ExecutorService WORKER = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "infiniscope-ui-actions");
        t.setDaemon(true);
        return t;
    });

    private final Shell shell;
    private final FabricSession session;
    private final CommandService commands;
    private final IEventBroker broker;
    /** The remote runtime whose fabric the views show (File › Connect…), or null for a local fabric. */
    private final RemoteFabric remote;

    PortActions(Shell shell, FabricSession session, CommandService commands, IEventBroker broker) {
        this(shell, session, commands, broker, null);
    }

    PortActions(Shell shell, FabricSession session, CommandService commands, IEventBroker broker, RemoteFabric remote) {
        this.shell = shell;
        this.session = session;
        this.commands = commands;
        this.broker = broker;
        this.remote = remote;
    }

    /** @return why actions on the fabric cannot run now, or null when they can */
    String unavailable() {
        if (remote != null) {
            RemoteFabric.State r = remote.state();
            return r == RemoteFabric.State.LIVE || r == RemoteFabric.State.RECONNECTING
                    ? null
                    : "the remote runtime " + remote.base() + " is not connected (" + r + ")";
        }
        ConnectionState s = session.state();
        if (s.fabric() == null) {
            return "no fabric is connected";
        }
        if (s.fabric().startsWith(FabricConnection.SNAPSHOT_PREFIX)) {
            return "a saved snapshot is not a live fabric";
        }
        return commands == null ? "the console service is not running" : null;
    }

    /** Enables, disables or resets a port, once confirmed. */
    void port(PortOp op, FabricRef.PortRef ref) {
        Port port = session.view().port(ref);
        if (port == null || !check(op.title)) {
            return;
        }
        int lid = lidOf(port);
        String what = describe(port);
        if (lid == 0) {
            MessageDialog.openError(shell, op.title, "Cannot reach " + what + ": it has no LID yet (no SM has run).");
            return;
        }
        if (!MessageDialog.openConfirm(shell, op.title, String.format(op.question, what))) {
            return;
        }
        if (remote != null) {
            long guid = port.getNode().getNodeGuid();
            runRemote(() -> remote.portAction(guid, port.getNumber(), op.word, false), op.word + " " + what, ref);
            return;
        }
        run(List.of("portstate", "--fabric", session.state().fabric(), String.valueOf(lid),
                String.valueOf(port.getNumber()), op.word), op.word + " " + what, ref);
    }

    /** Resets a port's PMA counters, once confirmed. */
    void clearCounters(FabricRef.PortRef ref) {
        Port port = session.view().port(ref);
        if (port == null || !check("Clear Counters")) {
            return;
        }
        int lid = lidOf(port);
        String what = describe(port);
        if (lid == 0) {
            MessageDialog.openError(shell, "Clear Counters", "Cannot reach " + what + ": it has no LID yet.");
            return;
        }
        if (!MessageDialog.openConfirm(shell, "Clear Counters",
                "Reset the performance counters of " + what + " to zero?")) {
            return;
        }
        if (remote != null) {
            long guid = port.getNode().getNodeGuid();
            runRemote(() -> remote.portAction(guid, port.getNumber(), "clear-counters", false),
                    "clear counters of " + what, ref);
            return;
        }
        run(List.of("perfquery", "--fabric", session.state().fabric(), "-R", String.valueOf(lid),
                String.valueOf(port.getNumber())), "clear counters of " + what, ref);
    }

    /** Sweeps the fabric again, once confirmed. */
    void rediscover() {
        if (!check("Rediscover")) {
            return;
        }
        String fabric = remote != null ? "the fabric of " + remote.base() : session.state().fabric();
        if (!MessageDialog.openConfirm(shell, "Rediscover",
                "Sweep " + fabric + " again? The views show what it finds.")) {
            return;
        }
        if (remote != null) {
            runRemote(remote::resweep, "rediscover " + fabric, null);
            return;
        }
        session.resweep();
    }

    /** Copies text (a GUID, a LID) to the clipboard. */
    void copy(String text) {
        Clipboard clipboard = new Clipboard(shell.getDisplay());
        try {
            clipboard.setContents(new Object[]{text}, new Transfer[]{TextTransfer.getInstance()});
        } finally {
            clipboard.dispose();
        }
    }

    /** Asks the topology to show the path between two ports. */
    void tracePath(FabricRef.PortRef from, FabricRef.PortRef to) {
        if (broker != null) {
            broker.post(UiTopics.PATH_SHOW, new UiTopics.PathRequest(from, to));
        }
        Port a = session.view().port(from);
        Port b = session.view().port(to);
        session.log(new FabricEvent(Instant.now(), Severity.INFO, "path",
                "path from " + (a == null ? from : describe(a)) + " to " + (b == null ? to : describe(b)), from));
    }

    /** @return the port a node stands for in a path: a CA's first port, a switch's port 0 */
    static FabricRef.PortRef pathEnd(FabricView view, FabricRef ref) {
        return switch (ref) {
            case FabricRef.PortRef p -> p;
            case FabricRef.LinkRef l -> l.a();
            case FabricRef.NodeRef n -> {
                Node node = view.nodes().get(n.nodeGuid());
                if (node == null || node.getPorts().isEmpty()) {
                    yield null;
                }
                yield FabricView.portRef(node.getType() == NodeType.SWITCH
                        ? node.getPorts().getFirst()
                        : node.getPorts().stream().filter(p -> p.getNumber() >= 1).findFirst()
                                .orElse(node.getPorts().getFirst()));
            }
        };
    }

    /** @return the LID a port answers at: a switch port's is its port 0's */
    static int lidOf(Port port) {
        Node node = port.getNode();
        return node != null && node.getType() == NodeType.SWITCH ? node.getLid() : port.getLid();
    }

    static String describe(Port port) {
        return (port.getNode() == null ? "?" : NodeText.name(port.getNode())) + " port " + port.getNumber();
    }

    /** @return the text of a GUID for the clipboard */
    static String guid(long guid) {
        return PortText.guid(guid);
    }

    private boolean check(String title) {
        String why = unavailable();
        if (why != null) {
            MessageDialog.openInformation(shell, title, "Not now: " + why + ".");
            return false;
        }
        return true;
    }

    /** A call to the remote runtime. */
    private interface RemoteCall {
        Object call() throws RemoteFabricException;
    }

    /**
     * Runs an action on the remote runtime, which checks the token's role (a viewer's action fails with the server's
     * 403 message, shown in the events); the change comes back through its event stream, after a sweep of its own
     * when so configured.
     */
    private void runRemote(RemoteCall call, String what, FabricRef ref) {
        session.log(new FabricEvent(Instant.now(), Severity.INFO, "action", what + "…", ref));
        boolean resweep = UiPreferences.getBoolean(UiPreferences.RESWEEP_AFTER_ACTION, true);
        WORKER.execute(() -> {
            FabricEvent done;
            try {
                call.call();
                if (resweep && ref != null) {
                    remote.resweep();
                }
                done = new FabricEvent(Instant.now(), Severity.INFO, "action", what + ": done", ref);
            } catch (RemoteFabricException e) {
                String status = e.status() == 0 ? "" : "HTTP " + e.status() + ": ";
                done = new FabricEvent(Instant.now(), Severity.ERROR, "action",
                        what + " failed: " + status + e.getMessage(), ref);
            }
            FabricEvent event = done;
            if (!shell.isDisposed()) {
                shell.getDisplay().asyncExec(() -> session.log(event));
            }
        });
    }

    private void run(List<String> argv, String what, FabricRef ref) {
        session.log(new FabricEvent(Instant.now(), Severity.INFO, "action", what + "…", ref));
        WORKER.execute(() -> {
            StringWriter out = new StringWriter();
            int status;
            try (PrintWriter writer = new PrintWriter(out)) {
                status = commands.execute(new ArrayList<>(argv), writer, writer,
                        Map.of(AuditLog.SOURCE_PROPERTY, AuditLog.Source.GUI.name()));
            } catch (RuntimeException e) {
                status = -1;
                out.append(String.valueOf(e.getMessage()));
            }
            String text = out.toString().strip();
            String last = text.isEmpty() ? "" : text.lines().reduce((a, b) -> b).orElse("");
            FabricEvent done = status == 0
                    ? new FabricEvent(Instant.now(), Severity.INFO, "action", what + ": done", ref)
                    : new FabricEvent(Instant.now(), Severity.ERROR, "action", what + " failed: " + last, ref);
            boolean resweep = status == 0 && UiPreferences.getBoolean(UiPreferences.RESWEEP_AFTER_ACTION, true);
            if (!shell.isDisposed()) {
                shell.getDisplay().asyncExec(() -> {
                    session.log(done);
                    if (resweep) {
                        session.resweep();
                    }
                });
            }
        });
    }
}
