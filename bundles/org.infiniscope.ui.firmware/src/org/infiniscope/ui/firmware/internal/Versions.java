package org.infiniscope.ui.firmware.internal;

import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.infiniscope.firmware.NodeFirmware;

/** Firmware versions compared field by field, and the reference each node is judged against. */
final class Versions {

    /** Orders {@code MAJOR.MINOR.SUBMINOR} numerically; a malformed one sorts first. */
    static final Comparator<String> ORDER = Comparator.comparingLong(Versions::key);

    private Versions() {
    }

    private static long key(String version) {
        String[] f = version.split("\\.");
        if (f.length != 3) {
            return -1;
        }
        try {
            return Long.parseLong(f[0]) << 40 | Long.parseLong(f[1]) << 20 | Long.parseLong(f[2]);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** @return the newest version seen per PSID among the nodes that answered */
    static Map<String, String> newestPerPsid(List<NodeFirmware> nodes) {
        Map<String, String> newest = new HashMap<>();
        for (NodeFirmware n : nodes) {
            if (n.answer() == NodeFirmware.Answer.OK && !n.psid().isEmpty()) {
                newest.merge(n.psid(), n.version(), (a, b) -> ORDER.compare(a, b) >= 0 ? a : b);
            }
        }
        return newest;
    }
}
