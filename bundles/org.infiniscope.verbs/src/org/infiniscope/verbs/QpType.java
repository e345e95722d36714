package org.infiniscope.verbs;

/** Queue pair transport types. */
public enum QpType {
    /** Reliable connected. */
    RC,
    /** Unreliable connected. */
    UC,
    /** Unreliable datagram. */
    UD
}
