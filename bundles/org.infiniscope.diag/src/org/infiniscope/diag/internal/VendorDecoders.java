package org.infiniscope.diag.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.infiniscope.console.vendor.VendorCallException;
import org.infiniscope.console.vendor.VendorCalls;
import org.infiniscope.mad.vendor.VendorCodec;
import org.infiniscope.mad.vendor.VendorCodecs;
import org.infiniscope.mad.vendor.VendorMad;
import org.infiniscope.mad.wire.MadFormatException;

/**
 * The {@link VendorCodec} whiteboard of a tool, and the decoding of a vendor MAD with it: the candidates in the order
 * {@link VendorCodecs} describes, each call into a codec bounded in time by {@link VendorCalls}. A codec that throws
 * or hangs is skipped for the next candidate (and quarantined); one that refuses the payload with a
 * {@link MadFormatException} is the answer.
 */
final class VendorDecoders {

    private static final Comparator<VendorCodecs.Registered> PREFERENCE = Comparator
            .comparingInt(VendorCodecs.Registered::ranking).reversed()
            .thenComparingLong(VendorCodecs.Registered::serviceId);

    private final List<VendorCodecs.Registered> codecs = new CopyOnWriteArrayList<>();
    private final VendorCalls calls;

    VendorDecoders(VendorCalls calls) {
        this.calls = calls;
    }

    void add(VendorCodec codec, int ranking, long serviceId) {
        codecs.add(new VendorCodecs.Registered(codec, ranking, serviceId));
    }

    void remove(long serviceId) {
        codecs.removeIf(r -> r.serviceId() == serviceId);
    }

    /**
     * What decoding gave.
     *
     * @param value the decoded value, or {@code null} when no codec decoded it
     * @param bundle the symbolic name of the bundle whose codec decoded it, or {@code null}
     * @param skipped the codecs passed over, and why
     */
    record Decoded(Object value, String bundle, List<String> skipped) {
    }

    /**
     * @param nodeVendorId the node's VendorID for classes 0x09–0x0F, or {@link VendorMad#NO_OUI}
     * @throws MadFormatException when the chosen codec refuses the payload
     * @throws InterruptedException when interrupted while a codec ran
     */
    Decoded decode(VendorMad mad, int nodeVendorId) throws MadFormatException, InterruptedException {
        int oui = mad.oui() != VendorMad.NO_OUI ? mad.oui() : nodeVendorId;
        List<VendorCodecs.Registered> ordered = new ArrayList<>(codecs);
        ordered.sort(PREFERENCE);
        List<String> skipped = new ArrayList<>();
        for (VendorCodecs.Registered r : ordered) {
            VendorCodec codec = r.codec();
            try {
                if (!calls.call(codec, "handles", () -> codec.handles(mad.mgmtClass(), oui, mad.attributeId()))) {
                    continue;
                }
                Object value = calls.call(codec, "decode", () -> codec.decode(mad));
                return new Decoded(value, VendorCalls.bundleOf(codec), skipped);
            } catch (VendorCallException e) {
                if (e.getCause() instanceof MadFormatException refused) {
                    throw refused;
                }
                skipped.add(e.getMessage());
            }
        }
        return new Decoded(null, null, skipped);
    }
}
