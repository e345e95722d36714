package org.infiniscope.sim.adapter;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;
import java.util.function.Function;

import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.vendor.MellanoxGeneralInfo;
import org.infiniscope.mad.vendor.VendorMad;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.pci.PciAddress;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.topology.Node;

/**
 * The adapters of one simulated fabric, one per node in topology order, and the GeneralInfo agent that answers
 * for them: vendor class 0x0A, ClassPortInfo and GeneralInfo (attribute 0x17) Get, with the running firmware's
 * version and PSID, as {@code vendstat -N} asks.
 * <p>
 * HCAs are ConnectX-5 (device ID 0x1017, factory firmware 16.35.2000, PSID MT_0000000008); switches Switch-IB 2
 * (0xCF08, 15.2010.4004, MT_2630110032). The function of the node with index {@code i} sits at domain
 * {@code i / 8192}, bus {@code i / 32 % 256}, device {@code i % 32}, function 0.
 */
public final class SimAdapters {

    /** The ConnectX-5 device ID. */
    public static final int CONNECTX5 = 0x1017;
    /** The Switch-IB 2 device ID. */
    public static final int SWITCH_IB2 = 0xCF08;
    /** Bytes per flash slot. */
    public static final int SLOT_SIZE = 1 << 20;

    private static final Map<SimFabric, SimAdapters> ATTACHED = Collections.synchronizedMap(new WeakHashMap<>());

    private final List<Node> nodes;
    private final BootRom bootRom;
    /** Adapters are made when first asked for: a sweep of a large fabric pays for none it does not touch. */
    private final SimAdapter[] made;
    private final Map<Long, Integer> indexByGuid = new java.util.concurrent.ConcurrentHashMap<>();
    private final SimFabric fabric;

    private SimAdapters(SimFabric fabric, List<Node> nodes, BootRom bootRom) {
        this.fabric = fabric;
        this.nodes = List.copyOf(nodes);
        this.bootRom = bootRom;
        this.made = new SimAdapter[nodes.size()];
        for (int i = 0; i < nodes.size(); i++) {
            indexByGuid.put(nodes.get(i).nodeGuid(), i);
        }
    }

    private synchronized SimAdapter adapter(int i) {
        if (made[i] == null) {
            Node n = nodes.get(i);
            boolean sw = n.isSwitch();
            int deviceId = sw ? SWITCH_IB2 : CONNECTX5;
            made[i] = new SimAdapter(n.name(), n.nodeGuid(), sw, deviceId,
                    sw
                            ? new FirmwareVersion(15, 2010, 4004, "MT_2630110032")
                            : new FirmwareVersion(16, 35, 2000, "MT_0000000008"),
                    new PciAddress(i / 8192, i / 32 % 256, i % 32, 0), SLOT_SIZE,
                    image -> bootRom.boot(deviceId, image), image -> bootRom.baseGuid(deviceId, image));
            int index = i;
            SimAdapter a = made[i];
            a.onGuidChange(guid -> {
                fabric.faults().changeNodeGuid(n.name(), guid);
                indexByGuid.values().removeIf(at -> at == index);
                indexByGuid.put(guid, index);
            });
            FirmwareVersion factory = made[i].running();
            long guid = n.nodeGuid();
            // built at the flash's first use only: a sweep of a large fabric builds none
            made[i].programAtFirstUse(() -> bootRom.factoryImage(deviceId, guid, factory));
        }
        return made[i];
    }

    /**
     * Gives every node of a fabric an adapter and plugs the GeneralInfo agent into it; once per fabric.
     *
     * @param imageCheck what the adapters' boot ROM accepts: the version and PSID of a bootable image, or empty
     * @return the fabric's adapters
     */
    public static SimAdapters attach(SimFabric fabric, Function<byte[], Optional<FirmwareVersion>> imageCheck) {
        return attach(fabric, (deviceId, image) -> imageCheck.apply(image));
    }

