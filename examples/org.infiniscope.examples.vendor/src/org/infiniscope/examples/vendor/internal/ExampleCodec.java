package org.infiniscope.examples.vendor.internal;

import java.util.Set;

import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.vendor.VendorCodec;
import org.infiniscope.mad.vendor.VendorMad;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.MadFormatException.Problem;
import org.infiniscope.mad.wire.Octets;
import org.osgi.service.component.annotations.Component;

/** Decodes the Example Fabrics class: {@link BoardInfo} and {@link PortHealth}. */
@Component(service = VendorCodec.class)
public final class ExampleCodec implements VendorCodec {

    @Override
    public int vendorId() {
        return ExampleClass.OUI;
    }

    @Override
    public Set<Integer> mgmtClasses() {
        return Set.of(ExampleClass.MGMT_CLASS);
    }

    @Override
    public Set<Integer> attributeIds() {
        return Set.of(ExampleClass.BOARD_INFO, ExampleClass.PORT_HEALTH);
    }

    @Override
    public Object decode(VendorMad mad) throws MadFormatException {
        byte[] data = mad.payload().toByteArray();
        return switch (mad.attributeId()) {
            case ExampleClass.BOARD_INFO -> BoardInfo.decode(data);
            case ExampleClass.PORT_HEALTH -> PortHealth.decode(data);
            default -> throw new MadFormatException(Problem.BAD_ATTRIBUTE, 16,
                    String.format("attribute 0x%04x is not one of Example Fabrics'", mad.attributeId()));
        };
    }

    @Override
    public VendorMad encode(MadHeader header, Object value) {
        int length = VendorMad.dataLength(header.mgmtClass());
        byte[] data = switch (value) {
            case BoardInfo b -> b.encode(length);
            case PortHealth p -> p.encode(length);
            case null, default -> throw new IllegalArgumentException(
                    "the Example Fabrics codec encodes BoardInfo and PortHealth, not " + value);
        };
        return new VendorMad(header, Octets.EMPTY, ExampleClass.OUI, Octets.of(data));
    }
}
