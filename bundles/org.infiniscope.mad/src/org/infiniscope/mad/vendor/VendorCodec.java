package org.infiniscope.mad.vendor;

import java.util.Set;

import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.wire.MadFormatException;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Decodes and encodes the attributes of a vendor's management classes. Vendor bundles register
 * implementations as OSGi services (whiteboard); the core binds all of them (multiple, dynamic).
 * <p>
 * <b>How one is chosen</b> for a MAD ({@link VendorCodecs#select}): the candidates are the codecs whose
 * {@link #mgmtClasses()} contain the MAD's class, whose {@link #attributeIds()} contain its attribute, and whose
 * {@link #vendorId()} equals the OUI — the one the MAD carries for classes 0x30–0x4F; for classes 0x09–0x0F, which
 * carry none, the VendorID from the node's NodeInfo when known, else any. Among the candidates the highest
 * {@code service.ranking} wins; on equal rankings the lowest {@code service.id} (the one registered first), as
 * OSGi orders service references.
 * <p>
 * Implementations are stateless and thread-safe. They are vendor code: the core calls them off the UI thread
 * and bounds them in time.
 */
@ConsumerType
public interface VendorCodec {

    /** @return the vendor's 24-bit IEEE OUI, such as 0x0002C9 for Mellanox */
    int vendorId();

    /** @return the vendor classes handled (0x09–0x0F, 0x30–0x4F) */
    Set<Integer> mgmtClasses();

    /** @return the attribute IDs handled in those classes */
    Set<Integer> attributeIds();

    /**
     * @param mad a MAD of a handled class and attribute
     * @return the decoded value (the codec's own type, documented by the vendor bundle)
     * @throws MadFormatException when the payload is not a valid instance of the attribute
     */
    Object decode(VendorMad mad) throws MadFormatException;

    /**
     * @param header the header to send with (class, method, attribute, modifier, transaction ID)
     * @param value a value of the type {@link #decode} returns for that attribute
     * @return the MAD
     * @throws IllegalArgumentException when the value is not of a type this codec encodes for that attribute
     */
    VendorMad encode(MadHeader header, Object value);

    /**
     * @param oui the OUI from the MAD or the node, or {@link VendorMad#NO_OUI} when unknown
     * @return whether this codec is a candidate for a MAD of that class, OUI and attribute
     */
    default boolean handles(int mgmtClass, int oui, int attributeId) {
        return mgmtClasses().contains(mgmtClass) && attributeIds().contains(attributeId)
                && (oui == VendorMad.NO_OUI || oui == vendorId());
    }
}
