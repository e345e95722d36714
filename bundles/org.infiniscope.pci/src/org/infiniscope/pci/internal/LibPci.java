package org.infiniscope.pci.internal;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;

import org.infiniscope.pci.PciAddress;
import org.infiniscope.pci.PciException;

/**
 * pciutils' libpci ({@code libpci.so.3}) through FFM: one {@code struct pci_access}, its scanned device list,
 * configuration reads and writes, and {@code pci_lookup_name}. libpci is not thread-safe: every call holds this
 * object's lock.
 * <p>
 * libpci reports trouble through the {@code error} and {@code warning} callbacks of {@code pci_access} (by default
 * {@code error} ends the process); both are replaced by upcalls that record the message, and a call after which one
 * was recorded fails with a {@link PciException}. A failed read otherwise reads as all ones, as libpci makes it.
 */
final class LibPci {

    static final String SONAME = "libpci.so.3";

    // struct pci_access: unsigned method, int writeable, int buscentric, char *id_file_name, int free_id_name,
    // int numeric_ids, unsigned id_lookup_mode, int debugging, then three callbacks and the device list; this part
    // of the structure has kept its layout since pciutils 2.2
    private static final long ACCESS_WRITEABLE = 4;
    private static final long ACCESS_ERROR = 40;
    private static final long ACCESS_WARNING = 48;
    private static final long ACCESS_DEVICES = 64;
    private static final long ACCESS_PREFIX = 72;
    // struct pci_dev: struct pci_dev *next, u16 domain_16, u8 bus, dev, func
    private static final long DEV_NEXT = 0;
    private static final long DEV_DOMAIN = 8;
    private static final long DEV_BUS = 10;
    private static final long DEV_PREFIX = 16;

    static final int LOOKUP_VENDOR = 1;
    static final int LOOKUP_DEVICE = 2;
    static final int LOOKUP_CLASS = 4;
    static final int LOOKUP_SUBSYSTEM = 8;
    static final int LOOKUP_MIXED = 0x40000;

    private static final MethodHandle REPORT;

