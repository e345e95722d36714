package org.infiniscope.rest;

import java.util.Locale;

/**
 * What a token may do. {@link #VIEWER}, {@link #OPERATOR} and {@link #ADMIN} are ranked: each may do what the one
 * before it may. {@link #SCRAPE} stands apart: it reads {@code /metrics} and nothing else, so a monitoring system's
 * credential opens no part of the API.
 */
public enum Role {
    /** Reads {@code /metrics} only. */
    SCRAPE,
    /** Reads the fabric, counters, events, SM status, QPs and firmware inventory. */
    VIEWER,
    /** Also port actions, resweeps and counter clears. */
    OPERATOR,
    /** Also SM settings, firmware flashing and tokens (keys). */
    ADMIN;

    /** @return whether a token of this role may do what needs {@code required} */
    public boolean allows(Role required) {
        if (required == SCRAPE) {
            return true; // /metrics: the scrape token, and any API role (a viewer may read what a scraper reads)
        }
        return this != SCRAPE && ordinal() >= required.ordinal();
    }

    /** @return the name as the command line and the API write it: {@code viewer} */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * @return the role of a name ({@code viewer}, {@code operator}, {@code admin}, {@code scrape})
     * @throws IllegalArgumentException naming the roles when there is none of that name
     */
    public static Role of(String id) {
        for (Role r : values()) {
            if (r.id().equals(id)) {
                return r;
            }
        }
        throw new IllegalArgumentException("unknown role '" + id + "': one of viewer, operator, admin, scrape");
    }
}
