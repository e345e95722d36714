package org.infiniscope.sm.internal;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What an SM runs with, from the service's configuration or the {@code sm} tool's options.
 *
 * @param routing the routing engine chain, tried in order (min-hop ends every chain)
 * @param priority SMInfo.Priority, 0..15
 * @param smKey the SM_Key (a secret: never logged)
 * @param mKey the M_Key set in every port and carried by every SMP; 0: none (a secret: never logged)
 * @param mKeyLease M_KeyLeasePeriod, seconds
 * @param mKeyProtect M_KeyProtectBits, 0..3 (used when an M_Key is set)
 * @param lmc the LMC of CA and router ports, 0..7
 * @param guid2lid the guid2lid file, null for none
 * @param sweepInterval the light sweep period; zero: none
 * @param subnetPrefix the GID prefix
 * @param pollInterval a standby polls the master this often
 * @param pollRetries the attempts of each poll before the master is given up for gone
 * @param window SMPs in flight
 * @param timeout the time-out of each SMP attempt
 * @param retries the retries of each SMP
 * @param subnetTimeout PortInfo.SubnetTimeOut
 * @param lifeTime SwitchInfo.LifeTimeValue
 */
public record SmSettings(List<String> routing, int priority, long smKey, long mKey, int mKeyLease, int mKeyProtect,
        int lmc, Path guid2lid, Duration sweepInterval, long subnetPrefix, Duration pollInterval, int pollRetries,
        int window, Duration timeout, int retries, int subnetTimeout, int lifeTime) {

    /** OpenSM's default GID prefix. */
    public static final long DEFAULT_PREFIX = 0xfe80_0000_0000_0000L;

    /** Checks the ranges. */
    public SmSettings {
        routing = List.copyOf(routing);
        Objects.requireNonNull(sweepInterval, "sweepInterval");
        Objects.requireNonNull(pollInterval, "pollInterval");
        Objects.requireNonNull(timeout, "timeout");
        if (routing.isEmpty()) {
            throw new IllegalArgumentException("the routing chain names no engine");
        }
        if (priority < 0 || priority > 15) {
            throw new IllegalArgumentException("priority " + priority + " is not 0..15");
        }
        if (lmc < 0 || lmc > 7) {
            throw new IllegalArgumentException("LMC " + lmc + " is not 0..7");
        }
        if (mKeyProtect < 0 || mKeyProtect > 3) {
            throw new IllegalArgumentException("M_Key protection " + mKeyProtect + " is not 0..3");
        }
        if (mKeyLease < 0 || mKeyLease > 0xFFFF) {
            throw new IllegalArgumentException("M_Key lease " + mKeyLease + " is not 0..65535");
        }
        if (window < 1 || window > 4096) {
            throw new IllegalArgumentException("window " + window + " is not 1..4096");
        }
        if (retries < 0 || pollRetries < 0) {
            throw new IllegalArgumentException("retries must not be negative");
        }
    }

    /** OpenSM's defaults: min-hop, priority 0, no keys, LMC 0, sweep every 10 s, SMInfo polled every 10 s × 4. */
    public static SmSettings defaults(Path guid2lid) {
        return new SmSettings(List.of("minhop"), 0, 0, 0, 0, 1, 0, guid2lid, Duration.ofSeconds(10), DEFAULT_PREFIX,
                Duration.ofSeconds(10), 4, 16, Duration.ofMillis(500), 3, 18, 18);
    }

    /** @return these settings with another routing chain */
    public SmSettings withRouting(List<String> chain) {
        return new SmSettings(chain, priority, smKey, mKey, mKeyLease, mKeyProtect, lmc, guid2lid, sweepInterval,
                subnetPrefix, pollInterval, pollRetries, window, timeout, retries, subnetTimeout, lifeTime);
    }

    /** @return these settings with another priority */
    public SmSettings withPriority(int value) {
        return new SmSettings(routing, value, smKey, mKey, mKeyLease, mKeyProtect, lmc, guid2lid, sweepInterval,
                subnetPrefix, pollInterval, pollRetries, window, timeout, retries, subnetTimeout, lifeTime);
    }

    /** @return these settings with another LMC */
    public SmSettings withLmc(int value) {
        return new SmSettings(routing, priority, smKey, mKey, mKeyLease, mKeyProtect, value, guid2lid, sweepInterval,
                subnetPrefix, pollInterval, pollRetries, window, timeout, retries, subnetTimeout, lifeTime);
    }

    /** @return these settings with another guid2lid file */
    public SmSettings withGuid2lid(Path file) {
        return new SmSettings(routing, priority, smKey, mKey, mKeyLease, mKeyProtect, lmc, file, sweepInterval,
                subnetPrefix, pollInterval, pollRetries, window, timeout, retries, subnetTimeout, lifeTime);
    }

    /** @return these settings with other sweep and poll periods */
    public SmSettings withTimers(Duration sweep, Duration poll, int pollAttempts) {
        return new SmSettings(routing, priority, smKey, mKey, mKeyLease, mKeyProtect, lmc, guid2lid, sweep,
                subnetPrefix, poll, pollAttempts, window, timeout, retries, subnetTimeout, lifeTime);
    }

    /** @return these settings with keys */
    public SmSettings withKeys(long sm, long m, int lease, int protect) {
        return new SmSettings(routing, priority, sm, m, lease, protect, lmc, guid2lid, sweepInterval, subnetPrefix,
                pollInterval, pollRetries, window, timeout, retries, subnetTimeout, lifeTime);
    }

    /** The keys are secrets: they are not in the text. */
    @Override
    public String toString() {
        return "SmSettings[routing " + routing + " priority " + priority + " lmc " + lmc + " guid2lid " + guid2lid
                + " sweep " + sweepInterval + "]";
    }
}
