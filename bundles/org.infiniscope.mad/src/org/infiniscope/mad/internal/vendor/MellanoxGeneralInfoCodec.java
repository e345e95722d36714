package org.infiniscope.mad.internal.vendor;

import java.util.Set;

import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.vendor.MellanoxGeneralInfo;
import org.infiniscope.mad.vendor.VendorCodec;
import org.infiniscope.mad.vendor.VendorMad;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.mad.wire.MadFormatException.Problem;
import org.infiniscope.mad.wire.Octets;
import org.osgi.service.component.annotations.Component;

/**
 * The first {@link VendorCodec}: Mellanox GeneralInfo, so that the firmware version of Mellanox devices shows
 * without a vendor bundle. Decodes to {@link MellanoxGeneralInfo}.
 */
@Component(service = VendorCodec.class)
public final class MellanoxGeneralInfoCodec implements VendorCodec {

    @Override
    public int vendorId() {
        return MellanoxGeneralInfo.MELLANOX_OUI;
    }

    @Override
    public Set<Integer> mgmtClasses() {
        return Set.of(MellanoxGeneralInfo.MGMT_CLASS);
    }

    @Override
    public Set<Integer> attributeIds() {
        return Set.of(MellanoxGeneralInfo.ATTRIBUTE_ID);
    }

    @Override
    public MellanoxGeneralInfo decode(VendorMad mad) throws MadFormatException {
        if (mad.mgmtClass() != MellanoxGeneralInfo.MGMT_CLASS) {
            throw new MadFormatException(Problem.BAD_CLASS, 1,
                    String.format("MgmtClass 0x%02x, expected the Mellanox class 0x0a", mad.mgmtClass()));
        }
        if (mad.attributeId() != MellanoxGeneralInfo.ATTRIBUTE_ID) {
            throw new MadFormatException(Problem.BAD_ATTRIBUTE, 16,
                    String.format("AttributeID 0x%04x, expected GeneralInfo 0x0017", mad.attributeId()));
        }
        return MellanoxGeneralInfo.CODEC.decode(mad.payload().toByteArray(), 0);
    }

    @Override
    public VendorMad encode(MadHeader header, Object value) {
        if (!(value instanceof MellanoxGeneralInfo info)) {
            throw new IllegalArgumentException("Mellanox GeneralInfo codec cannot encode "
                    + (value == null ? "null" : value.getClass().getName()));
        }
        byte[] payload = new byte[VendorMad.dataLength(header.mgmtClass())];
        MellanoxGeneralInfo.CODEC.encode(info, payload, 0);
        return new VendorMad(header, Octets.EMPTY, VendorMad.NO_OUI, Octets.of(payload));
    }
}
