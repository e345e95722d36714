package org.infiniscope.sm;

import org.infiniscope.mad.smp.SmInfo;

/** The states of an SM (IBA 14.4.1), as SMInfo.SMState carries them. */
public enum SmState {
    /** Not running, or disabled by the master. */
    NOT_ACTIVE(SmInfo.NOT_ACTIVE),
    /** Sweeping the subnet to find out whether it is the master. */
    DISCOVERING(SmInfo.DISCOVERING),
    /** Another SM is the master; this one polls it and takes over when it stops answering. */
    STANDBY(SmInfo.STANDBY),
    /** This SM configures the subnet. */
    MASTER(SmInfo.MASTER);

    private final int smInfoValue;

    SmState(int smInfoValue) {
        this.smInfoValue = smInfoValue;
    }

    /** @return the SMInfo.SMState value */
    public int smInfoValue() {
        return smInfoValue;
    }

    /** @return the state of an SMInfo.SMState value */
    public static SmState of(int smInfoValue) {
        for (SmState s : values()) {
            if (s.smInfoValue == smInfoValue) {
                return s;
            }
        }
        throw new IllegalArgumentException("SMState " + smInfoValue + " is not 0..3");
    }
}
