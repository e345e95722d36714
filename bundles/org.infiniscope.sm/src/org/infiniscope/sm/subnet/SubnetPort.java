package org.infiniscope.sm.subnet;

import java.util.List;
import java.util.Objects;

import org.infiniscope.mad.smp.PortInfo;

/**
 * A port as the SM configured it.
 *
 * @param number the port number (0: a switch's management port)
 * @param guid the port GUID (a switch's external ports carry the switch's port-0 GUID, as NodeInfo gives it)
 * @param info its PortInfo as last read or set by the SM
 * @param pKeys its P_Key table as the SM programmed it; empty when it has none (a switch port without enforcement)
 */
public record SubnetPort(int number, long guid, PortInfo info, List<Integer> pKeys) {

    /** Copies the P_Keys. */
    public SubnetPort {
        Objects.requireNonNull(info, "info");
        pKeys = List.copyOf(pKeys);
    }
}
