package org.infiniscope.mad.perf;

/**
 * The counters of PortExtendedSpeedsCounters (attribute 0x1F) as a port whose RS-FEC is active answers them
 * (perfquery's "with RS-FEC Active" layout; the PMA has {@link PerfCapability#IS_RSFEC_COUNTERS_SUPPORTED}): sync
 * header and unknown block errors, the symbols RS-FEC corrected per lane, then the port's corrected and uncorrected
 * blocks and corrected symbols.
 * <p>
 * Select bits: the first two are CounterSelect bits 0 and 1 as in {@link ExtendedSpeedsCounter}; each lane's
 * corrected symbols are taken to use the bit of the counter at the same place in that layout (14 + lane), and the
 * three port counters the bits after the last lane counter there (38–40). No capture confirms these: perfquery
 * resets with every bit set.
 */
public enum RsFecCounter implements PerfCounter {

    SYNC_HEADER_ERROR_COUNTER("SyncHeaderErrorCounter", 128, 16, 0),
    UNKNOWN_BLOCK_COUNTER("UnknownBlockCounter", 144, 16, 1),
    FEC_CORRECTABLE_SYMBOL_CTR_LANE0("FECCorrectableSymbolCtrLane0", 352, 32, 14),
    FEC_CORRECTABLE_SYMBOL_CTR_LANE1("FECCorrectableSymbolCtrLane1", 384, 32, 15),
    FEC_CORRECTABLE_SYMBOL_CTR_LANE2("FECCorrectableSymbolCtrLane2", 416, 32, 16),
    FEC_CORRECTABLE_SYMBOL_CTR_LANE3("FECCorrectableSymbolCtrLane3", 448, 32, 17),
    FEC_CORRECTABLE_SYMBOL_CTR_LANE4("FECCorrectableSymbolCtrLane4", 480, 32, 18),
    FEC_CORRECTABLE_SYMBOL_CTR_LANE5("FECCorrectableSymbolCtrLane5", 512, 32, 19),
    FEC_CORRECTABLE_SYMBOL_CTR_LANE6("FECCorrectableSymbolCtrLane6", 544, 32, 20),
    FEC_CORRECTABLE_SYMBOL_CTR_LANE7("FECCorrectableSymbolCtrLane7", 576, 32, 21),
    FEC_CORRECTABLE_SYMBOL_CTR_LANE8("FECCorrectableSymbolCtrLane8", 608, 32, 22),
    FEC_CORRECTABLE_SYMBOL_CTR_LANE9("FECCorrectableSymbolCtrLane9", 640, 32, 23),
    FEC_CORRECTABLE_SYMBOL_CTR_LANE10("FECCorrectableSymbolCtrLane10", 672, 32, 24),
    FEC_CORRECTABLE_SYMBOL_CTR_LANE11("FECCorrectableSymbolCtrLane11", 704, 32, 25),
    PORT_FEC_CORRECTABLE_BLOCK_CTR("PortFECCorrectableBlockCtr", 1120, 32, 38),
    PORT_FEC_UNCORRECTABLE_BLOCK_CTR("PortFECUncorrectableBlockCtr", 1152, 32, 39),
    PORT_FEC_CORRECTED_SYMBOL_CTR("PortFECCorrectedSymbolCtr", 1184, 32, 40);

    private final CounterField field;

    RsFecCounter(String label, int bitOffset, int width, int selectBit) {
        this.field = new CounterField(label, bitOffset, width, selectBit);
    }

    @Override
    public CounterField field() {
        return field;
    }

    /** @return lane {@code lane}'s counter of symbols RS-FEC corrected */
    public static RsFecCounter correctedSymbols(int lane) {
        return values()[FEC_CORRECTABLE_SYMBOL_CTR_LANE0.ordinal() + lane];
    }
}
