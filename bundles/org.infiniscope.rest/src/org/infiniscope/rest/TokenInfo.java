package org.infiniscope.rest;

import java.time.Instant;
import java.util.Objects;

/**
 * A token as the store describes it: never its secret.
 *
 * @param id the token's public identifier (the part before its secret; safe to show and log)
 * @param role what it may do
 * @param label what its creator called it, may be empty
 * @param created when it was made
 */
public record TokenInfo(String id, Role role, String label, Instant created) {

    /** Checks the fields. */
    public TokenInfo {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(role, "role");
        label = label == null ? "" : label;
        Objects.requireNonNull(created, "created");
    }
}
