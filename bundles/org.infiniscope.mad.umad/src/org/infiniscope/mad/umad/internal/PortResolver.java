package org.infiniscope.mad.umad.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.infiniscope.mad.umad.UmadException;
import org.infiniscope.mad.umad.UmadException.Reason;

/** Turns a {@link PortSpec} into the CA and port to open, and finds the SMI device of newer kernels. */
final class PortResolver {

    /**
     * The port to open.
     *
     * @param caName the (GSI) CA as the user knows it
     * @param port the port number
     * @param smiCaName the separate SMI device of the same port, or {@code null} when SMPs use the same device
     */
    record Selection(String caName, int port, String smiCaName) {
    }

    private final UmadLibrary library;

    PortResolver(UmadLibrary library) {
        this.library = library;
    }

    Selection resolve(PortSpec spec) throws UmadException {
        List<SmiGsiPair> pairs = pairs();
        // libibumad names its default CA ("mthca0") when sysfs has none: a CA counts when it has a port
        Map<String, List<PortAttributes>> cas = new LinkedHashMap<>();
        for (String ca : caNames()) {
            List<PortAttributes> ports = ports(ca);
            if (!ports.isEmpty()) {
                cas.put(ca, ports);
            }
        }
        if (cas.isEmpty()) {
            throw new UmadException(Reason.NO_CA,
                    "no InfiniBand CA found: libibumad lists none (is an HCA present and its driver and ib_umad loaded?)");
        }
        String wanted = spec.caName();
        if (wanted != null && !cas.containsKey(wanted)) {
            throw new UmadException(Reason.NO_SUCH_PORT,
                    "CA '" + wanted + "' does not exist; CAs: " + String.join(", ", cas.keySet()));
        }
        // on split devices the SMI half is no CA of its own: the user names the GSI device
        List<PortAttributes> ports = new ArrayList<>();
        cas.forEach((ca, caPorts) -> {
            boolean smiHalf = pairs.stream().anyMatch(p -> p.smi().equals(ca));
            if (wanted != null ? ca.equals(wanted) : !smiHalf) {
                ports.addAll(caPorts);
            }
        });
        PortAttributes chosen;
        if (spec.port() != 0) {
            chosen = ports.stream().filter(p -> p.portNumber() == spec.port()).findFirst()
                    .orElseThrow(() -> new UmadException(Reason.NO_SUCH_PORT, "port " + spec.port() + " of CA '"
                            + wanted + "' does not exist; ports: " + describe(ports)));
        } else {
            // libibumad's own choice: an active port, else one whose link is up
            chosen = ports.stream().filter(PortAttributes::active).findFirst()
                    .or(() -> ports.stream().filter(PortAttributes::linkUp).findFirst())
                    .orElseThrow(() -> new UmadException(Reason.NO_SUCH_PORT,
                            "no port is active or has its link up; ports: " + describe(ports)));
        }
        String smi = pairs.stream().filter(p -> p.gsi().equals(chosen.caName())).map(SmiGsiPair::smi).findFirst()
                .orElse(null);
        return new Selection(chosen.caName(), chosen.portNumber(), smi);
    }

    private static String describe(List<PortAttributes> ports) {
        return ports.isEmpty()
                ? "none"
                : ports.stream().map(PortAttributes::describe).collect(Collectors.joining(", "));
    }

    List<String> caNames() throws UmadException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment names = arena.allocate((long) Structs.CA_NAME_LEN * Structs.MAX_DEVICES);
            int count = library.getCasNames(names, Structs.MAX_DEVICES);
            if (count < 0) {
                throw new UmadException(Reason.CALL_FAILED, "umad_get_cas_names failed: " + Errno.describe(count));
            }
            List<String> result = new ArrayList<>();
            for (int i = 0; i < Math.min(count, Structs.MAX_DEVICES); i++) {
                result.add(Structs.string(names, (long) i * Structs.CA_NAME_LEN, Structs.CA_NAME_LEN));
            }
            return result;
        }
    }

    private List<PortAttributes> ports(String ca) {
        List<PortAttributes> result = new ArrayList<>();
        for (int port = 1; port < Structs.CA_MAX_PORTS; port++) {
            PortAttributes attributes = PortAttributes.query(library, ca, port);
            if (attributes != null && attributes.portNumber() == port) {
                result.add(attributes);
            }
        }
        if (result.isEmpty()) {
            PortAttributes switchPort = PortAttributes.query(library, ca, 0); // a switch's management port
            if (switchPort != null) {
                result.add(switchPort);
            }
        }
        return result;
    }

    /** An SMI device and the GSI device of the same ports (rdma-core 5x on kernels that split them). */
    record SmiGsiPair(String smi, String gsi) {
    }

    /** @return the split pairs; empty when the library does not split or every pair is one device */
    List<SmiGsiPair> pairs() throws UmadException {
        if (!library.hasSmiSplit()) {
            return List.of();
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment table = arena.allocate(Structs.PAIR_SIZE * Structs.MAX_DEVICES, 8);
            int count = library.getSmiGsiPairs(table, Structs.MAX_DEVICES);
            if (count < 0) {
                throw new UmadException(Reason.CALL_FAILED, "umad_get_smi_gsi_pairs failed: " + Errno.describe(count));
            }
            List<SmiGsiPair> result = new ArrayList<>();
            for (int i = 0; i < Math.min(count, Structs.MAX_DEVICES); i++) {
                long base = i * Structs.PAIR_SIZE;
                String smi = Structs.string(table, base + Structs.PAIR_SMI_NAME, Structs.CA_NAME_LEN);
                String gsi = Structs.string(table, base + Structs.PAIR_GSI_NAME, Structs.CA_NAME_LEN);
                if (!smi.isEmpty() && !smi.equals(gsi)) { // a legacy CA lists itself as both halves
                    result.add(new SmiGsiPair(smi, gsi));
                }
            }
            return result;
        }
    }
}
