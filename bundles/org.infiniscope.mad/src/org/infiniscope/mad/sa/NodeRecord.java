package org.infiniscope.mad.sa;

import static org.infiniscope.mad.sa.SaRecordCodec.checkBits;

import java.util.Objects;

import org.infiniscope.mad.smp.NodeDescription;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;

/**
 * NodeRecord (IBA 15.2.5.2, attribute 0x11, 108 bytes; 112 between records of a table): a node's NodeInfo and
 * NodeDescription, as seen through one of its ports.
 *
 * @param lid the LID of the port (of port 0 on a switch)
 * @param nodeInfo the NodeInfo the SM read through that port
 * @param nodeDescription the NodeDescription
 */
public record NodeRecord(int lid, NodeInfo nodeInfo, NodeDescription nodeDescription) {

    /** The attribute ID. */
    public static final int ATTRIBUTE_ID = 0x11;
    /** Size on the wire. */
    public static final int LENGTH = 108;

    /**
     * ComponentMask bits, numbered as IBA 15.2.5.2 numbers the components: the record's own, then one per
     * NodeInfo field, then the NodeDescription as a whole.
     */
    public static final class Components {
        public static final long LID = 1L << 0;
        // Bit 1 is the reserved component.
        public static final long BASE_VERSION = 1L << 2;
        public static final long CLASS_VERSION = 1L << 3;
        public static final long NODE_TYPE = 1L << 4;
        public static final long NUM_PORTS = 1L << 5;
        public static final long SYSTEM_IMAGE_GUID = 1L << 6;
        public static final long NODE_GUID = 1L << 7;
        public static final long PORT_GUID = 1L << 8;
        public static final long PARTITION_CAP = 1L << 9;
        public static final long DEVICE_ID = 1L << 10;
        public static final long REVISION = 1L << 11;
        public static final long LOCAL_PORT_NUM = 1L << 12;
        public static final long VENDOR_ID = 1L << 13;
        public static final long NODE_DESCRIPTION = 1L << 14;

        private Components() {
        }
    }

    private static final int NODE_INFO = 4;
    private static final int NODE_DESCRIPTION = 44;

    /** The codec; the embedded attributes are NodeInfo's and NodeDescription's own codecs. */
    public static final AttributeCodec<NodeRecord> CODEC = new SaRecordCodec<>(
            "NodeRecord", ATTRIBUTE_ID, LENGTH, (b, o) -> new NodeRecord(Bits.u16(b, o),
                    NodeInfo.CODEC.decode(b, o + NODE_INFO), NodeDescription.CODEC.decode(b, o + NODE_DESCRIPTION)),
            (r, b, o) -> {
                Bits.put16(b, o, r.lid);
                NodeInfo.CODEC.encode(r.nodeInfo, b, o + NODE_INFO);
                NodeDescription.CODEC.encode(r.nodeDescription, b, o + NODE_DESCRIPTION);
            });

    /** Checks the fields. */
    public NodeRecord {
        checkBits("lid", lid, 16);
        Objects.requireNonNull(nodeInfo, "nodeInfo");
        Objects.requireNonNull(nodeDescription, "nodeDescription");
    }
}
