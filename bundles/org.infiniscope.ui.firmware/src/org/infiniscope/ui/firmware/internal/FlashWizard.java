package org.infiniscope.ui.firmware.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.wizard.Wizard;
import org.eclipse.jface.wizard.WizardPage;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.ProgressBar;
import org.eclipse.swt.widgets.Text;
import org.eclipse.swt.widgets.Widget;
import org.infiniscope.firmware.BurnOptions;
import org.infiniscope.firmware.BurnResult;
import org.infiniscope.firmware.FirmwareFlasher;
import org.infiniscope.firmware.FirmwareImage;
import org.infiniscope.firmware.FlashException;
import org.infiniscope.firmware.ImageFormatException;
import org.infiniscope.firmware.NodeFirmware;
import org.infiniscope.pci.PciException;
import org.infiniscope.pci.PciFunction;
import org.infiniscope.ui.firmware.FirmwareIds;

/**
 * Burns an image into one node's adapter: the first page reads the chosen image and shows what it is and whether its
 * PSID matches the one the node runs (a mismatch is refused unless forced); the second burns it (or dry-runs it)
 * with progress and ETA, off the UI thread, cancellable (the flasher leaves the old image active), then restarts the
 * adapter when asked so that the new image runs.
 */
final class FlashWizard extends Wizard {

    private final FirmwareServices services;
    private final String fabric;
    private final NodeFirmware node;
    private final ImagePage imagePage = new ImagePage();
    private final BurnPage burnPage = new BurnPage();
    private byte[] bytes;
    private FirmwareImage image;
    private volatile boolean running;
    private boolean burnt;

    FlashWizard(FirmwareServices services, String fabric, NodeFirmware node) {
        this.services = services;
        this.fabric = fabric;
        this.node = node;
        setWindowTitle("Flash firmware");
        setNeedsProgressMonitor(false);
    }

    /** @return whether a burn wrote an image (the inventory is read again then) */
    boolean burnt() {
        return burnt;
    }

    @Override
    public void addPages() {
        addPage(imagePage);
        addPage(burnPage);
    }

    @Override
    public boolean performFinish() {
        return !running;
    }

    @Override
    public boolean performCancel() {
        if (running) {
            burnPage.cancelled.set(true);
            return false; // closes once the flasher has stopped, with the old image active
        }
        return true;
    }

    @Override
    public boolean canFinish() {
        return burnPage.done && !running;
    }

    private static <W extends Widget> W id(W widget, String id) {
        widget.setData(FirmwareIds.WIDGET_ID, id);
        return widget;
    }

    private String who() {
        return String.format("%s (0x%016x, LID %d)", node.description(), node.nodeGuid(), node.lid());
    }

    /** Choose the image: its description and the PSID check. */
    private final class ImagePage extends WizardPage {
        private Text path;
        private Text description;
        private Label psid;
        private Button force;

        ImagePage() {
            super("image", "Choose the image", null);
        }

        @Override
        public void createControl(Composite parent) {
            setDescription("The image to burn into " + who() + ", which runs "
                    + (node.version().isEmpty() ? "a firmware that did not answer" : node.version()) + ".");
            Composite c = new Composite(parent, SWT.NONE);
            GridLayoutFactory.fillDefaults().numColumns(3).margins(6, 6).applyTo(c);
            new Label(c, SWT.NONE).setText("Image file:");
            path = id(new Text(c, SWT.BORDER | SWT.SINGLE), FirmwareIds.IMAGE_PATH);
            GridDataFactory.fillDefaults().grab(true, false).applyTo(path);
            Button browse = new Button(c, SWT.PUSH);
            browse.setText("Browse…");
            browse.addListener(SWT.Selection, e -> {
                FileDialog d = new FileDialog(getShell(), SWT.OPEN);
                String chosen = d.open();
                if (chosen != null) {
                    path.setText(chosen);
                }
            });
            description = id(new Text(c, SWT.BORDER | SWT.MULTI | SWT.READ_ONLY | SWT.V_SCROLL),
                    FirmwareIds.IMAGE_DESCRIPTION);
            GridDataFactory.fillDefaults().grab(true, true).span(3, 1).applyTo(description);
            psid = id(new Label(c, SWT.WRAP), FirmwareIds.PSID_CHECK);
            GridDataFactory.fillDefaults().grab(true, false).span(3, 1).applyTo(psid);
            force = id(new Button(c, SWT.CHECK), FirmwareIds.FORCE);
            force.setText("Burn even though the PSID differs or the image has no GUIDs (--force)");
            GridDataFactory.fillDefaults().span(3, 1).applyTo(force);
            path.addListener(SWT.Modify, e -> read());
            force.addListener(SWT.Selection, e -> check());
            setControl(c);
            setPageComplete(false);
        }

