package org.infiniscope.sm.internal;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/** Turns the configuration and the runtime's properties into {@link SmSettings}. */
final class Settings {

    /** The framework property of the runtime's state folder (the launcher's {@code .infiniscope}). */
    static final String STATE_PROPERTY = "infiniscope.state";
    /** The framework property of the caller's folder. */
    static final String CWD_PROPERTY = "infiniscope.cwd";

    private Settings() {
    }

    /** @return the guid2lid file's default place: {@code sm/guid2lid} in the state folder */
    static Path defaultGuid2lid(String state, String cwd) {
        Path base = state != null && !state.isBlank()
                ? Path.of(state)
                : Path.of(cwd != null && !cwd.isBlank() ? cwd : System.getProperty("user.dir"), ".infiniscope");
        return base.resolve("sm").resolve("guid2lid");
    }

    /**
     * @return the guid2lid file of an SM on {@code fabric}: {@code file} itself, but for a simulated fabric with a
     *         topology ({@code sim:TOPOLOGY[@NODE]}) a file of that topology beside it ({@code guid2lid.ft2-24-18-18}
     *         for {@code sim:ft2:24:18:18}, {@code guid2lid.ft2-432.net-HASH} for a net file): each simulated fabric
     *         is a subnet of its own, whose GUIDs other generated fabrics reuse, and the LIDs one of them was given
     *         must not be another's when the SM moves between them
     */
    static Path forFabric(Path file, String fabric) {
        if (file == null || !FabricChannels.isSimulator(fabric) || !fabric.startsWith("sim:")) {
            return file;
        }
        String topology = fabric.substring(4);
        int at = topology.lastIndexOf('@');
        if (at >= 0) {
            topology = topology.substring(0, at);
        }
        if (topology.isEmpty()) {
            return file;
        }
        String name;
        if (org.infiniscope.topology.TopologySpec.isSpec(topology)) {
            name = topology.replaceAll("[^A-Za-z0-9.]+", "-");
        } else {
            Path p = Path.of(topology);
            String last = p.getFileName() == null ? "net" : p.getFileName().toString();
            name = last.replaceAll("[^A-Za-z0-9.]+", "-") + "-"
                    + String.format("%08x", p.toAbsolutePath().normalize().toString().hashCode());
        }
        return file.resolveSibling(file.getFileName() + "." + name);
    }

    static SmSettings of(SmConfig c, Path defaultGuid2lid) {
        Path file = c.guid2lid_file().isBlank() ? defaultGuid2lid : Path.of(c.guid2lid_file());
        return new SmSettings(chain(c.routing_engine()), c.sm_priority(), hex(c.sm_key(), "sm_key"),
                hex(c.m_key(), "m_key"), c.m_key_lease_period(), c.m_key_protection_level(), c.lmc(), file,
                Duration.ofSeconds(Math.max(0, c.sweep_interval())), hex(c.subnet_prefix(), "subnet_prefix"),
                Duration.ofMillis(Math.max(1, c.sminfo_polling_timeout())), c.polling_retry_number(), c.max_wire_smps(),
                Duration.ofMillis(Math.max(1, c.transaction_timeout())), c.transaction_retries(), 18, 18);
    }

    /** @return the engines of a chain such as {@code updn,minhop} */
    static List<String> chain(String text) {
        List<String> names = Arrays.stream(text.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
        if (names.isEmpty()) {
            throw new IllegalArgumentException("the routing chain '" + text + "' names no engine");
        }
        return names;
    }

    /** Parses a 64-bit value, hexadecimal with or without 0x; the message never shows a key's value. */
    static long hex(String text, String what) {
        String t = text.strip();
        if (t.startsWith("0x") || t.startsWith("0X")) {
            t = t.substring(2);
        }
        try {
            return t.isEmpty() ? 0 : Long.parseUnsignedLong(t, 16);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " is not a 64-bit hexadecimal number");
        }
    }
}