    /**
     * Gives every node of a fabric an adapter and plugs the GeneralInfo agent into it; once per fabric.
     *
     * @param bootRom what the adapters' boot ROM accepts, by device
     * @return the fabric's adapters
     */
    public static SimAdapters attach(SimFabric fabric, BootRom bootRom) {
        synchronized (ATTACHED) {
            SimAdapters existing = ATTACHED.get(fabric);
            if (existing != null) {
                return existing;
            }
            SimAdapters adapters = new SimAdapters(fabric, fabric.topology().nodes(), bootRom);
            fabric.registerAgent(MellanoxGeneralInfo.MGMT_CLASS, adapters::answer);
            ATTACHED.put(fabric, adapters);
            return adapters;
        }
    }

    /** Attaches adapters whose boot ROM accepts no image but the factory one. */
    public static SimAdapters attach(SimFabric fabric) {
        return attach(fabric, (BootRom) (deviceId, image) -> Optional.empty());
    }

    /** @return the adapters attached to a fabric, if any */
    public static Optional<SimAdapters> of(SimFabric fabric) {
        return Optional.ofNullable(ATTACHED.get(fabric));
    }

    /** @return the adapters, in topology order */
    public List<SimAdapter> all() {
        List<SimAdapter> all = new ArrayList<>(nodes.size());
        for (int i = 0; i < nodes.size(); i++) {
            all.add(adapter(i));
        }
        return List.copyOf(all);
    }

    /** @return the adapter of a node */
    public Optional<SimAdapter> byGuid(long nodeGuid) {
        Integer i = indexByGuid.get(nodeGuid);
        return i == null ? Optional.empty() : Optional.of(adapter(i));
    }

    /** @return the adapter of a node by name */
    public Optional<SimAdapter> byName(String name) {
        for (int i = 0; i < nodes.size(); i++) {
            if (nodes.get(i).name().equals(name)) {
                return Optional.of(adapter(i));
            }
        }
        return Optional.empty();
    }

    private boolean answer(byte[] mad, SimFabric.NodeView node, int port) {
        SimAdapter a = byGuid(node.nodeGuid()).orElse(null);
        int method = mad[3] & 0x7F;
        if (a == null || (mad[3] & 0x80) != 0 || !a.booted() || a.faults().powerLost()) {
            return false; // no adapter, a response, or firmware that does not run: silence
        }
        int attribute = Bits.u16(mad, 16);
        int data = VendorMad.RANGE1_DATA_OFFSET;
        java.util.Arrays.fill(mad, data, mad.length, (byte) 0);
        mad[3] = (byte) Method.GET_RESP;
        int status = MadStatus.OK;
        if (method != Method.GET) {
            status = MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE;
        } else if (attribute == 0x01) {
            mad[data] = 1; // ClassPortInfo: base version 1
            mad[data + 1] = 1; // class version 1
        } else if (attribute == MellanoxGeneralInfo.ATTRIBUTE_ID) {
            MellanoxGeneralInfo.CODEC.encode(generalInfo(a), mad, data);
        } else {
            status = MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE;
        }
        Bits.put16(mad, 4, status);
        return true;
    }

    /** @return what an adapter answers to GeneralInfo */
    static MellanoxGeneralInfo generalInfo(SimAdapter a) {
        FirmwareVersion fw = a.running();
        MellanoxGeneralInfo.Version v8 = new MellanoxGeneralInfo.Version(fw.major() & 0xFF, fw.minor() & 0xFF,
                fw.subMinor() & 0xFF);
        return new MellanoxGeneralInfo(MellanoxGeneralInfo.Layout.of(a.deviceId()),
                new MellanoxGeneralInfo.Hardware(0, a.deviceId(), 0),
                new MellanoxGeneralInfo.Firmware(v8, 0, 0x11, 0x29, 0x2026, 0x1200,
                        new String(fw.psid().getBytes(StandardCharsets.US_ASCII), StandardCharsets.US_ASCII), 0),
                new MellanoxGeneralInfo.Version(fw.major(), fw.minor(), fw.subMinor()),
                MellanoxGeneralInfo.Version.ZERO);
    }
}
