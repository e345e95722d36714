package org.infiniscope.firmware;

import java.util.Objects;

/**
 * One node's firmware as the fabric-wide inventory read it in-band (Mellanox GeneralInfo, what {@code vendstat -N}
 * reads).
 *
 * @param nodeGuid the node GUID
 * @param switchNode whether the node is a switch
 * @param description the NodeDescription
 * @param lid the LID asked (a switch's port 0, a CA's first port with a LID), 0 when it has none
 * @param answer how the node answered
 * @param deviceId the hardware device ID the node reported, 0 unless {@link Answer#OK}
 * @param version the firmware version the node runs, {@code MAJOR.MINOR.SUBMINOR}, empty unless {@link Answer#OK}
 * @param psid the PSID the node reported, empty when it reported none
 * @param detail why there is no version (the MAD status, the time-out), empty when there is one
 */
public record NodeFirmware(long nodeGuid, boolean switchNode, String description, int lid, Answer answer, int deviceId,
        String version, String psid, String detail) {

    /** How a node answered GeneralInfo. */
    public enum Answer {
        /** It answered with its firmware. */
        OK("ok"),
        /** No answer within the time-out and retries (ibsim and nodes without a vendor agent). */
        NO_ANSWER("no answer"),
        /** It answered with an error status: it does not support GeneralInfo. */
        UNSUPPORTED("unsupported"),
        /** Its answer could not be read. */
        MALFORMED("malformed answer"),
        /** It has no LID to ask (no SM has configured it). */
        NO_LID("no LID");

        private final String text;

        Answer(String text) {
            this.text = text;
        }

        /** @return how reports print it */
        public String text() {
            return text;
        }
    }

    /** Checks for nulls. */
    public NodeFirmware {
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(answer, "answer");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(psid, "psid");
        Objects.requireNonNull(detail, "detail");
    }
}
