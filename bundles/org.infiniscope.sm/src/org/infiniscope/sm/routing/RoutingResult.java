package org.infiniscope.sm.routing;

import java.util.Objects;

/**
 * What an engine computed: for every switch a linear forwarding table, and for engines that avoid credit loops by
 * virtual layers, the SL of each path (SL {@code i} travels on VL {@code i}, so the SM maps SL to VL one-to-one on
 * every port for the layers used).
 */
public final class RoutingResult {

    /** The port value of a LID with no route ({@code LinearForwardingTable.NO_ROUTE}). */
    public static final int NO_ROUTE = 0xFF;

    /** Gives the SL of the path from one LID to another. */
    @FunctionalInterface
    public interface PathSl {

        /** @return the SL, 0..layers-1, of the path from {@code slid} to {@code dlid} */
        int sl(int slid, int dlid);
    }

    private final String engine;
    private final byte[][] tables;
    private final int layers;
    private final PathSl pathSl;

    /**
     * @param engine the name of the engine that computed it
     * @param tables {@code tables[s][lid]}: the out port (unsigned byte, {@link #NO_ROUTE} for none) of switch
     *        {@code s} for {@code lid}; each {@code graph.maxLid() + 1} long. Kept, not copied: the engine hands
     *        them over.
     * @param layers how many SLs/VLs the paths use (1 for engines without layers)
     * @param pathSl the SL of each path
     */
    public RoutingResult(String engine, byte[][] tables, int layers, PathSl pathSl) {
        this.engine = Objects.requireNonNull(engine, "engine");
        this.tables = Objects.requireNonNull(tables, "tables");
        if (layers < 1 || layers > 15) {
            throw new IllegalArgumentException("layers must be 1..15: " + layers);
        }
        this.layers = layers;
        this.pathSl = Objects.requireNonNull(pathSl, "pathSl");
    }

    /** A result without layers: every path on SL 0. */
    public RoutingResult(String engine, byte[][] tables) {
        this(engine, tables, 1, (s, d) -> 0);
    }

    /** @return the engine's name */
    public String engine() {
        return engine;
    }

    /** @return how many switches have a table */
    public int switchCount() {
        return tables.length;
    }

    /** @return the out port of switch {@code s} for {@code lid}, or {@link #NO_ROUTE} */
    public int port(int s, int lid) {
        byte[] t = tables[s];
        return lid < t.length ? t[lid] & 0xFF : NO_ROUTE;
    }

    /** @return the length of switch {@code s}'s table (its highest LID plus one) */
    public int tableLength(int s) {
        return tables[s].length;
    }

    /** @return how many SLs/VLs the paths use */
    public int layers() {
        return layers;
    }

    /** @return the SL of the path from {@code slid} to {@code dlid} */
    public int sl(int slid, int dlid) {
        return pathSl.sl(slid, dlid);
    }
}
