package org.infiniscope.topology;

import java.util.Objects;

/**
 * A cable between two ports. Width and speed are the IBA encodings a port supports on this link (LinkWidth
 * bits 1=1X 2=4X 4=8X 8=12X 16=2X; LinkSpeed bits 1=SDR 2=DDR 4=QDR; extended speed bits 1=FDR 2=EDR 4=HDR
 * 8=NDR), or 0 for the topology's default.
 *
 * @param a one end's node name
 * @param portA its port
 * @param b the other end's node name
 * @param portB its port
 * @param width the width mask, 0 for the default
 * @param speed the speed mask, 0 for the default
 * @param extSpeed the extended speed mask, 0 for the default
 */
public record Link(String a, int portA, String b, int portB, int width, int speed, int extSpeed) {

    /** Checks the ends. */
    public Link {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        if (portA < 1 || portB < 1) {
            throw new IllegalArgumentException(
                    "link " + a + "[" + portA + "] - " + b + "[" + portB + "]: ports start at 1");
        }
        if (a.equals(b) && portA == portB) {
            throw new IllegalArgumentException("link " + a + "[" + portA + "] is cabled to itself");
        }
    }

    /** @return a link with the topology's default width and speeds */
    public static Link of(String a, int portA, String b, int portB) {
        return new Link(a, portA, b, portB, 0, 0, 0);
    }
}
