package org.infiniscope.rest.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

class SecretsTest {

    @Test
    void keyValuesAndTokensAreHidden() {
        String text = Secrets.scrub("""
                LinkUp
                M_Key:...........................0x00000000deadbeef
                SM_Key 0x1234
                a token isc_0123456789ab_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA here""");
        assertFalse(text.contains("deadbeef"), text);
        assertFalse(text.contains("0x1234"), text);
        assertFalse(text.contains("AAAAAAAAAAAAAAAAAAAA"), text);
        assertEquals("LinkUp", text.lines().findFirst().orElseThrow());
    }
}