        private void read() {
            image = null;
            bytes = null;
            String p = path.getText().trim();
            if (p.isEmpty()) {
                description.setText("");
                check();
                return;
            }
            try {
                bytes = Files.readAllBytes(Path.of(p));
                image = services.parse(bytes);
                description.setText(describe(image));
            } catch (IOException | RuntimeException e) {
                description.setText("Cannot read " + p + ": " + e.getMessage());
            } catch (ImageFormatException e) {
                description.setText("Not a firmware image this installation reads: " + e.getMessage());
            }
            check();
        }

        private void check() {
            if (image == null) {
                psid.setText("");
                setPageComplete(false);
                return;
            }
            boolean verifies = image.badSections().isEmpty();
            boolean same = image.psid().equals(node.psid());
            psid.setText(!verifies
                    ? "The image does not verify: " + image.badSections().get(0).name() + " has a wrong CRC."
                    : same
                            ? "PSID matches: " + image.psid() + " (the node runs " + node.psid() + ")."
                            : "PSID mismatch: the node runs "
                                    + (node.psid().isEmpty() ? "an unknown PSID" : node.psid()) + ", the image is for "
                                    + image.psid() + ". Refused unless forced.");
            setPageComplete(verifies && (same || force.getSelection()));
        }

        private static String describe(FirmwareImage i) {
            return String.format(
                    "Format:       %s%nVersion:      %s%nRelease date: %s%nPSID:         %s%nDevice ID:    0x%04x%n"
                            + "Description:  %s%nBase GUID:    0x%016x (%d)%nBase MAC:     0x%012x (%d)%n"
                            + "Security:     %s%nSections:     %d, %s%n",
                    i.format(), i.version(), i.releaseDate().isEmpty() ? "-" : i.releaseDate(), i.psid(), i.deviceId(),
                    i.description(), i.baseGuid(), i.guids(), i.baseMac(), i.macs(),
                    i.security().isEmpty() ? "none" : String.join(", ", i.security()), i.sections().size(),
                    i.badSections().isEmpty() ? "every CRC matches" : i.badSections().size() + " with a wrong CRC");
        }
    }

    /** Burn (or dry-run) with progress, ETA and cancel. */
    private final class BurnPage extends WizardPage {
        final AtomicBoolean cancelled = new AtomicBoolean();
        boolean done;
        private Button dryRun;
        private Button restart;
        private Button imageGuids;
        private Button burn;
        private Button cancel;
        private ProgressBar bar;
        private Label state;

        BurnPage() {
            super("burn", "Burn", null);
        }

        @Override
        public void createControl(Composite parent) {
            setDescription("Failsafe: the inactive slot is written and read back, and only then made active.");
            Composite c = new Composite(parent, SWT.NONE);
            GridLayoutFactory.fillDefaults().numColumns(2).margins(6, 6).applyTo(c);
            dryRun = id(new Button(c, SWT.CHECK), FirmwareIds.DRY_RUN);
            dryRun.setText("Dry run: check everything, write nothing");
            GridDataFactory.fillDefaults().span(2, 1).applyTo(dryRun);
            restart = id(new Button(c, SWT.CHECK), FirmwareIds.RESTART);
            restart.setText("Restart the adapter afterwards, so that it runs the new image");
            restart.setSelection(true);
            GridDataFactory.fillDefaults().span(2, 1).applyTo(restart);
            imageGuids = id(new Button(c, SWT.CHECK), FirmwareIds.USE_IMAGE_GUIDS);
            imageGuids.setText("Use the image's GUIDs and MACs (by default the adapter keeps its own)");
            GridDataFactory.fillDefaults().span(2, 1).applyTo(imageGuids);
            burn = id(new Button(c, SWT.PUSH), FirmwareIds.BURN);
            burn.setText("Burn");
            cancel = id(new Button(c, SWT.PUSH), FirmwareIds.CANCEL);
            cancel.setText("Cancel burn");
            cancel.setEnabled(false);
            bar = id(new ProgressBar(c, SWT.HORIZONTAL | SWT.SMOOTH), FirmwareIds.PROGRESS);
            bar.setMaximum(1000);
            GridDataFactory.fillDefaults().grab(true, false).span(2, 1).applyTo(bar);
            state = id(new Label(c, SWT.WRAP), FirmwareIds.BURN_STATUS);
            state.setText("Ready to burn into " + who() + ".");
            GridDataFactory.fillDefaults().grab(true, true).span(2, 1).applyTo(state);
            burn.addListener(SWT.Selection, e -> start());
            cancel.addListener(SWT.Selection, e -> cancelled.set(true));
            dryRun.addListener(SWT.Selection, e -> burn.setText(dryRun.getSelection() ? "Dry run" : "Burn"));
            setControl(c);
            setPageComplete(false);
        }

