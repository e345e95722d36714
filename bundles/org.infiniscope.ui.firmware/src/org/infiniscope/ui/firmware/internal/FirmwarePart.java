package org.infiniscope.ui.firmware.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Inject;

import org.eclipse.e4.core.di.annotations.Optional;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.wizard.WizardDialog;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.infiniscope.firmware.FirmwareImage;
import org.infiniscope.firmware.ImageFormatException;
import org.infiniscope.firmware.NodeFirmware;
import org.infiniscope.ui.firmware.FirmwareIds;
import org.infiniscope.ui.firmware.FirmwareSource;
import org.infiniscope.ui.remote.RemoteFabric;
import org.osgi.framework.FrameworkUtil;

/**
 * The firmware view: every node of the open fabric with the firmware it runs and its PSID, read in-band (the
 * inventory service, as {@code fw inventory}), each row judged against the newest version seen for its PSID, or
 * against an image the user chose; rows behind are highlighted. The flash wizard burns an image into the selected
 * node's adapter. The inventory is read off the UI thread, when a fabric is connected and on Refresh.
 */
public final class FirmwarePart {

    private static final String[] HEADERS = {"Node", "GUID", "Type", "LID", "Device", "Firmware", "PSID", "Status"};
    private static final int[] WIDTHS = {200, 150, 60, 50, 70, 110, 140, 260};

    private FirmwareServices services;
    private Display display;
    private Table table;
    private Label status;
    private Button flash;
    private List<NodeFirmware> nodes = List.of();
    private String fabric;
    private String shownFrom = "";
    private FirmwareImage reference;
    private Color behind;
    private FirmwareSource source;
    private RemoteFabric remote;
    private boolean reading;

    @PostConstruct
    public void create(Composite parent) {
        display = parent.getDisplay();
        behind = new Color(255, 214, 153);
        GridLayoutFactory.fillDefaults().margins(6, 6).numColumns(4).applyTo(parent);
        status = new Label(parent, SWT.NONE);
        status.setData(FirmwareIds.WIDGET_ID, FirmwareIds.STATUS);
        GridDataFactory.fillDefaults().grab(true, false).align(SWT.FILL, SWT.CENTER).applyTo(status);
        Button refresh = button(parent, "Refresh", FirmwareIds.REFRESH, "Read every node's firmware again");
        Button compare = button(parent, "Compare with image…", FirmwareIds.COMPARE,
                "Judge the nodes against an image file instead of the newest version seen per PSID");
        flash = button(parent, "Flash…", FirmwareIds.FLASH, "Burn an image into the selected node's adapter");
        table = new Table(parent, SWT.BORDER | SWT.FULL_SELECTION | SWT.SINGLE | SWT.V_SCROLL | SWT.H_SCROLL);
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        table.setData(FirmwareIds.WIDGET_ID, FirmwareIds.TABLE);
        for (int i = 0; i < HEADERS.length; i++) {
            TableColumn c = new TableColumn(table, i == 3 ? SWT.RIGHT : SWT.LEFT);
            c.setText(HEADERS[i]);
            c.setWidth(WIDTHS[i]);
        }
        GridDataFactory.fillDefaults().grab(true, true).span(4, 1).applyTo(table);
        refresh.addListener(SWT.Selection, e -> refresh());
        compare.addListener(SWT.Selection, e -> chooseReference());
        flash.addListener(SWT.Selection, e -> openWizard());
        table.addListener(SWT.Selection, e -> flash.setEnabled(selected() != null && source.canFlash()));
        flash.setEnabled(false);
        status.setText("No fabric is open.");

        services = new FirmwareServices(FrameworkUtil.getBundle(getClass()).getBundleContext());
        source = source();
    }

    private static Button button(Composite parent, String text, String id, String tip) {
        Button b = new Button(parent, SWT.PUSH);
        b.setText(text);
        b.setToolTipText(tip);
        b.setData(FirmwareIds.WIDGET_ID, id);
        return b;
    }

    /** The remote runtime shown (File › Connect…), or null: the firmware is read there, or here. */
    @Inject
    @Optional
    void remote(@Optional RemoteFabric remote) {
        if (remote == this.remote) {
            return; // injected again with the same runtime: the source stays, and what it read
        }
        this.remote = remote;
        if (source != null) {
            source.close();
            source = source();
            nodes = List.of();
            fabric = null;
            if (!table.isDisposed()) {
                table.removeAll();
                refresh();
            }
        }
    }

    private FirmwareSource source() {
        FirmwareSource next = remote != null ? new RemoteFirmwareSource(remote) : new LocalFirmwareSource(services);
        next.onConnected(now -> display.asyncExec(() -> {
            if (!table.isDisposed() && source == next && !now.equals(fabric)) {
                refresh();
            }
        }));
        return next;
    }

    /** Why nothing was read, in words shown as they are. */
    private static final class Nothing extends Exception {
        private static final long serialVersionUID = 1L;

