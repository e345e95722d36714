package org.infiniscope.rest.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FailedLoginsTest {

    private static final long S = 1_000_000_000L;

    @Test
    void anAddressIsBlockedAtTheLimitUntilItsOldestFailureLeavesTheWindow() {
        FailedLogins logins = new FailedLogins(3, 60);
        assertFalse(logins.fail("a", 0));
        assertFalse(logins.fail("a", 10 * S));
        assertEquals(0, logins.blockedSeconds("a", 10 * S));
        assertTrue(logins.fail("a", 20 * S), "the third failure blocks");
        assertEquals(40, logins.blockedSeconds("a", 20 * S), "until the first leaves the 60 s window");
        assertEquals(0, logins.blockedSeconds("b", 20 * S), "another address is not blocked");
        assertEquals(0, logins.blockedSeconds("a", 60 * S), "the first failure has left the window");
    }
}
