package org.infiniscope.mad.umad.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.umad.UmadException;
import org.infiniscope.mad.umad.UmadException.Reason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What a user reads when the library, the CA or the port is not what they asked for. */
class UmadErrorsTest {

    private static UmadException open(StandInUmad standIn, String spec) {
        return assertThrows(UmadException.class, () -> UmadChannel.open(UmadLibrary.of(standIn.lookup()), spec));
    }

    @Test
    void missingLibraryNamesThePackage() {
        UmadException e = assertThrows(UmadException.class, () -> UmadLibrary.load("libibumad-absent.so.3"));
        assertEquals(Reason.LIBRARY_MISSING, e.reason());
        assertEquals("libibumad-absent.so.3 not found: install libibumad3", e.getMessage());
    }

    @Test
    void aLibraryWithoutTheClassicFunctionsIsRejected() {
        UmadException e = assertThrows(UmadException.class, () -> UmadLibrary.of(name -> Optional.empty()));
        assertEquals(Reason.LIBRARY_MISSING, e.reason());
        assertTrue(e.getMessage().contains("umad_open_port"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "umad:", "umad:mlx5_0", "umad:mlx5_0:x", "umad:mlx5_0:10", "verbs:mlx5_0:1", "umad::1"})
    void malformedSpecifications(String spec) {
        try (StandInUmad standIn = new StandInUmad(false, 1)) {
            UmadException e = open(standIn, spec);
            assertEquals(Reason.BAD_SPEC, e.reason(), e.getMessage());
        }
    }

    @Test
    void noCa() {
        try (StandInUmad standIn = new StandInUmad(false, 0)) {
            UmadException e = open(standIn, "umad");
            assertEquals(Reason.NO_CA, e.reason());
            assertTrue(e.getMessage().startsWith("no InfiniBand CA found"), e.getMessage());
        }
    }

    @Test
    void unknownCaListsTheOnesThatExist() {
        try (StandInUmad standIn = new StandInUmad(false, 1)) {
            UmadException e = open(standIn, "umad:mlx4_0:1");
            assertEquals(Reason.NO_SUCH_PORT, e.reason());
            assertEquals("CA 'mlx4_0' does not exist; CAs: mlx5_0", e.getMessage());
        }
    }

    @Test
    void unknownPortListsThePortsThatExist() {
        try (StandInUmad standIn = new StandInUmad(false, 1)) {
            UmadException e = open(standIn, "umad:mlx5_0:3");
            assertEquals(Reason.NO_SUCH_PORT, e.reason());
            assertEquals("port 3 of CA 'mlx5_0' does not exist; ports: mlx5_0 port 1 (Active, LinkUp),"
                    + " mlx5_0 port 2 (Down)", e.getMessage());
        }
    }

    @Test
    void permissionDenied() {
        try (StandInUmad standIn = new StandInUmad(false, 1)) {
            standIn.openPortResult = -13;
            UmadException e = open(standIn, "umad");
            assertEquals(Reason.PERMISSION_DENIED, e.reason());
            assertTrue(e.getMessage().startsWith("permission denied on the umad device of mlx5_0 (mlx5_0 port 1)"),
                    e.getMessage());
        }
    }

    @Test
    void otherOpenFailuresNameTheCall() {
        try (StandInUmad standIn = new StandInUmad(false, 1)) {
            standIn.openPortResult = -5;
            UmadException e = open(standIn, "umad");
            assertEquals(Reason.CALL_FAILED, e.reason());
            assertEquals("umad_open_port(mlx5_0, 1) failed: -5 (EIO)", e.getMessage());
        }
    }

    @Test
    void findsTheDeviceFileThroughSysfs(@TempDir Path root) throws Exception {
        Path umad1 = Files.createDirectories(root.resolve("sys/class/infiniband_mad/umad1"));
        Files.writeString(umad1.resolve("ibdev"), "mlx5_0\n");
        Files.writeString(umad1.resolve("port"), "2\n");
        DeviceFiles files = new DeviceFiles(root.resolve("sys"), root.resolve("dev"));
        assertEquals(Optional.of(root.resolve("dev/infiniband/umad1")), files.device("mlx5_0", 2));
        assertEquals(Optional.empty(), files.device("mlx5_0", 1));
        assertEquals(Optional.empty(), files.forbidden("mlx5_0", 2), "no device file: nothing to blame");
    }

    @Test
    void sendingAnUnregisteredClassOrAfterCloseIsAClearError() throws Exception {
        try (StandInUmad standIn = new StandInUmad(false, 1)) {
            UmadChannel channel = UmadChannel.open(UmadLibrary.of(standIn.lookup()), "umad");
            byte[] mad = UmadChannelTest.request(4, 1, 0x12);
            UmadException unregistered = assertThrows(UmadException.class,
                    () -> channel.send(mad, mad.length, MadAddress.gsi(1), 100));
            assertEquals(Reason.BAD_MAD, unregistered.reason());
            assertEquals("PerfMgt v1 is not registered on umad:mlx5_0:1", unregistered.getMessage());
            channel.register(4, 1, false, java.util.Set.of());
            channel.close();
            UmadException closed = assertThrows(UmadException.class,
                    () -> channel.send(mad, mad.length, MadAddress.gsi(1), 100));
            assertEquals(Reason.CLOSED, closed.reason());
        }
    }
}
