package org.infiniscope.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.ProgressBar;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Text;
import org.eclipse.swt.widgets.Widget;
import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.ui.UiIds;
import org.infiniscope.ui.firmware.FirmwareIds;
import org.infiniscope.ui.tests.bot.UiBot;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceReference;

/**
 * The firmware part on the simulated 432-host fat tree: the inventory lists every node's adapter with the firmware it
 * runs (read in-band), and the flash wizard burns a new image (built by {@code fw mkimage}) into one simulated
 * ConnectX-5 through its PCI function, with the PSID check and progress, restarts it, and the inventory then shows
 * the new version there, and the other hosts of that PSID as out of date.
 */
class FirmwareUiTest {

    private UiBot bot;
    private Shell window;

    @BeforeEach
    void connect() throws Exception {
        bot = UiBot.forWorkbench();
        window = bot.shell(UiIds.PRODUCT_NAME);
        FatTree432.connect();
    }

    private <T extends Widget> T widget(Shell shell, Class<T> type, String id) {
        return bot.waitFor("a " + type.getSimpleName() + " '" + id + "'",
                () -> UiBot.findAll(shell, type, w -> id.equals(w.getData(FirmwareIds.WIDGET_ID))).stream().findFirst()
                        .orElse(null),
                UiBot.TIMEOUT);
    }

    private void click(Widget w) {
        bot.run(() -> bot.display().asyncExec(() -> w.notifyListeners(SWT.Selection, new Event())));
    }

    private Button button(Shell shell, String label) {
        return bot.waitFor("the '" + label + "' button",
                () -> UiBot.findAll(shell, Button.class, b -> b.getText().replace("&", "").equals(label)).stream()
                        .findFirst().orElse(null),
                UiBot.TIMEOUT);
    }

    /** @return a new image built by the runtime's own {@code fw mkimage} */
    private static Path mkimage(String version, String... more) throws Exception {
        BundleContext context = FrameworkUtil.getBundle(FirmwareUiTest.class).getBundleContext();
        Path out = Files.createDirectories(Path.of("target", "firmware-ui")).resolve("hca-" + version + ".bin")
                .toAbsolutePath();
        for (ServiceReference<ConsoleTool> r : context.getServiceReferences(ConsoleTool.class, null)) {
            ConsoleTool tool = context.getService(r);
            if (tool != null && tool.name().equals("fw")) {
                StringWriter err = new StringWriter();
                List<String> args = new java.util.ArrayList<>(
                        List.of("mkimage", "-o", out.toString(), "--version", version));
                args.addAll(List.of(more));
                int status = tool.run(new ToolInvocation(args, new PrintWriter(new StringWriter(), true),
                        new PrintWriter(err, true)));
                assertEquals(0, status, err.toString());
                return out;
            }
        }
        throw new AssertionError("no 'fw' console tool is registered");
    }

    private static String cell(Table table, int row, int column) {
        return table.getItem(row).getText(column);
    }

    private static int rowOf(Table table, String guid) {
        for (int i = 0; i < table.getItemCount(); i++) {
            if (table.getItem(i).getText(1).equals(guid)) {
                return i;
            }
        }
        return -1;
    }