        Nothing(String message) {
            super(message, null, false, false);
        }
    }

    /** What one read found. */
    private record Read(String fabric, List<NodeFirmware> nodes) {
    }

    /** Reads the inventory of the connected fabric (here or on the remote runtime) off the UI thread, then shows it. */
    void refresh() {
        if (reading) {
            return;
        }
        FirmwareSource from = source;
        String on = "local".equals(from.where()) ? "" : " on " + from.where();
        reading = true;
        status.setText("Reading the firmware of every node" + on + "…");
        CompletableFuture.supplyAsync(() -> {
            try {
                String now = from.fabric();
                if (now == null) {
                    throw new Nothing("No fabric is open" + on + ".");
                }
                if (now.startsWith("snapshot:")) {
                    throw new Nothing("A saved snapshot has no firmware to read.");
                }
                return new Read(now, from.read());
            } catch (Nothing e) {
                throw new java.util.concurrent.CompletionException(e);
            } catch (IOException e) {
                throw new java.util.concurrent.CompletionException(
                        new Nothing("Cannot read the firmware" + on + ": " + e.getMessage()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }).whenComplete((read, failure) -> display.asyncExec(() -> {
            reading = false;
            if (table.isDisposed() || from != source) {
                return;
            }
            if (failure != null) {
                Throwable cause = failure.getCause() != null ? failure.getCause() : failure;
                status.setText(cause instanceof Nothing ? cause.getMessage() : "Cannot read the firmware: " + cause);
                return;
            }
            fabric = read.fabric();
            shownFrom = on;
            nodes = read.nodes();
            show();
        }));
    }

    private void show() {
        Map<String, String> newest = Versions.newestPerPsid(nodes);
        long answered = nodes.stream().filter(n -> n.answer() == NodeFirmware.Answer.OK).count();
        int outOfDate = 0;
        table.setRedraw(false);
        try {
            table.setItemCount(nodes.size());
            for (int i = 0; i < nodes.size(); i++) {
                NodeFirmware n = nodes.get(i);
                String ref = referenceFor(n, newest);
                boolean old = ref != null && Versions.ORDER.compare(n.version(), ref) < 0;
                String verdict = n.answer() != NodeFirmware.Answer.OK
                        ? n.answer().text()
                        : old
                                ? FirmwareIds.OUT_OF_DATE + " (" + ref
                                        + (reference != null ? " in the image)" : " seen)")
                                : "up to date";
                boolean ok = n.answer() == NodeFirmware.Answer.OK;
                String[] row = {n.description(), String.format("0x%016x", n.nodeGuid()),
                        n.switchNode() ? "Switch" : "CA", Integer.toString(n.lid()),
                        ok ? String.format("0x%04x", n.deviceId()) : "-", ok ? n.version() : "-",
                        n.psid().isEmpty() ? "-" : n.psid(), verdict};
                TableItem item = table.getItem(i);
                item.setText(row);
                item.setData(n);
                item.setBackground(old ? behind : null);
                if (old) {
                    outOfDate++;
                }
            }
        } finally {
            table.setRedraw(true);
        }
        flash.setEnabled(selected() != null && source.canFlash());
        status.setText(String.format("%s: %d nodes, %d answered, %d out of date against %s; read %s",
                fabric + shownFrom, nodes.size(), answered, outOfDate,
                reference == null ? "the newest version per PSID" : "image " + reference.version(),
                LocalTime.now().truncatedTo(ChronoUnit.SECONDS)));
    }

    private String referenceFor(NodeFirmware n, Map<String, String> newest) {
        if (n.answer() != NodeFirmware.Answer.OK) {
            return null;
        }
        if (reference != null) {
            return reference.psid().equals(n.psid()) ? reference.version() : null;
        }
        return newest.get(n.psid());
    }

    private NodeFirmware selected() {
        TableItem[] s = table.getSelection();
        return s.length == 1 && s[0].getData() instanceof NodeFirmware n ? n : null;
    }

    private void chooseReference() {
        FileDialog dialog = new FileDialog(table.getShell(), SWT.OPEN);
        dialog.setText("Compare with a firmware image");
        String path = dialog.open();
        if (path == null) {
            reference = null;
        } else {
            try {
                reference = services.parse(Files.readAllBytes(Path.of(path)));
            } catch (IOException | ImageFormatException e) {
                status.setText("Cannot use " + path + ": " + e.getMessage());
                return;
            }
        }
        show();
    }

    private void openWizard() {
        NodeFirmware node = selected();
        if (node == null || fabric == null || !source.canFlash()) {
            return;
        }
        FlashWizard wizard = new FlashWizard(services, fabric, node);
        WizardDialog dialog = new WizardDialog(table.getShell(), wizard);
        dialog.setPageSize(560, 360);
        dialog.open();
        if (wizard.burnt()) {
            refresh();
        }
    }

    @PreDestroy
    public void dispose() {
        if (source != null) {
            source.close();
        }
        services.close();
    }
}
