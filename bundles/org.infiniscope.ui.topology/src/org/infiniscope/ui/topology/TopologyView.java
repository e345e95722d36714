package org.infiniscope.ui.topology;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.infiniscope.ui.fabric.FabricRef;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The topology part's view of the fabric: what it shows, and the operations of its toolbar. Its canvas carries it as
 * {@code canvas.getData(DATA_KEY)}. Every method must be called on the UI thread; nothing in it waits for a layout or
 * a MAD (those run in background jobs, and {@link #shown()} tells when they are done).
 */
@ProviderType
public interface TopologyView {

    /** The key of the canvas's data that holds the view. */
    String DATA_KEY = "org.infiniscope.ui.topology.view";

    /**
     * What the view shows now.
     *
     * @param generation counts the pictures drawn (a new fabric, layout, selection or path makes a new one)
     * @param nodes nodes of the fabric shown
     * @param links links of the fabric shown (down links it remembers included)
     * @param activeLinks of those, the links whose both ends are Active
     * @param drawnNodes nodes drawn as themselves (hosts folded into their leaf are not)
     * @param layout how the nodes are placed: TIERS, GRID or LAYERED; empty before the first layout
     * @param aggregated whether leaves are drawn with their hosts folded in
     * @param colourMode what link colours say (the legend's title)
     * @param selected the nodes highlighted as selected, by GUID
     * @param path the links of the path highlighted, in order from its source
     * @param message the last thing the view has to say (a path that could not be traced, a failed layout), or ""
     * @param layoutMillis how long the last layout took
     * @param drawnNanos {@code System.nanoTime()} when this picture was first painted, or 0 while it has not been
     * @param frames how many frames the canvas painted so far
     * @param lastFrameMicros how long the last frame took to paint, in microseconds
     */
    record Shown(long generation, int nodes, int links, int activeLinks, int drawnNodes, String layout,
            boolean aggregated, String colourMode, List<Long> selected, List<FabricRef.LinkRef> path, String message,
            long layoutMillis, long drawnNanos, long frames, int lastFrameMicros) {

        public Shown {
            selected = List.copyOf(selected);
            path = List.copyOf(path);
        }
    }

    /** @return what the view shows now */
    Shown shown();

    /** Zooms and pans so that the whole fabric fits. */
    void fit();

    /** Zooms by a factor around the centre of the view (painted with the next frame). */
    void zoomBy(double factor);

    /** Pans by so many pixels (painted with the next frame). */
    void panBy(int dx, int dy);

    /**
     * Finds a node by name (a part of its description), node or port GUID (hex, with or without 0x) or LID (decimal),
     * selects it, and reveals it.
     *
     * @return whether a node was found
     */
    boolean find(String query);

    /** Folds every leaf's hosts into it (or unfolds them all). */
    void setAggregated(boolean aggregated);

    /** Chooses what link colours say: {@code State}, {@code Width/speed}, {@code Errors} or {@code Utilisation}. */
    void setColourMode(String label);

    /**
     * Writes the whole picture (not just what the window shows), with its legend: PNG or SVG by the file's name.
     *
     * @throws IOException when the file cannot be written, or its name ends in neither .png nor .svg
     */
    void export(Path file) throws IOException;
}