    @Test
    void inventoryShowsTheAdaptersAndTheWizardBurnsANewImageIntoOne() throws Exception {
        Path image = mkimage("16.36.1002");
        FatTree432.showPart(bot, FirmwareIds.PART_FIRMWARE);
        Table table = widget(window, Table.class, FirmwareIds.TABLE);
        Label status = widget(window, Label.class, FirmwareIds.STATUS);
        click(widget(window, Button.class, FirmwareIds.REFRESH));
        try {
            bot.waitFor("every node of the fat tree with its firmware",
                    () -> table.getItemCount() == 474 && FatTree432.column(table, 5).stream().noneMatch("-"::equals)
                            ? true
                            : null,
                    FatTree432.SM_UP);
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; status: " + bot.call(status::getText), e);
        }
        List<String> types = bot.call(() -> FatTree432.column(table, 2));
        List<String> versions = bot.call(() -> FatTree432.column(table, 5));
        List<String> psids = bot.call(() -> FatTree432.column(table, 6));
        int host = types.indexOf("CA");
        for (int i = 0; i < types.size(); i++) {
            boolean ca = types.get(i).equals("CA");
            assertEquals(ca ? "16.35.2000" : "15.2010.4004", versions.get(i), "row " + i);
            assertEquals(ca ? "MT_0000000008" : "MT_2630110032", psids.get(i), "row " + i);
        }
        assertEquals(432, types.stream().filter("CA"::equals).count());
        assertTrue(bot.call(() -> FatTree432.column(table, 7)).stream().allMatch("up to date"::equals));
        String guid = bot.call(() -> cell(table, host, 1));

        bot.run(() -> {
            table.setSelection(host);
            table.notifyListeners(SWT.Selection, new Event());
        });
        Button flash = widget(window, Button.class, FirmwareIds.FLASH);
        bot.waitUntil("Flash enabled on the selected host", flash::isEnabled);
        click(flash);
        Shell wizard = bot.shell("Flash firmware");
        Text path = widget(wizard, Text.class, FirmwareIds.IMAGE_PATH);
        bot.run(() -> path.setText(image.toString()));
        Text description = widget(wizard, Text.class, FirmwareIds.IMAGE_DESCRIPTION);
        Label psid = widget(wizard, Label.class, FirmwareIds.PSID_CHECK);
        bot.waitUntil("the image described and its PSID checked",
                () -> description.getText().contains("Version:      16.36.1002")
                        && psid.getText().startsWith("PSID matches: MT_0000000008"));
        assertTrue(bot.call(description::getText).contains("Format:       FS4"), bot.call(description::getText));
        click(button(wizard, "Next >"));
        Button burn = widget(wizard, Button.class, FirmwareIds.BURN);
        Button restart = widget(wizard, Button.class, FirmwareIds.RESTART);
        assertTrue(bot.call(restart::getSelection), "restart after the burn by default");
        Button imageGuids = widget(wizard, Button.class, FirmwareIds.USE_IMAGE_GUIDS);
        assertFalse(bot.call(imageGuids::getSelection), "the adapter keeps its GUIDs by default");
        click(burn);
        Label burnStatus = widget(wizard, Label.class, FirmwareIds.BURN_STATUS);
        String outcome = bot.waitFor("the burn to end", () -> {
            String t = burnStatus.getText();
            return t.startsWith("Burned") || t.startsWith("Not burnt") ? t : null;
        }, UiBot.TIMEOUT);
        assertTrue(outcome.startsWith("Burned 16.36.1002 into slot 1") && outcome.contains("restarted and runs it"),
                outcome);
        assertTrue(outcome.contains("GUIDs and MACs: kept the adapter's: GUID " + guid.substring(2)), outcome);
        assertEquals(1000, (int) bot.call(widget(wizard, ProgressBar.class, FirmwareIds.PROGRESS)::getSelection));
        Path png = bot.screenshot(wizard, "firmware-flash-wizard");
        assertTrue(Files.size(png) > 5_000, "screenshot too small to show anything: " + png);
        click(button(wizard, "Finish"));
        bot.waitUntil("the wizard to close", wizard::isDisposed);

        bot.waitFor("the inventory read again, with the new version on the burnt host", () -> {
            int row = rowOf(table, guid);
            return row >= 0 && cell(table, row, 5).equals("16.36.1002") ? true : null;
        }, FatTree432.SM_UP);
        int row = bot.call(() -> rowOf(table, guid));
        assertEquals("up to date", bot.call(() -> cell(table, row, 7)));
        int other = bot.call(() -> {
            for (int i = 0; i < table.getItemCount(); i++) {
                if (i != row && table.getItem(i).getText(2).equals("CA")) {
                    return i;
                }
            }
            return -1;
        });
        assertEquals("out of date (16.36.1002 seen)", bot.call(() -> cell(table, other, 7)));
        TableItem behind = bot.call(() -> table.getItem(other));
        TableItem current = bot.call(() -> table.getItem(row));
        assertTrue(bot.call(() -> !behind.getBackground().equals(current.getBackground())),
                "an out-of-date row is highlighted");
        assertEquals(431, bot.call(() -> FatTree432.column(table, 7)).stream()
                .filter(s -> s.startsWith(FirmwareIds.OUT_OF_DATE)).count());
        Path inventory = bot.screenshot(window, "firmware-inventory");
        assertTrue(Files.size(inventory) > 10_000, "screenshot too small to show anything: " + inventory);

        // the image's GUIDs burnt into another host: restarted, it has the image's GUID, in the inventory and as its
        // PCI serial number, so the wizard opened on its new row still finds the adapter
        String newGuid = "0x0002c90300fe0001";
        Path theirs = mkimage("16.36.1003", "--guid", newGuid);
        String otherGuid = bot.call(() -> cell(table, other, 1));
        Shell second = openWizard(table, other, theirs, "16.36.1003");
        click(button(second, "Next >"));
        Button useImageGuids = widget(second, Button.class, FirmwareIds.USE_IMAGE_GUIDS);
        bot.run(() -> useImageGuids.setSelection(true));
        String burnt = burn(second);
        assertTrue(burnt.startsWith("Burned 16.36.1003") && burnt.contains("restarted and runs it"), burnt);
        assertTrue(burnt.contains("GUIDs and MACs: the image's: GUID " + newGuid.substring(2)), burnt);
        click(button(second, "Finish"));
        bot.waitUntil("the wizard to close", second::isDisposed);
        bot.waitFor("the inventory read again, the host listed with the image's GUID", () -> {
            int at = rowOf(table, newGuid);
            return at >= 0 && cell(table, at, 5).equals("16.36.1003") && rowOf(table, otherGuid) < 0 ? true : null;
        }, FatTree432.SM_UP);
        // and back: the wizard opened on the new row reaches the adapter and burns it its old GUID again (the fat
        // tree is shared by the UI test classes)
        int renamed = bot.call(() -> rowOf(table, newGuid));
        Path back = mkimage("16.36.1004", "--guid", otherGuid);
        Shell third = openWizard(table, renamed, back, "16.36.1004");
        click(button(third, "Next >"));
        Button again = widget(third, Button.class, FirmwareIds.USE_IMAGE_GUIDS);
        bot.run(() -> again.setSelection(true));
        String restored = burn(third);
        assertTrue(restored.startsWith("Burned 16.36.1004") && restored.contains("restarted and runs it"),
                "the wizard finds the adapter by its new GUID: " + restored);
        assertTrue(restored.contains("GUIDs and MACs: the image's: GUID " + otherGuid.substring(2)), restored);
        click(button(third, "Finish"));
        bot.waitUntil("the wizard to close", third::isDisposed);
        bot.waitFor("the inventory read again, the host listed with its old GUID", () -> {
            int at = rowOf(table, otherGuid);
            return at >= 0 && cell(table, at, 5).equals("16.36.1004") && rowOf(table, newGuid) < 0 ? true : null;
        }, FatTree432.SM_UP);
    }

