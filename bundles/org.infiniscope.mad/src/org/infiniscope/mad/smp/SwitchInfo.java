package org.infiniscope.mad.smp;

import static org.infiniscope.mad.smp.SmaCodec.check;

import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;

/**
 * SwitchInfo (attribute 0x12, IBA 14.2.5.4).
 *
 * @param linearFdbCap LFT entries supported
 * @param randomFdbCap RFT entries supported
 * @param multicastFdbCap MFT entries supported
 * @param linearFdbTop the highest LID the LFT holds
 * @param defaultPort port for unknown unicast (random FDB)
 * @param defaultMulticastPrimaryPort 8 bits
 * @param defaultMulticastNotPrimaryPort 8 bits
 * @param lifeTimeValue 5 bits
 * @param portStateChange 1 bit, set when any port changed state
 * @param optimizedSl2VlMapping 2 bits (OptimizedSLtoVLMappingProgramming)
 * @param lidsPerPort 16 bits
 * @param partitionEnforcementCap 16 bits
 * @param inboundEnforcementCap 1 bit
 * @param outboundEnforcementCap 1 bit
 * @param filterRawInboundCap 1 bit
 * @param filterRawOutboundCap 1 bit
 * @param enhancedPort0 1 bit
 * @param multicastFdbTop 16 bits
 */
public record SwitchInfo(int linearFdbCap, int randomFdbCap, int multicastFdbCap, int linearFdbTop, int defaultPort,
        int defaultMulticastPrimaryPort, int defaultMulticastNotPrimaryPort, int lifeTimeValue, boolean portStateChange,
        int optimizedSl2VlMapping, int lidsPerPort, int partitionEnforcementCap, boolean inboundEnforcementCap,
        boolean outboundEnforcementCap, boolean filterRawInboundCap, boolean filterRawOutboundCap,
        boolean enhancedPort0, int multicastFdbTop) {

    /** The AttributeID. */
    public static final int ATTRIBUTE_ID = 0x12;

    /** Checks the field widths. */
    public SwitchInfo {
        check("linearFdbCap", linearFdbCap, 16);
        check("randomFdbCap", randomFdbCap, 16);
        check("multicastFdbCap", multicastFdbCap, 16);
        check("linearFdbTop", linearFdbTop, 16);
        check("defaultPort", defaultPort, 8);
        check("defaultMulticastPrimaryPort", defaultMulticastPrimaryPort, 8);
        check("defaultMulticastNotPrimaryPort", defaultMulticastNotPrimaryPort, 8);
        check("lifeTimeValue", lifeTimeValue, 5);
        check("optimizedSl2VlMapping", optimizedSl2VlMapping, 2);
        check("lidsPerPort", lidsPerPort, 16);
        check("partitionEnforcementCap", partitionEnforcementCap, 16);
        check("multicastFdbTop", multicastFdbTop, 16);
    }

    /** The wire form: 20 bytes. */
    public static final AttributeCodec<SwitchInfo> CODEC = new SmaCodec<>(ATTRIBUTE_ID, 20, "SwitchInfo",
            (b, o) -> new SwitchInfo(Bits.u16(b, o), Bits.u16(b, o + 2), Bits.u16(b, o + 4), Bits.u16(b, o + 6),
                    Bits.u8(b, o + 8), Bits.u8(b, o + 9), Bits.u8(b, o + 10), Bits.get(b, o, 88, 5),
                    Bits.get(b, o, 93, 1) != 0, Bits.get(b, o, 94, 2), Bits.u16(b, o + 12), Bits.u16(b, o + 14),
                    Bits.get(b, o, 128, 1) != 0, Bits.get(b, o, 129, 1) != 0, Bits.get(b, o, 130, 1) != 0,
                    Bits.get(b, o, 131, 1) != 0, Bits.get(b, o, 132, 1) != 0, Bits.u16(b, o + 18)),
            (v, b, o) -> {
                Bits.put16(b, o, v.linearFdbCap);
                Bits.put16(b, o + 2, v.randomFdbCap);
                Bits.put16(b, o + 4, v.multicastFdbCap);
                Bits.put16(b, o + 6, v.linearFdbTop);
                Bits.put8(b, o + 8, v.defaultPort);
                Bits.put8(b, o + 9, v.defaultMulticastPrimaryPort);
                Bits.put8(b, o + 10, v.defaultMulticastNotPrimaryPort);
                Bits.set(b, o, 88, 5, v.lifeTimeValue);
                Bits.set(b, o, 93, 1, v.portStateChange ? 1 : 0);
                Bits.set(b, o, 94, 2, v.optimizedSl2VlMapping);
                Bits.put16(b, o + 12, v.lidsPerPort);
                Bits.put16(b, o + 14, v.partitionEnforcementCap);
                Bits.set(b, o, 128, 1, v.inboundEnforcementCap ? 1 : 0);
                Bits.set(b, o, 129, 1, v.outboundEnforcementCap ? 1 : 0);
                Bits.set(b, o, 130, 1, v.filterRawInboundCap ? 1 : 0);
                Bits.set(b, o, 131, 1, v.filterRawOutboundCap ? 1 : 0);
                Bits.set(b, o, 132, 1, v.enhancedPort0 ? 1 : 0);
                Bits.put16(b, o + 18, v.multicastFdbTop);
            });
}
