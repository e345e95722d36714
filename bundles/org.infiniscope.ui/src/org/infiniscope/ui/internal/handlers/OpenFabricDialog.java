package org.infiniscope.ui.internal.handlers;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.dialogs.TitleAreaDialog;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.infiniscope.mad.umad.UmadCa;
import org.infiniscope.mad.umad.UmadDevices;
import org.infiniscope.mad.umad.UmadException;
import org.infiniscope.mad.umad.UmadPort;
import org.infiniscope.model.connection.FabricConnection;
import org.infiniscope.ui.internal.parts.ConsolePart;
import org.infiniscope.ui.internal.session.UiPreferences;

/**
 * File › Open Fabric: the built-in simulated fabric, a generated one ({@code ft2:4:2:8}…), one from a topology file,
 * a local CA port through umad (the CAs that exist are listed), or a saved model. It only builds the fabric
 * specification; the connection opens it.
 */
public final class OpenFabricDialog extends TitleAreaDialog {

    /** The kinds of fabric, in the order of the radio buttons. */
    enum Kind {
        BUILT_IN("The built-in simulated fabric (32 hosts)"),
        GENERATOR("A generated simulated fabric"),
        TOPOLOGY("A simulated fabric from a topology file"),
        UMAD("This host's InfiniBand port (umad)"),
        SNAPSHOT("A saved snapshot of a fabric");

        final String label;

        Kind(String label) {
            this.label = label;
        }
    }

    private final String current;
    private Kind kind = Kind.BUILT_IN;
    private Button[] radios;
    private Text generator;
    private Text topology;
    private Text snapshot;
    private Combo ca;
    private Combo port;
    private List<UmadCa> cas = List.of();
    private String result;

    /** @param current the fabric connected now, to start from */
    public OpenFabricDialog(Shell parent, String current) {
        super(parent);
        this.current = current == null ? "" : current;
    }

    /** @return the fabric specification chosen, once OK was pressed */
    public String fabric() {
        return result;
    }

    @Override
    protected void configureShell(Shell shell) {
        super.configureShell(shell);
        shell.setText("Open Fabric");
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        Composite area = (Composite) super.createDialogArea(parent);
        setTitle("Open a fabric");
        setMessage("The fabric connected now stays until the new one has been swept.");
        Composite body = new Composite(area, SWT.NONE);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(body);
        GridLayoutFactory.swtDefaults().numColumns(3).margins(10, 10).applyTo(body);
        radios = new Button[Kind.values().length];
        for (Kind k : Kind.values()) {
            Button radio = new Button(body, SWT.RADIO);
            radio.setText(k.label);
            radio.setData(ConsolePart.WIDGET_ID, "open." + k.name().toLowerCase(java.util.Locale.ROOT));
            GridDataFactory.fillDefaults().span(3, 1).indent(0, k == Kind.BUILT_IN ? 0 : 8).applyTo(radio);
            radio.addListener(SWT.Selection, e -> {
                if (radio.getSelection()) {
                    kind = k;
                    update();
                }
            });
            radios[k.ordinal()] = radio;
            switch (k) {
                case GENERATOR -> generator = field(body, "Generator:", "open.generator",
                        "ft2:LEAVES:SPINES:HOSTS, ft3:…, torus:…; see ./infiniscope simulate --help", false);
                case TOPOLOGY -> topology = field(body, "Topology file:", "open.topology",
                        "an ibsim net file or ibnetdiscover output", true);
                case SNAPSHOT -> snapshot = field(body, "Snapshot file:", "open.snapshot",
                        "a fabric saved with File › Save Snapshot (XMI)", true);
                case UMAD -> umadFields(body);
                default -> {
                }
            }
        }
        preselect();
        update();
        return area;
    }

    private Text field(Composite body, String label, String id, String hint, boolean browse) {
        Label l = new Label(body, SWT.NONE);
        l.setText(label);
        GridDataFactory.swtDefaults().indent(20, 0).applyTo(l);
        Text text = new Text(body, SWT.BORDER | SWT.SINGLE);
        text.setMessage(hint);
        text.setData(ConsolePart.WIDGET_ID, id);
        GridDataFactory.fillDefaults().grab(true, false).hint(380, SWT.DEFAULT).span(browse ? 1 : 2, 1).applyTo(text);
        text.addListener(SWT.Modify, e -> update());
        if (browse) {
            Button b = new Button(body, SWT.PUSH);
            b.setText("Browse…");
            b.addListener(SWT.Selection, e -> browse(text));
        }
        return text;
    }

    private void umadFields(Composite body) {
        Label l = new Label(body, SWT.NONE);
        l.setText("CA and port:");
        GridDataFactory.swtDefaults().indent(20, 0).applyTo(l);
        ca = new Combo(body, SWT.READ_ONLY);
        ca.setData(ConsolePart.WIDGET_ID, "open.ca");
        GridDataFactory.fillDefaults().grab(true, false).applyTo(ca);
        port = new Combo(body, SWT.READ_ONLY);
        port.setData(ConsolePart.WIDGET_ID, "open.port");
        GridDataFactory.swtDefaults().hint(220, SWT.DEFAULT).applyTo(port);
        ca.setItems("looking for CAs…");
        ca.select(0);
        ca.addListener(SWT.Selection, e -> {
            fillPorts();
            update();
        });
        port.addListener(SWT.Selection, e -> update());
        // libibumad reads sysfs: quick, but not on the UI thread
        CompletableFuture.supplyAsync(() -> {
            try {
                return (Object) UmadDevices.list();
            } catch (UmadException | RuntimeException | LinkageError e) {
                return e.getMessage() == null ? e.toString() : e.getMessage();
            }
        }).thenAccept(found -> getShell().getDisplay().asyncExec(() -> showCas(found)));
    }

