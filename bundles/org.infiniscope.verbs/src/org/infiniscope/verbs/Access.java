package org.infiniscope.verbs;

/** Memory and queue pair access flags ({@code enum ibv_access_flags}), with the same values. */
public final class Access {

    public static final int LOCAL_WRITE = 1;
    public static final int REMOTE_WRITE = 1 << 1;
    public static final int REMOTE_READ = 1 << 2;
    public static final int REMOTE_ATOMIC = 1 << 3;
    public static final int MW_BIND = 1 << 4;
    /** Every flag a memory region takes here. */
    public static final int ALL = LOCAL_WRITE | REMOTE_WRITE | REMOTE_READ | REMOTE_ATOMIC | MW_BIND;

    private Access() {
    }
}
