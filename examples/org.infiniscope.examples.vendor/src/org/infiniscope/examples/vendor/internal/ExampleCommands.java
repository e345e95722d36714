package org.infiniscope.examples.vendor.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;

/**
 * The Gogo commands {@code example:mkimage FILE VERSION} (writes an EXFW image) and
 * {@code example:misbehave throw|hang|off} (registers, or removes, services that throw or hang). Immediate: a delayed
 * component would be deactivated after each command, and its misbehaving services removed with it.
 */
@Component(service = ExampleCommands.class, immediate = true, property = {"osgi.command.scope=example",
        "osgi.command.function=mkimage", "osgi.command.function=misbehave"})
public final class ExampleCommands {

    private final BundleContext context;
    private Misbehaviour misbehaviour;

    @Activate
    public ExampleCommands(BundleContext context) {
        this.context = context;
    }

    @Deactivate
    synchronized void deactivate() {
        misbehave("off");
    }

    /** Writes an EXFW image for device 0xE001. */
    public String mkimage(String file, String version) throws IOException {
        byte[] image = ExfwFormat.build(version, "EXF0000000001", 0xE001, "Example Fabrics sample adapter");
        Files.write(Path.of(file), image);
        return "wrote " + image.length + " bytes of EXFW " + version + " to " + file;
    }

    /** {@code throw}, {@code hang} or {@code off}. */
    public synchronized String misbehave(String mode) {
        if (misbehaviour != null) {
            misbehaviour.stop();
            misbehaviour = null;
        }
        if (mode.equals("off")) {
            return "example: behaving";
        }
        misbehaviour = new Misbehaviour(context, Misbehaviour.Mode.valueOf(mode.toUpperCase(Locale.ROOT)));
        return "example: services that " + mode + " registered";
    }
}