        private void start() {
            byte[] data = bytes;
            if (data == null) {
                return;
            }
            boolean dry = dryRun.getSelection();
            boolean reset = restart.getSelection();
            boolean forced = imagePage.force.getSelection();
            boolean useImageGuids = imageGuids.getSelection();
            cancelled.set(false);
            running = true;
            done = false;
            burn.setEnabled(false);
            cancel.setEnabled(!dry);
            bar.setSelection(0);
            state.setText("Finding the adapter of " + who() + "…");
            var display = getShell().getDisplay();
            long started = System.nanoTime();
            Thread worker = new Thread(() -> {
                String outcome;
                boolean ok = false;
                try {
                    PciFunction f = services.function(fabric, node.nodeGuid())
                            .orElseThrow(() -> new FlashException("no PCI function on the buses of " + fabric
                                    + " has the node GUID " + String.format("0x%016x", node.nodeGuid())
                                    + " as its serial number: this adapter cannot be reached from here"));
                    FirmwareFlasher flasher = services.flasher(f);
                    BurnResult r = flasher.burn(f, data, new BurnOptions(forced, dry, useImageGuids, cancelled::get,
                            (phase, doneUnits, total) -> progress(display, started, phase, doneUnits, total)));
                    if (r.dryRun()) {
                        outcome = String.format(
                                "Dry run: %s %s would go to slot %d (the adapter runs %s); nothing" + " was written.%s",
                                f.address(), r.newVersion(), r.slot(), r.previousVersion(), guids(r));
                    } else {
                        String restarted = "";
                        if (reset) {
                            flasher.restart(f);
                            restarted = " The adapter restarted and runs it.";
                        } else {
                            restarted = " It runs after the adapter restarts.";
                        }
                        outcome = String.format("Burned %s into slot %d of %s in %.1f s (%.0f dwords/s).%s%s",
                                r.newVersion(), r.slot(), f.address(), r.nanos() / 1e9, r.dwordsPerSecond(), restarted,
                                guids(r));
                        burnt = true;
                    }
                    ok = true;
                } catch (FlashException | PciException | RuntimeException e) {
                    outcome = "Not burnt: " + e.getMessage();
                }
                String text = outcome;
                boolean success = ok;
                display.asyncExec(() -> finished(text, success));
            }, "infiniscope-flash");
            worker.setDaemon(true);
            worker.start();
        }

        private static String guids(BurnResult r) {
            return r.guids().isEmpty() ? "" : " GUIDs and MACs: " + r.guids() + ".";
        }

        private void progress(org.eclipse.swt.widgets.Display display, long started, String phase, long doneUnits,
                long total) {
            // erase a tenth of the work, programming and verifying almost half each
            double within = total == 0 ? 1 : (double) doneUnits / total;
            double overall = switch (phase) {
                case "erase" -> 0.1 * within;
                case "program" -> 0.1 + 0.45 * within;
                case "verify" -> 0.55 + 0.45 * within;
                default -> 1.0;
            };
            double elapsed = (System.nanoTime() - started) / 1e9;
            double eta = overall > 0 ? elapsed * (1 - overall) / overall : 0;
            String text = String.format("%s %d %%, %.1f s elapsed, ETA %.1f s", phase, Math.round(within * 100),
                    elapsed, eta);
            display.asyncExec(() -> {
                if (!bar.isDisposed()) {
                    bar.setSelection((int) Math.round(overall * 1000));
                    state.setText(text);
                }
            });
        }

        private void finished(String outcome, boolean ok) {
            running = false;
            if (bar.isDisposed()) {
                return;
            }
            done = ok;
            if (ok) {
                bar.setSelection(1000);
            }
            state.setText(outcome);
            burn.setEnabled(true);
            cancel.setEnabled(false);
            setPageComplete(ok);
            getContainer().updateButtons();
        }
    }
}
