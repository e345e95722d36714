package org.infiniscope.mad.perf;

/**
 * The counters of PortExtendedSpeedsCounters (attribute 0x1F, IBA 16.1.4.14) as a port running an extended speed
 * (FDR and faster) without RS-FEC answers them: sync header and unknown block errors, then per lane the errors the
 * 64b/66b error detection found and the FEC blocks corrected and not corrected. CounterSelect is 64 bits wide
 * (bits 64–127), one bit per counter in this order, bit 0 first. For the RS-FEC layout see {@link RsFecCounter}.
 */
public enum ExtendedSpeedsCounter implements PerfCounter {

    SYNC_HEADER_ERROR_COUNTER("SyncHeaderErrorCounter", 128, 16),
    UNKNOWN_BLOCK_COUNTER("UnknownBlockCounter", 144, 16),
    ERROR_DETECTION_COUNTER_LANE0("ErrorDetectionCounterLane0", 160, 16),
    ERROR_DETECTION_COUNTER_LANE1("ErrorDetectionCounterLane1", 176, 16),
    ERROR_DETECTION_COUNTER_LANE2("ErrorDetectionCounterLane2", 192, 16),
    ERROR_DETECTION_COUNTER_LANE3("ErrorDetectionCounterLane3", 208, 16),
    ERROR_DETECTION_COUNTER_LANE4("ErrorDetectionCounterLane4", 224, 16),
    ERROR_DETECTION_COUNTER_LANE5("ErrorDetectionCounterLane5", 240, 16),
    ERROR_DETECTION_COUNTER_LANE6("ErrorDetectionCounterLane6", 256, 16),
    ERROR_DETECTION_COUNTER_LANE7("ErrorDetectionCounterLane7", 272, 16),
    ERROR_DETECTION_COUNTER_LANE8("ErrorDetectionCounterLane8", 288, 16),
    ERROR_DETECTION_COUNTER_LANE9("ErrorDetectionCounterLane9", 304, 16),
    ERROR_DETECTION_COUNTER_LANE10("ErrorDetectionCounterLane10", 320, 16),
    ERROR_DETECTION_COUNTER_LANE11("ErrorDetectionCounterLane11", 336, 16),
    FEC_CORRECTABLE_BLOCK_CTR_LANE0("FECCorrectableBlockCtrLane0", 352, 32),
    FEC_CORRECTABLE_BLOCK_CTR_LANE1("FECCorrectableBlockCtrLane1", 384, 32),
    FEC_CORRECTABLE_BLOCK_CTR_LANE2("FECCorrectableBlockCtrLane2", 416, 32),
    FEC_CORRECTABLE_BLOCK_CTR_LANE3("FECCorrectableBlockCtrLane3", 448, 32),
    FEC_CORRECTABLE_BLOCK_CTR_LANE4("FECCorrectableBlockCtrLane4", 480, 32),
    FEC_CORRECTABLE_BLOCK_CTR_LANE5("FECCorrectableBlockCtrLane5", 512, 32),
    FEC_CORRECTABLE_BLOCK_CTR_LANE6("FECCorrectableBlockCtrLane6", 544, 32),
    FEC_CORRECTABLE_BLOCK_CTR_LANE7("FECCorrectableBlockCtrLane7", 576, 32),
    FEC_CORRECTABLE_BLOCK_CTR_LANE8("FECCorrectableBlockCtrLane8", 608, 32),
    FEC_CORRECTABLE_BLOCK_CTR_LANE9("FECCorrectableBlockCtrLane9", 640, 32),
    FEC_CORRECTABLE_BLOCK_CTR_LANE10("FECCorrectableBlockCtrLane10", 672, 32),
    FEC_CORRECTABLE_BLOCK_CTR_LANE11("FECCorrectableBlockCtrLane11", 704, 32),
    FEC_UNCORRECTABLE_BLOCK_CTR_LANE0("FECUncorrectableBlockCtrLane0", 736, 32),
    FEC_UNCORRECTABLE_BLOCK_CTR_LANE1("FECUncorrectableBlockCtrLane1", 768, 32),
    FEC_UNCORRECTABLE_BLOCK_CTR_LANE2("FECUncorrectableBlockCtrLane2", 800, 32),
    FEC_UNCORRECTABLE_BLOCK_CTR_LANE3("FECUncorrectableBlockCtrLane3", 832, 32),
    FEC_UNCORRECTABLE_BLOCK_CTR_LANE4("FECUncorrectableBlockCtrLane4", 864, 32),
    FEC_UNCORRECTABLE_BLOCK_CTR_LANE5("FECUncorrectableBlockCtrLane5", 896, 32),
    FEC_UNCORRECTABLE_BLOCK_CTR_LANE6("FECUncorrectableBlockCtrLane6", 928, 32),
    FEC_UNCORRECTABLE_BLOCK_CTR_LANE7("FECUncorrectableBlockCtrLane7", 960, 32),
    FEC_UNCORRECTABLE_BLOCK_CTR_LANE8("FECUncorrectableBlockCtrLane8", 992, 32),
    FEC_UNCORRECTABLE_BLOCK_CTR_LANE9("FECUncorrectableBlockCtrLane9", 1024, 32),
    FEC_UNCORRECTABLE_BLOCK_CTR_LANE10("FECUncorrectableBlockCtrLane10", 1056, 32),
    FEC_UNCORRECTABLE_BLOCK_CTR_LANE11("FECUncorrectableBlockCtrLane11", 1088, 32);

    /** Lanes a port has counters for. */
    public static final int LANES = 12;

    private final CounterField field;

    ExtendedSpeedsCounter(String label, int bitOffset, int width) {
        this.field = new CounterField(label, bitOffset, width, ordinal());
    }

    @Override
    public CounterField field() {
        return field;
    }

    /** @return lane {@code lane}'s error detection counter */
    public static ExtendedSpeedsCounter errorDetection(int lane) {
        return values()[ERROR_DETECTION_COUNTER_LANE0.ordinal() + lane];
    }

    /** @return lane {@code lane}'s counter of FEC blocks corrected */
    public static ExtendedSpeedsCounter fecCorrectable(int lane) {
        return values()[FEC_CORRECTABLE_BLOCK_CTR_LANE0.ordinal() + lane];
    }

    /** @return lane {@code lane}'s counter of FEC blocks that could not be corrected */
    public static ExtendedSpeedsCounter fecUncorrectable(int lane) {
        return values()[FEC_UNCORRECTABLE_BLOCK_CTR_LANE0.ordinal() + lane];
    }
}
