package org.infiniscope.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.infiniscope.model.connection.ConnectionState;
import org.infiniscope.ui.remote.internal.ConnectDialog;
import org.infiniscope.ui.tests.bot.UiBot;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * File › Connect… (bundle org.infiniscope.ui.remote): with a local fabric connected it asks before closing it (No
 * keeps it; Yes closes it, and a runtime that cannot be reached is an error naming the address, never the token);
 * the dialog checks the URL and the token and hides the token as it is typed.
 * (The remote client itself is tested against the real headless runtime by RemoteFabricIT.)
 */
class RemoteUiTest {

    private FabricUi ui;

    @BeforeEach
    void window() {
        ui = new FabricUi();
    }

    @Test
    void connectAsksBeforeClosingTheLocalFabricAndNoKeepsIt() throws Exception {
        ui.connect("sim", 38);
        Shell dialog = openConnect("http://127.0.0.1:" + freePort(), "isc_0123456789ab_" + SECRET);
        ui.press(dialog, "Connect");
        Shell question = ui.bot.shell("Close the local fabric?");
        try {
            List<String> labels = labels(question);
            assertTrue(labels.stream().anyMatch(t -> t.contains("A local fabric (sim) is connected")),
                    labels.toString());
        } finally {
            ui.press(question, "No");
        }
        ui.bot.waitUntil("the question to close", question::isDisposed);
        assertEquals(ConnectionState.Phase.CONNECTED, FabricUi.connection().state().phase());
        assertEquals("sim", FabricUi.connection().state().fabric(), "the local fabric stays");
    }

    @Test
    void yesClosesTheLocalFabricAndAnUnreachableRuntimeSaysWhyWithoutTheToken() throws Exception {
        ui.connect("sim", 38);
        int port = freePort();
        try {
            Shell dialog = openConnect("http://127.0.0.1:" + port, "isc_0123456789ab_" + SECRET);
            ui.press(dialog, "Connect");
            Shell question = ui.bot.shell("Close the local fabric?");
            ui.press(question, "Yes");
            Shell error = ui.bot.shell("Cannot connect to the remote runtime");
            try {
                List<String> labels = labels(error);
                assertTrue(labels.stream().anyMatch(t -> t.contains("127.0.0.1:" + port + "/api/v1/fabric")),
                        "the address that failed: " + labels);
                assertTrue(labels.stream().noneMatch(t -> t.contains(SECRET)), "no token: " + labels);
                ui.bot.screenshot(error, "remote-connect-unreachable");
            } finally {
                ui.press(error, "OK");
            }
            ui.bot.waitUntil("the error dialog to close", error::isDisposed);
            assertEquals(ConnectionState.Phase.IDLE, FabricUi.connection().state().phase(),
                    "the local fabric was closed");
        } finally {
            ui.connect("sim", 38); // as the other test classes expect to find it
        }
    }

    private static final String SECRET = "Z".repeat(43);

    private Shell openConnect(String address, String secret) {
        MenuItem item = ui.bot.menuItem(ui.window, "File", "Connect…");
        ui.bot.clickLater(item);
        Shell dialog = ui.bot.shell("Connect to a Remote Runtime");
        Text url = ui.widget(dialog, Text.class, "remote.url");
        Text token = ui.widget(dialog, Text.class, "remote.token");
        ui.bot.run(() -> {
            url.setText(address);
            token.setText(secret);
        });
        return dialog;
    }

    private List<String> labels(Shell shell) {
        return ui.bot.call(() -> UiBot.findAll(shell, Label.class, l -> true).stream().map(Label::getText).toList());
    }

    private static int freePort() throws java.io.IOException {
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort(); // closed again: nothing listens there
        }
    }

    @Test
    void theDialogChecksTheUrlAndTheTokenAndHidesTheToken() throws Exception {
        ConnectDialog[] dialog = new ConnectDialog[1];
        ui.bot.run(() -> {
            dialog[0] = new ConnectDialog(ui.window, null);
            dialog[0].setBlockOnOpen(false);
            dialog[0].open();
        });
        Shell shell = ui.bot.shell("Connect to a Remote Runtime");
        Text url = ui.widget(shell, Text.class, "remote.url");
        Text token = ui.widget(shell, Text.class, "remote.token");
        Button connect = ui.bot.call(() -> UiBot
                .findAll(shell, Button.class, b -> b.getText().replace("&", "").equals("Connect")).getFirst());
        assertTrue(ui.bot.call(() -> (token.getStyle() & SWT.PASSWORD) != 0), "the token is hidden");
        assertEquals("http://127.0.0.1:9464", ui.bot.call(url::getText));
        assertFalse(ui.bot.call(connect::isEnabled), "no token yet");
        ui.bot.run(() -> {
            token.setText("isc_0123456789ab_secret");
            url.setText("ftp://fabric-mgmt:9464");
        });
        assertFalse(ui.bot.call(connect::isEnabled), "not an http URL");
        ui.bot.run(() -> url.setText("http://user:pw@fabric-mgmt:9464"));
        assertFalse(ui.bot.call(connect::isEnabled), "a password in the URL");
        ui.bot.run(() -> url.setText("https://fabric-mgmt:9464"));
        assertTrue(ui.bot.call(connect::isEnabled));
        ui.bot.screenshot(shell, "remote-connect");
        ui.press(shell, "Connect");
        ui.bot.waitUntil("the dialog to close", shell::isDisposed);
        assertEquals(URI.create("https://fabric-mgmt:9464"), dialog[0].url());
        assertEquals("isc_0123456789ab_secret", dialog[0].token());
    }
}
