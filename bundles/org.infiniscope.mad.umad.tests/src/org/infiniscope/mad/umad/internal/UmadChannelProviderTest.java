package org.infiniscope.mad.umad.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.infiniscope.mad.umad.UmadException;
import org.infiniscope.mad.umad.UmadException.Reason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which fabrics the libibumad provider takes, and what it says when this JVM is not attached to ibsim. */
class UmadChannelProviderTest {

    private static final String PRELOAD = "/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so";

    @ParameterizedTest
    @ValueSource(strings = {"umad", "umad:mlx5_0:1", "umad:bad", "ibsim", "ibsim:lab", "ibsim:lab@h00002"})
    void handlesUmadAndIbsim(String fabric) {
        assertTrue(new UmadChannelProvider(Map.of()).handles(fabric));
    }

    @ParameterizedTest
    @ValueSource(strings = {"sim", "sim:ft2:4:2", "umadx", "ibsimx", "verbs:mlx5_0:1", ""})
    void leavesOtherFabricsToOtherProviders(String fabric) {
        assertFalse(new UmadChannelProvider(Map.of()).handles(fabric));
    }

    @Test
    void ibsimSpecificationsAreParsed() throws UmadException {
        assertEquals(new IbsimSpec("lab", null), IbsimSpec.parse("ibsim:lab"));
        assertEquals(new IbsimSpec("lab", "h00002"), IbsimSpec.parse("ibsim:lab@h00002"));
        assertEquals("ibsim:lab@h00002", IbsimSpec.parse("ibsim:lab@h00002").toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"ibsim", "ibsim:", "ibsim:@h1", "ibsim:lab@", "ibsim:lab@a@b", "ibsim:la b"})
    void malformedIbsimSpecificationsAreNamed(String fabric) {
        UmadException e = assertThrows(UmadException.class, () -> new UmadChannelProvider(Map.of()).open(fabric));
        assertEquals(Reason.BAD_SPEC, e.reason(), e.getMessage());
        assertTrue(e.getMessage().contains("ibsim:SOCKET@NODE"), e.getMessage());
    }

    @Test
    void withoutUmad2simTheUserIsSentToTheLauncher() {
        UmadException e = assertThrows(UmadException.class,
                () -> new UmadChannelProvider(Map.of("IBSIM_SOCKNAME", "lab")).open("ibsim:lab"));
        assertEquals(Reason.LIBRARY_MISSING, e.reason());
        assertTrue(e.getMessage().contains("does not run under umad2sim (LD_PRELOAD has no libumad2sim)"),
                e.getMessage());
        assertTrue(e.getMessage().contains("run it through ./infiniscope"), e.getMessage());
    }

    @Test
    void anotherSocketIsNamed() {
        UmadException e = assertThrows(UmadException.class,
                () -> new UmadChannelProvider(Map.of("LD_PRELOAD", PRELOAD, "IBSIM_SOCKNAME", "other"))
                        .open("ibsim:lab"));
        assertTrue(e.getMessage().startsWith("this JVM is attached to ibsim socket 'other', not 'lab'"),
                e.getMessage());
    }

    @Test
    void anotherNodeIsNamed() {
        UmadException e = assertThrows(UmadException.class,
                () -> new UmadChannelProvider(Map.of("LD_PRELOAD", PRELOAD, "IBSIM_SOCKNAME", "lab"))
                        .open("ibsim:lab@h00002"));
        assertTrue(e.getMessage().startsWith("this JVM is attached to node (the default: SIM_HOST is not set)"),
                e.getMessage());
    }
}
