package org.infiniscope.perf.vendor;

import java.util.Map;

import org.infiniscope.mad.vendor.VendorMad;
import org.infiniscope.mad.wire.MadFormatException;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * A vendor's set of port counters, read with a vendor-class Get (classes 0x09–0x0F or 0x30–0x4F) and decoded by
 * the set. Registered as an OSGi service (whiteboard); the performance manager binds every set (multiple, dynamic)
 * and, after each sweep of the PMA counters, sends the set's Get to each port it {@link #appliesTo} and keeps what
 * {@link #decode} returns, until the next sweep or until the service goes (its values go with it).
 * <p>
 * Sets are told apart by {@link #name()}: when two services give the same name, the one with the highest
 * {@code service.ranking} (then the lowest {@code service.id}) is read.
 * <p>
 * The core does the I/O: the set only says what to ask and decodes the answer. Every call into the set is vendor
 * code: it runs off the UI thread, bounded in time; a set that throws an unchecked exception or runs past the bound
 * is left out of that sweep and of later ones (until its bundle registers a new service), and the sweep goes on.
 * Implementations are stateless and thread-safe.
 */
@ConsumerType
public interface CounterSet {

    /** @return a short unique name, lower case with dots, such as {@code example.link} */
    String name();

    /** @return the vendor class the Get is sent in */
    int mgmtClass();

    /** @return the OUI a class 0x30–0x4F Get carries; {@link VendorMad#NO_OUI} for classes 0x09–0x0F */
    int oui();

    /** @return the attribute to get */
    int attributeId();

    /** @return whether this set is read on that port (by vendor and device ID, typically) */
    boolean appliesTo(CounterPort port);

    /** @return the attribute modifier of the Get for that port; by default the port number */
    default int attributeModifier(CounterPort port) {
        return port.key().port();
    }

    /**
     * @param answer the GetResp, status 0
     * @return the counters by name (lower case with underscores), in the order they are shown
     * @throws MadFormatException when the answer is not a valid instance of the attribute
     */
    Map<String, Long> decode(VendorMad answer, CounterPort port) throws MadFormatException;
}
