package org.infiniscope.ui.topology.internal.draw;

/**
 * What a {@link DrawList} is replayed onto: the screen, a PNG image or an SVG document. Coordinates are world
 * coordinates; the painter maps them to its surface.
 */
public interface Painter {

    /** A straight line; {@code width} in world units (the screen draws at least one pixel). */
    void line(float x1, float y1, float x2, float y2, int rgb, float width, boolean dashed);

    /** A rectangle filled with {@code fill}, outlined with {@code outline} unless it is negative. */
    void rect(float x, float y, float w, float h, int fill, int outline, float outlineWidth);

    /** Text centred on {@code x}, its top at {@code y}, {@code size} world units high. */
    void text(float x, float y, String text, int rgb, float size);
}
