package org.infiniscope.sm.partition;

/**
 * A flag of a partition definition or of an {@code mgid=} line: {@code ipoib}, {@code mtu=4}, {@code sl=1}…
 *
 * @param name the flag as written
 * @param value what follows {@code =}, or null
 */
public record Flag(String name, String value) {

    @Override
    public String toString() {
        return value == null ? name : name + "=" + value;
    }
}
