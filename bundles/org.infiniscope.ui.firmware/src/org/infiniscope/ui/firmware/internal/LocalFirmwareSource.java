package org.infiniscope.ui.firmware.internal;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import org.infiniscope.firmware.FirmwareInventory;
import org.infiniscope.firmware.NodeFirmware;
import org.infiniscope.model.connection.ConnectionState;
import org.infiniscope.ui.firmware.FirmwareSource;

/** The inventory service of this application on the fabric it has open ({@code fw inventory}, in-band). */
final class LocalFirmwareSource implements FirmwareSource {

    private final FirmwareServices services;
    private final List<Consumer<String>> connected = new CopyOnWriteArrayList<>();
    private final List<AutoCloseable> listening = new ArrayList<>();

    LocalFirmwareSource(FirmwareServices services) {
        this.services = services;
        services.connection().ifPresent(c -> listening.add(c.addListener(state -> {
            if (state.phase() == ConnectionState.Phase.CONNECTED && state.fabric() != null) {
                connected.forEach(callback -> callback.accept(state.fabric()));
            }
        })));
    }

    @Override
    public String where() {
        return "local";
    }

    @Override
    public String fabric() {
        return services.connection().map(c -> c.state().fabric()).orElse(null);
    }

    @Override
    public List<NodeFirmware> read() throws IOException, InterruptedException {
        String fabric = fabric();
        if (fabric == null) {
            throw new IOException("No fabric is open.");
        }
        FirmwareInventory inventory = services.inventory()
                .orElseThrow(() -> new IOException("No firmware inventory service is installed."));
        return inventory.read(fabric, 64, Duration.ofSeconds(1), 3);
    }

    @Override
    public boolean canFlash() {
        return true;
    }

    @Override
    public void onConnected(Consumer<String> callback) {
        connected.add(callback);
    }

    @Override
    public void close() {
        for (AutoCloseable c : listening) {
            try {
                c.close();
            } catch (Exception e) {
                // the connection is going away too
            }
        }
        connected.clear();
    }
}
