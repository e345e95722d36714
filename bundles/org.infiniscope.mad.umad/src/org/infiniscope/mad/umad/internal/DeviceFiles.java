package org.infiniscope.mad.umad.internal;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Finds the {@code /dev/infiniband/umadN} file of a port through sysfs, to tell "permission denied" apart
 * from other failures: libibumad reports every failed open as EIO.
 */
final class DeviceFiles {

    private final Path sys;
    private final Path dev;

    DeviceFiles(Path sys, Path dev) {
        this.sys = sys;
        this.dev = dev;
    }

    static DeviceFiles system() {
        return new DeviceFiles(Path.of("/sys"), Path.of("/dev"));
    }

    /** @return the device file of the port when it exists and this process may not read and write it */
    Optional<Path> forbidden(String caName, int port) {
        return device(caName, port).filter(f -> Files.exists(f) && !(Files.isReadable(f) && Files.isWritable(f)));
    }

    Optional<Path> device(String caName, int port) {
        Path classDir = sys.resolve("class/infiniband_mad");
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(classDir, "umad*")) {
            for (Path entry : entries) {
                if (caName.equals(read(entry.resolve("ibdev")))
                        && String.valueOf(port).equals(read(entry.resolve("port")))) {
                    return Optional.of(dev.resolve("infiniband").resolve(entry.getFileName().toString()));
                }
            }
        } catch (IOException noSysfs) {
            // no InfiniBand sysfs at all (or umad2sim, which has none): nothing to tell
        }
        return Optional.empty();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file).strip();
        } catch (IOException e) {
            return "";
        }
    }
}
