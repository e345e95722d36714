package org.infiniscope.mad.vendor;

import java.util.Collection;
import java.util.Comparator;
import java.util.Optional;

/** The choice among registered {@link VendorCodec} services that {@link VendorCodec}'s Javadoc describes. */
public final class VendorCodecs {

    /**
     * A registered codec with the service properties that order it.
     *
     * @param codec the service
     * @param ranking its {@code service.ranking} (0 when absent)
     * @param serviceId its {@code service.id}
     */
    public record Registered(VendorCodec codec, int ranking, long serviceId) {
    }

    private static final Comparator<Registered> PREFERENCE = Comparator.comparingInt(Registered::ranking).reversed()
            .thenComparingLong(Registered::serviceId);

    private VendorCodecs() {
    }

    /**
     * @param oui the OUI the MAD carries (classes 0x30–0x4F), else the node's VendorID, else
     *            {@link VendorMad#NO_OUI}
     * @return the codec to use, if any handles the MAD
     */
    public static Optional<VendorCodec> select(Collection<Registered> registered, int mgmtClass, int oui,
            int attributeId) {
        return registered.stream().filter(r -> r.codec().handles(mgmtClass, oui, attributeId)).sorted(PREFERENCE)
                .map(Registered::codec).findFirst();
    }

    /** @return the codec for a decoded MAD; for classes 0x09–0x0F pass the node's VendorID as {@code nodeVendorId} */
    public static Optional<VendorCodec> select(Collection<Registered> registered, VendorMad mad, int nodeVendorId) {
        int oui = mad.oui() != VendorMad.NO_OUI ? mad.oui() : nodeVendorId;
        return select(registered, mad.mgmtClass(), oui, mad.attributeId());
    }
}
