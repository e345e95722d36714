package org.infiniscope.verbs;

/** MTU codes ({@code enum ibv_mtu}). */
public final class Mtu {

    public static final int MTU_256 = 1;
    public static final int MTU_512 = 2;
    public static final int MTU_1024 = 3;
    public static final int MTU_2048 = 4;
    public static final int MTU_4096 = 5;

    private Mtu() {
    }

    /** @return the bytes of an MTU code */
    public static int bytes(int code) {
        if (code < MTU_256 || code > MTU_4096) {
            throw new IllegalArgumentException("an MTU code is 1..5: " + code);
        }
        return 128 << code;
    }
}
