package org.infiniscope.pci.internal;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.infiniscope.pci.PciAddress;
import org.junit.jupiter.api.Assumptions;

/** Runs pciutils' own lspci on this machine, and reads its output. */
final class HostLspci {

    static final Path LSPCI = Path.of("/usr/bin/lspci");

    private HostLspci() {
    }

    /** Skips the test when pciutils is not installed; fails under CI=true, where it must be. */
    static void require() {
        if (!Files.isExecutable(LSPCI)) {
            if ("true".equals(System.getenv("CI"))) {
                fail("CI=true and " + LSPCI + " is missing: ./infiniscope test installs pciutils");
            }
            Assumptions.abort(LSPCI + " missing: install pciutils to compare with lspci");
        }
    }

    /** Skips (fails under CI) when the bus has no functions: a container without /sys/bus/pci. */
    static void requireBus() {
        if (!Files.isDirectory(ConfigSizes.DEVICES)) {
            if ("true".equals(System.getenv("CI"))) {
                fail("CI=true and " + ConfigSizes.DEVICES + " is missing");
            }
            Assumptions.abort(ConfigSizes.DEVICES + " missing: no PCI bus to compare");
        }
    }

    /** @return lspci's standard output, lines without their ends */
    static List<String> run(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(LSPCI.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("lspci did not end within 30 s");
        }
        String text = new String(out, StandardCharsets.UTF_8);
        return text.isEmpty() ? List.of() : List.of(text.split("\n", -1)).subList(0, text.split("\n", -1).length - 1);
    }

    /** @return the bytes of each function's configuration space as {@code lspci -xxx} (or -xxxx) dumps them */
    static Map<PciAddress, byte[]> dumps(String option) throws IOException, InterruptedException {
        Map<PciAddress, byte[]> out = new LinkedHashMap<>();
        PciAddress current = null;
        byte[] bytes = null;
        int length = 0;
        for (String line : run("-D", option)) {
            if (line.isEmpty()) {
                continue;
            }
            if (!line.startsWith(" ") && line.length() > 12 && line.charAt(4) == ':' && line.indexOf(' ') > 10) {
                if (current != null) {
                    out.put(current, java.util.Arrays.copyOf(bytes, length));
                }
                current = PciAddress.parse(line.substring(0, line.indexOf(' ')));
                bytes = new byte[4096];
                length = 0;
            } else if (current != null) {
                int colon = line.indexOf(':');
                int base = Integer.parseInt(line.substring(0, colon), 16);
                String[] hex = line.substring(colon + 1).trim().split(" ");
                for (int i = 0; i < hex.length; i++) {
                    bytes[base + i] = (byte) Integer.parseInt(hex[i], 16);
                    length = Math.max(length, base + i + 1);
                }
            }
        }
        if (current != null) {
            out.put(current, java.util.Arrays.copyOf(bytes, length));
        }
        return out;
    }
}