    /** Selects a row, opens the flash wizard on it and gives it an image, whose PSID it checks. */
    private Shell openWizard(Table table, int row, Path image, String version) {
        bot.run(() -> {
            table.setSelection(row);
            table.notifyListeners(SWT.Selection, new Event());
        });
        Button flash = widget(window, Button.class, FirmwareIds.FLASH);
        bot.waitUntil("Flash enabled on the selected host", flash::isEnabled);
        click(flash);
        Shell wizard = bot.shell("Flash firmware");
        Text path = widget(wizard, Text.class, FirmwareIds.IMAGE_PATH);
        bot.run(() -> path.setText(image.toString()));
        Text description = widget(wizard, Text.class, FirmwareIds.IMAGE_DESCRIPTION);
        Label psid = widget(wizard, Label.class, FirmwareIds.PSID_CHECK);
        bot.waitUntil("the image described and its PSID checked",
                () -> description.getText().contains("Version:      " + version)
                        && psid.getText().startsWith("PSID matches: MT_0000000008"));
        return wizard;
    }

    /** Presses Burn (or Dry run) and waits for the outcome. */
    private String burn(Shell wizard) {
        click(widget(wizard, Button.class, FirmwareIds.BURN));
        Label burnStatus = widget(wizard, Label.class, FirmwareIds.BURN_STATUS);
        return bot.waitFor("the burn to end", () -> {
            String t = burnStatus.getText();
            return t.startsWith("Burned") || t.startsWith("Dry run") || t.startsWith("Not burnt") ? t : null;
        }, UiBot.TIMEOUT);
    }
}
