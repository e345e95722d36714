package org.infiniscope.sim.adapter;

import java.util.Optional;
import java.util.function.Function;

/**
 * One simulated adapter (an HCA, or a switch's ASIC): a PCI function with the vendor-specific capability, its
 * CR-space and a flash of two slots, and the firmware it runs.
 * <p>
 * Booting (at creation, and at each {@link #powerCycle()}) reads the active slot ({@link SimFlash#activeSlot()}: the
 * slot with the image start, else the one booted last) through the fabric's image check:
 * an image it accepts runs; otherwise the other slot boots if it holds one it accepts (failsafe), and that slot
 * becomes the active one. A slot never written holds the factory image, which always boots. When neither slot holds
 * a bootable image the adapter does not boot ({@link #running()} empty). An image whose base GUID (as the boot ROM
 * reads it) differs from the node's gives the node that GUID: it answers NodeInfo with it from then on, and its PCI
 * function's Device Serial Number holds it (as a ConnectX's follows the GUID of the firmware it runs after a reset).
 */
public final class SimAdapter {

    private final String nodeName;
    private volatile long nodeGuid;
    private final boolean isSwitch;
    private final int deviceId;
    private final FirmwareVersion factory;
    private final SimFlash flash;
    /** Programs the factory image into slot 0 when the flash is first used; null once done. */
    private Runnable factoryProgramming;
    private final CrSpace crSpace;
    private final FlashRegisters flashRegisters;
    private boolean firmwareOwnsFlash;
    private final VscFunction function;
    private final AdapterFaults faults = new AdapterFaults();
    private final Function<byte[], Optional<FirmwareVersion>> imageCheck;
    private final java.util.function.ToLongFunction<byte[]> imageGuid;
    private volatile java.util.function.LongConsumer guidChange = guid -> {
    };
    private final boolean[] written = new boolean[2];
    private FirmwareVersion running;

    SimAdapter(String nodeName, long nodeGuid, boolean isSwitch, int deviceId, FirmwareVersion factory,
            org.infiniscope.pci.PciAddress address, int slotSize,
            Function<byte[], Optional<FirmwareVersion>> imageCheck,
            java.util.function.ToLongFunction<byte[]> imageGuid) {
        this.nodeName = nodeName;
        this.nodeGuid = nodeGuid;
        this.isSwitch = isSwitch;
        this.deviceId = deviceId;
        this.factory = factory;
        this.imageCheck = imageCheck;
        this.imageGuid = imageGuid;
        this.flash = new SimFlash(slotSize);
        this.crSpace = new CrSpace(this);
        this.flashRegisters = new FlashRegisters(this);
        this.function = new VscFunction(this, address);
        this.running = factory;
    }

    /** @return the node's name in the topology */
    public String nodeName() {
        return nodeName;
    }

    /** @return the node GUID: the topology's, until the adapter boots an image with another base GUID */
    public long nodeGuid() {
        return nodeGuid;
    }

    /** @return whether it is a switch's ASIC */
    public boolean isSwitch() {
        return isSwitch;
    }

    /** @return the PCI device ID (a ConnectX or Switch-IB ID) */
    public int deviceId() {
        return deviceId;
    }

    /** @return the hardware ID that CR-space 0xF0014 holds, as mstflint knows the chip */
    public int hardwareId() {
        return switch (deviceId) {
            case SimAdapters.CONNECTX5 -> 0x20D;
            case SimAdapters.SWITCH_IB2 -> 0x24B;
            default -> 0;
        };
    }

    /** @return the flash */
    public SimFlash flash() {
        Runnable programming;
        synchronized (this) {
            programming = factoryProgramming;
            factoryProgramming = null;
        }
        if (programming != null) {
            programming.run();
        }
        return flash;
    }

    /** @return the CR-space */
    public CrSpace crSpace() {
        return crSpace;
    }

    /** @return the running firmware's flash access registers (ICMD ACCESS_REG: MFPA, MFBA, MFBE) */
    public FlashRegisters flashRegisters() {
        return flashRegisters;
    }

    /**
     * Makes the running firmware own the flash (as newer adapters' firmware does while it runs): CR-space's cache
     * replacement registers then read non-zero, so a flasher must not drive the flash gateway directly and goes
     * through the firmware's flash access registers instead. Off by default; it stays across power cycles.
     */
    public synchronized void setFirmwareOwnsFlash(boolean owns) {
        firmwareOwnsFlash = owns;
    }

    /** @return whether running firmware uses the flash now: it owns it and runs */
    public synchronized boolean firmwareUsesFlash() {
        return firmwareOwnsFlash && running != null && !faults.powerLost();
    }

    /** @return the PCI function, as the simulator's PCI bus lists it */
    public VscFunction function() {
        return function;
    }

    /** @return the faults injected into this adapter */
    public AdapterFaults faults() {
        return faults;
    }

    /** @return the firmware running now; what GeneralInfo reports (the factory one until a power cycle) */
    public synchronized FirmwareVersion running() {
        return running == null ? factory : running;
    }

    /** @return whether the adapter booted an image at its last power cycle */
    public synchronized boolean booted() {
        return running != null;
    }

    /**
     * Turns the adapter off and on: power comes back, pending faults end, and it boots as the class comment says.
     *
     * @return the firmware that runs, empty when no slot holds a bootable image
     */
    public Optional<FirmwareVersion> powerCycle() {
        Optional<FirmwareVersion> booted;
        long guid;
        synchronized (this) {
            booted = boot();
            guid = booted.isPresent() ? imageGuid.applyAsLong(flash.slotImage(flash.activeSlot())) : 0;
        }
        // outside the adapter's lock: the fabric is told (its lock is taken by MADs that ask adapters)
        if (guid != 0 && guid != nodeGuid) {
            nodeGuid = guid;
            guidChange.accept(guid);
        }
        return booted;
    }

    /** Tells the fabric the adapter's new node GUID when it boots an image with another base GUID. */
    synchronized void onGuidChange(java.util.function.LongConsumer change) {
        guidChange = change;
    }

    private synchronized Optional<FirmwareVersion> boot() {
        faults.restorePower();
        crSpace.reset();
        flashRegisters.reset();
        int active = flash().activeSlot();
        Optional<FirmwareVersion> first = boot(active);
        if (first.isPresent()) {
            running = first.get();
            flash.setActiveSlot(active); // when both slots hold an image start, the one booted last boots
        } else {
            Optional<FirmwareVersion> other = boot(1 - active);
            if (other.isPresent()) {
                flash.setActiveSlot(1 - active);
            }
            running = other.orElse(null);
        }
        return Optional.ofNullable(running);
    }

    private Optional<FirmwareVersion> boot(int slot) {
        byte[] image = flash.slotImage(slot);
        boolean erased = true;
        for (byte b : image) {
            if (b != (byte) 0xFF) {
                erased = false;
                break;
            }
        }
        if (erased && !written[slot]) {
            return Optional.of(factory); // never touched: the factory image
        }
        return imageCheck.apply(image);
    }

    /** Has the factory image (when there is one) programmed into slot 0 at the flash's first use. */
    synchronized void programAtFirstUse(java.util.function.Supplier<byte[]> image) {
        factoryProgramming = () -> {
            byte[] bytes = image.get();
            if (bytes.length > 0) {
                flash.load(0, bytes);
            }
        };
    }

    /** Notes that a slot was erased or programmed: it no longer holds the factory image. */
    synchronized void touched(int address) {
        written[address / flash.slotSize()] = true;
    }
}
