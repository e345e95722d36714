package org.infiniscope.discovery.check;

import java.util.Locale;
import java.util.Optional;

/** The checks a {@link FabricChecker} runs, each selected by its key ({@code --checks dup,speed,stuck,plan}). */
public enum Check {
    /** Duplicate node GUIDs, port GUIDs and LIDs (LID ranges overlapping under their LMC included). */
    DUP("dup", "duplicate GUIDs and LIDs"),
    /** Links running below the width or speed both ends support. */
    SPEED("speed", "link width and speed"),
    /** Ports whose physical link is up but whose logical state stays Init or Armed. */
    STUCK("stuck", "ports stuck in Init or Armed"),
    /** Links missing, extra or mis-cabled against a cabling plan. */
    PLAN("plan", "cabling plan");

    private final String key;
    private final String title;

    Check(String key, String title) {
        this.key = key;
        this.title = title;
    }

    /** @return the key that selects the check */
    public String key() {
        return key;
    }

    /** @return what the check is about, as a report's heading says it */
    public String title() {
        return title;
    }

    /** @return the check with this key, case-insensitive */
    public static Optional<Check> ofKey(String key) {
        String k = key.trim().toLowerCase(Locale.ROOT);
        for (Check c : values()) {
            if (c.key.equals(k)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }
}
