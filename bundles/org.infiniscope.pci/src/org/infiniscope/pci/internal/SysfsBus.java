package org.infiniscope.pci.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import org.infiniscope.pci.PciAddress;
import org.infiniscope.pci.PciBus;
import org.infiniscope.pci.PciException;
import org.infiniscope.pci.PciFunction;
import org.infiniscope.pci.PciNames;

/**
 * The host's functions through Linux sysfs ({@code /sys/bus/pci/devices/ADDRESS/config}), for a machine without
 * libpci; names come from the pci.ids database. Each access opens the config file, so that nothing is held open.
 */
final class SysfsBus implements PciBus {

    private final Path devices;
    private final PciNames names;

    SysfsBus(Path devices, PciNames names) {
        this.devices = devices;
        this.names = names;
    }

    /** The system's sysfs and pci.ids (numbers only when there is none). */
    static SysfsBus system() {
        return new SysfsBus(ConfigSizes.DEVICES, PciIdsNames.system().orElseGet(PciIdsNames::empty));
    }

    @Override
    public String name() {
        return "sysfs";
    }

    @Override
    public boolean accepts(String fabric) {
        return HostBuses.isHost(fabric);
    }

    @Override
    public List<PciFunction> functions(String fabric) throws PciException {
        List<PciFunction> out = new ArrayList<>();
        try (Stream<Path> list = Files.list(devices)) {
            for (Path p : list.toList()) {
                PciAddress address;
                try {
                    address = PciAddress.parse(p.getFileName().toString());
                } catch (IllegalArgumentException notAFunction) {
                    continue;
                }
                Path config = p.resolve("config");
                long size = Files.size(config);
                out.add(new SysfsFunction(address, config, size >= 4096 ? 4096 : 256));
            }
        } catch (IOException e) {
            throw new PciException("cannot list " + devices + ": " + e.getMessage(), e);
        }
        out.sort(Comparator.comparing(PciFunction::address));
        return List.copyOf(out);
    }

    @Override
    public PciNames names() {
        return names;
    }

    /** A function's config file. */
    private record SysfsFunction(PciAddress address, Path config, int configSize) implements PciFunction {

        private ByteBuffer read(int offset, int width) throws PciException {
            PciFunction.checkAccess(this, offset, width);
            ByteBuffer b = ByteBuffer.allocate(width).order(ByteOrder.LITTLE_ENDIAN);
            try (FileChannel ch = FileChannel.open(config, StandardOpenOption.READ)) {
                while (b.hasRemaining()) {
                    if (ch.read(b, offset + b.position()) < 0) {
                        throw new PciException(String.format("%s: config space ends before 0x%x (%s)", address,
                                offset + b.position(), config));
                    }
                }
            } catch (IOException e) {
                throw new PciException(
                        String.format("%s: cannot read %d bytes at 0x%x: %s", address, width, offset, e.getMessage()),
                        e);
            }
            return b.flip();
        }

        private void write(int offset, ByteBuffer b) throws PciException {
            PciFunction.checkAccess(this, offset, b.remaining());
            int width = b.remaining();
            try (FileChannel ch = FileChannel.open(config, StandardOpenOption.WRITE)) {
                while (b.hasRemaining()) {
                    ch.write(b, offset + b.position());
                }
            } catch (IOException e) {
                throw new PciException(
                        String.format("%s: cannot write %d bytes at 0x%x: %s", address, width, offset, e.getMessage()),
                        e);
            }
        }

        @Override
        public int readByte(int offset) throws PciException {
            return Byte.toUnsignedInt(read(offset, 1).get());
        }

        @Override
        public int readWord(int offset) throws PciException {
            return Short.toUnsignedInt(read(offset, 2).getShort());
        }

        @Override
        public int readDword(int offset) throws PciException {
            return read(offset, 4).getInt();
        }

        @Override
        public void writeByte(int offset, int value) throws PciException {
            write(offset, ByteBuffer.allocate(1).put((byte) value).flip());
        }

        @Override
        public void writeWord(int offset, int value) throws PciException {
            write(offset, ByteBuffer.allocate(2).order(ByteOrder.LITTLE_ENDIAN).putShort((short) value).flip());
        }

        @Override
        public void writeDword(int offset, int value) throws PciException {
            write(offset, ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(value).flip());
        }
    }
}