    @SuppressWarnings("unchecked")
    private void showCas(Object found) {
        if (ca == null || ca.isDisposed()) {
            return;
        }
        if (found instanceof List<?> list && !list.isEmpty()) {
            cas = (List<UmadCa>) list;
            ca.setItems(cas.stream().map(c -> c.name() + " (" + c.caType() + ", " + c.numPorts() + " ports)")
                    .toArray(String[]::new));
            ca.select(0);
        } else {
            cas = List.of();
            ca.setItems(found instanceof String why ? "no CA: " + why : "no CA on this host");
            ca.select(0);
        }
        fillPorts();
        update();
    }

    private void fillPorts() {
        port.removeAll();
        int i = ca.getSelectionIndex();
        if (i < 0 || i >= cas.size()) {
            return;
        }
        for (UmadPort p : cas.get(i).ports()) {
            port.add("port " + p.portNumber() + " (LID " + p.baseLid() + ", " + state(p.state()) + ")");
            port.setData("port" + (port.getItemCount() - 1), p.portNumber());
        }
        if (port.getItemCount() > 0) {
            port.select(0);
        }
    }

    private static String state(int state) {
        return switch (state) {
            case 1 -> "Down";
            case 2 -> "Initialize";
            case 3 -> "Armed";
            case 4 -> "Active";
            default -> "state " + state;
        };
    }

    private void browse(Text target) {
        FileDialog files = new FileDialog(getShell(), SWT.OPEN);
        files.setFilterPath(UiPreferences.get(UiPreferences.LAST_FOLDER, System.getProperty("user.home")));
        String chosen = files.open();
        if (chosen != null) {
            target.setText(chosen);
            Path parent = Path.of(chosen).getParent();
            if (parent != null) {
                UiPreferences.put(UiPreferences.LAST_FOLDER, parent.toString());
            }
        }
    }

    private void preselect() {
        Kind k = Kind.BUILT_IN;
        if (current.startsWith(FabricConnection.SNAPSHOT_PREFIX)) {
            k = Kind.SNAPSHOT;
            snapshot.setText(current.substring(FabricConnection.SNAPSHOT_PREFIX.length()));
        } else if (current.startsWith("umad")) {
            k = Kind.UMAD;
        } else if (current.startsWith("sim:")) {
            String topo = current.substring(4);
            int at = topo.lastIndexOf('@');
            topo = at < 0 ? topo : topo.substring(0, at);
            if (topo.contains("/") || topo.endsWith(".net") || topo.endsWith(".topo")) {
                k = Kind.TOPOLOGY;
                topology.setText(topo);
            } else {
                k = Kind.GENERATOR;
                generator.setText(topo);
            }
        }
        kind = k;
        radios[k.ordinal()].setSelection(true);
    }

    /** @return the specification the fields make, or null with the reason set as the dialog's error */
    String spec() {
        return switch (kind) {
            case BUILT_IN -> "sim";
            case GENERATOR -> generator.getText().isBlank() ? null : "sim:" + generator.getText().strip();
            case TOPOLOGY -> topology.getText().isBlank() ? null : "sim:" + topology.getText().strip();
            case SNAPSHOT ->
                snapshot.getText().isBlank() ? null : FabricConnection.SNAPSHOT_PREFIX + snapshot.getText().strip();
            case UMAD -> {
                int c = ca.getSelectionIndex();
                int p = port.getSelectionIndex();
                yield c < 0 || c >= cas.size() || p < 0
                        ? null
                        : "umad:" + cas.get(c).name() + ":" + port.getData("port" + p);
            }
        };
    }

    private void update() {
        if (generator == null || topology == null || snapshot == null || ca == null) {
            return; // still building
        }
        generator.setEnabled(kind == Kind.GENERATOR);
        topology.setEnabled(kind == Kind.TOPOLOGY);
        snapshot.setEnabled(kind == Kind.SNAPSHOT);
        ca.setEnabled(kind == Kind.UMAD);
        port.setEnabled(kind == Kind.UMAD);
        String spec = spec();
        String error = null;
        if (spec == null) {
            error = switch (kind) {
                case GENERATOR -> "Give a generator such as ft2:4:2:8.";
                case TOPOLOGY -> "Choose a topology file.";
                case SNAPSHOT -> "Choose a saved snapshot.";
                case UMAD -> "No CA port to open on this host.";
                default -> null;
            };
        } else if (kind == Kind.TOPOLOGY && !Files.isRegularFile(Path.of(topology.getText().strip()))) {
            error = "No file " + topology.getText().strip();
        } else if (kind == Kind.SNAPSHOT && !Files.isRegularFile(Path.of(snapshot.getText().strip()))) {
            error = "No file " + snapshot.getText().strip();
        }
        setErrorMessage(error);
        Button ok = getButton(IDialogConstants.OK_ID);
        if (ok != null) {
            ok.setEnabled(error == null);
        }
    }

    @Override
    protected void createButtonsForButtonBar(Composite parent) {
        super.createButtonsForButtonBar(parent);
        getButton(IDialogConstants.OK_ID).setText("Open");
        update();
    }

    @Override
    protected void okPressed() {
        result = spec();
        UiPreferences.flush();
        super.okPressed();
    }
}