    static {
        try {
            REPORT = MethodHandles.lookup().findVirtual(LibPci.class, "report",
                    MethodType.methodType(void.class, MemorySegment.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Arena arena = Arena.ofShared();
    private final MethodHandle cleanup;
    private final MethodHandle readByte;
    private final MethodHandle readWord;
    private final MethodHandle readLong;
    private final MethodHandle writeByte;
    private final MethodHandle writeWord;
    private final MethodHandle writeLong;
    private final MethodHandle lookupName1;
    private final MethodHandle lookupName2;
    private final MethodHandle lookupName4;
    private final MemorySegment access;
    private final MemorySegment nameBuffer;
    private String reported;

    private LibPci(SymbolLookup lib, boolean writeable) throws PciException {
        Linker linker = Linker.nativeLinker();
        MethodHandle alloc = bind(linker, lib, "pci_alloc", FunctionDescriptor.of(ADDRESS));
        MethodHandle init = bind(linker, lib, "pci_init", FunctionDescriptor.ofVoid(ADDRESS));
        MethodHandle scan = bind(linker, lib, "pci_scan_bus", FunctionDescriptor.ofVoid(ADDRESS));
        cleanup = bind(linker, lib, "pci_cleanup", FunctionDescriptor.ofVoid(ADDRESS));
        readByte = bind(linker, lib, "pci_read_byte", FunctionDescriptor.of(JAVA_BYTE, ADDRESS, JAVA_INT));
        readWord = bind(linker, lib, "pci_read_word", FunctionDescriptor.of(JAVA_SHORT, ADDRESS, JAVA_INT));
        readLong = bind(linker, lib, "pci_read_long", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
        writeByte = bind(linker, lib, "pci_write_byte", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_BYTE));
        writeWord = bind(linker, lib, "pci_write_word", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_SHORT));
        writeLong = bind(linker, lib, "pci_write_long", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT));
        MemorySegment lookup = lib.find("pci_lookup_name")
                .orElseThrow(() -> new PciException(SONAME + " lacks pci_lookup_name"));
        // char *pci_lookup_name(struct pci_access *a, char *buf, int size, int flags, ...): the IDs are variadic ints
        lookupName1 = variadic(linker, lookup, 1);
        lookupName2 = variadic(linker, lookup, 2);
        lookupName4 = variadic(linker, lookup, 4);
        nameBuffer = arena.allocate(1024);
        try {
            MemorySegment handler = linker.upcallStub(REPORT.bindTo(this), FunctionDescriptor.ofVoid(ADDRESS), arena);
            access = ((MemorySegment) alloc.invokeExact()).reinterpret(ACCESS_PREFIX);
            if (access.equals(MemorySegment.NULL)) {
                throw new PciException("pci_alloc failed");
            }
            access.set(JAVA_INT, ACCESS_WRITEABLE, writeable ? 1 : 0);
            access.set(ADDRESS, ACCESS_ERROR, handler);
            access.set(ADDRESS, ACCESS_WARNING, handler);
            init.invokeExact(access);
            check("pci_init");
            scan.invokeExact(access);
            check("pci_scan_bus");
        } catch (PciException e) {
            throw e;
        } catch (Throwable e) {
            throw new PciException("libpci failed: " + e, e);
        }
    }

    private static MethodHandle bind(Linker linker, SymbolLookup lib, String name, FunctionDescriptor descriptor)
            throws PciException {
        MemorySegment symbol = lib.find(name).orElseThrow(() -> new PciException(SONAME + " lacks " + name));
        return linker.downcallHandle(symbol, descriptor);
    }

    private static MethodHandle variadic(Linker linker, MemorySegment symbol, int ints) {
        List<java.lang.foreign.MemoryLayout> args = new ArrayList<>(List.of(ADDRESS, ADDRESS, JAVA_INT, JAVA_INT));
        for (int i = 0; i < ints; i++) {
            args.add(JAVA_INT);
        }
        return linker.downcallHandle(symbol,
                FunctionDescriptor.of(ADDRESS, args.toArray(java.lang.foreign.MemoryLayout[]::new)),
                Linker.Option.firstVariadicArg(4));
    }

    /**
     * Loads libpci, initialises an access structure and scans the bus.
     *
     * @throws PciException when libpci is not installed or cannot reach the bus
     */
    static LibPci open(boolean writeable) throws PciException {
        SymbolLookup lib;
        try {
            lib = SymbolLookup.libraryLookup(SONAME, Arena.global());
        } catch (IllegalArgumentException notFound) {
            throw new PciException(SONAME + " not found: install libpci3 (pciutils)");
        }
        return new LibPci(lib, writeable);
    }

    /** The upcall of libpci's error and warning callbacks: the format string, without its arguments. */
    @SuppressWarnings("unused")
    private void report(MemorySegment message) {
        String text = message.reinterpret(512).getString(0);
        if (reported == null) {
            reported = text.strip();
        }
    }

    private void check(String call) throws PciException {
        if (reported != null) {
            String what = reported;
            reported = null;
            throw new PciException(call + ": libpci: " + what);
        }
    }

    /** @return the scanned devices: their {@code struct pci_dev} pointers and addresses */
    synchronized List<Device> devices() {
        List<Device> out = new ArrayList<>();
        MemorySegment d = access.get(ADDRESS, ACCESS_DEVICES);
        while (!d.equals(MemorySegment.NULL)) {
            MemorySegment dev = d.reinterpret(DEV_PREFIX);
            int domain = Short.toUnsignedInt(dev.get(JAVA_SHORT, DEV_DOMAIN));
            int bus = Byte.toUnsignedInt(dev.get(JAVA_BYTE, DEV_BUS));
            int slot = Byte.toUnsignedInt(dev.get(JAVA_BYTE, DEV_BUS + 1));
            int func = Byte.toUnsignedInt(dev.get(JAVA_BYTE, DEV_BUS + 2));
            out.add(new Device(dev, new PciAddress(domain, bus, slot, func)));
            d = dev.get(ADDRESS, DEV_NEXT);
        }
        return out;
    }

    /** A device of the scanned list. */
    record Device(MemorySegment pointer, PciAddress address) {
    }

    synchronized int read(Device d, int offset, int width) throws PciException {
        int value;
        try {
            value = switch (width) {
                case 1 -> Byte.toUnsignedInt((byte) readByte.invokeExact(d.pointer(), offset));
                case 2 -> Short.toUnsignedInt((short) readWord.invokeExact(d.pointer(), offset));
                default -> (int) readLong.invokeExact(d.pointer(), offset);
            };
        } catch (Throwable e) {
            throw new PciException(d.address() + ": libpci read failed: " + e, e);
        }
        check(String.format("%s: read of %d bytes at 0x%x", d.address(), width, offset));
        return value;
    }

    synchronized void write(Device d, int offset, int width, int value) throws PciException {
        int ok;
        try {
            ok = switch (width) {
                case 1 -> (int) writeByte.invokeExact(d.pointer(), offset, (byte) value);
                case 2 -> (int) writeWord.invokeExact(d.pointer(), offset, (short) value);
                default -> (int) writeLong.invokeExact(d.pointer(), offset, value);
            };
        } catch (Throwable e) {
            throw new PciException(d.address() + ": libpci write failed: " + e, e);
        }
        String what = String.format("%s: write of %d bytes at 0x%x", d.address(), width, offset);
        check(what);
        if (ok == 0) {
            throw new PciException(what + " refused");
        }
    }

    /** {@code pci_lookup_name} with one, two or four IDs. */
    synchronized String lookup(int flags, int... ids) {
        try {
            MemorySegment r = switch (ids.length) {
                case 1 -> (MemorySegment) lookupName1.invokeExact(access, nameBuffer, (int) nameBuffer.byteSize(),
                        flags, ids[0]);
                case 2 -> (MemorySegment) lookupName2.invokeExact(access, nameBuffer, (int) nameBuffer.byteSize(),
                        flags, ids[0], ids[1]);
                default -> (MemorySegment) lookupName4.invokeExact(access, nameBuffer, (int) nameBuffer.byteSize(),
                        flags, ids[0], ids[1], ids[2], ids[3]);
            };
            reported = null; // a missing pci.ids is a warning; the numbers are still printed
            return r.equals(MemorySegment.NULL) ? null : r.reinterpret(1024).getString(0);
        } catch (Throwable e) {
            throw new IllegalStateException("pci_lookup_name failed", e);
        }
    }

    /** Frees the access structure and its devices. */
    synchronized void close() {
        try {
            cleanup.invokeExact(access);
        } catch (Throwable e) {
            // nothing to do about it at the end
        }
        arena.close();
    }
}
