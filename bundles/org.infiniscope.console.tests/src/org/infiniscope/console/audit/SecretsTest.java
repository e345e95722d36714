package org.infiniscope.console.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Secrets never reach a log: M_Keys, SM_Keys, tokens and passwords are masked, P_Keys and the rest are kept. */
class SecretsTest {

    @Test
    void masksTheValueOfSecretOptions() {
        assertEquals(List.of("portstate", "-y", "****", "4", "1", "disable"),
                Secrets.mask(List.of("portstate", "-y", "0x8000000000001234", "4", "1", "disable")));
        assertEquals(List.of("smpquery", "--m_key", "****", "portinfo", "4"),
                Secrets.mask(List.of("smpquery", "--m_key", "0x0123456789abcdef", "portinfo", "4")));
        assertEquals(List.of("saquery", "--smkey=****"), Secrets.mask(List.of("saquery", "--smkey=0x1")));
        assertEquals(List.of("connect", "--token", "****"), Secrets.mask(List.of("connect", "--token", "s3cr3t")));
    }

    @Test
    void keepsPKeysAndOrdinaryArguments() {
        List<String> argv = List.of("sm", "--allow_both_pkeys", "--keep_pkey_indexes", "TRUE", "--fabric", "sim");
        assertEquals(argv, Secrets.mask(argv));
        assertFalse(Secrets.isSecretOption("--keep_pkey_indexes"));
        assertFalse(Secrets.isSecretOption("-K"));
        assertTrue(Secrets.isSecretName("sm_key"));
        assertTrue(Secrets.isSecretName("m_key"));
        assertTrue(Secrets.isSecretName("keystorePassword"));
        assertFalse(Secrets.isSecretName("pkey"));
    }

    @Test
    void masksSecretsInFreeText() {
        assertEquals("bad m_key=**** for port 4", Secrets.maskText("bad m_key=0xdeadbeefdeadbeef for port 4"));
        assertEquals("Authorization: Bearer ****", Secrets.maskText("Authorization: Bearer abc.def-ghi"));
        assertEquals("{\"token\":\"****\"}", Secrets.maskText("{\"token\":\"abc\"}"));
        assertEquals("portstate --m_key **** 4 1", Secrets.maskText("portstate --m_key 0x1234 4 1"));
        assertEquals("portstate -y **** 4 1", Secrets.maskText("portstate -y 0x1234 4 1"));
        assertEquals("discover --fabric sim", Secrets.maskText("discover --fabric sim"));
        assertEquals(null, Secrets.maskText(null));
    }
}
