package org.infiniscope.ui.topology.internal.draw;

import java.util.HashMap;
import java.util.Map;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.Device;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.graphics.FontData;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Path;
import org.eclipse.swt.graphics.Point;

/**
 * Paints onto an SWT {@link GC} (the canvas, or an image for PNG): world coordinates minus the view's origin, times
 * its zoom. Consecutive lines of one style go into one {@link Path}, and so do consecutive boxes of one colour, and
 * each path is stroked or filled at once: that, and no antialiasing of shapes when zoomed out (level of detail), is
 * what keeps a frame of thousands of links cheap. Colours and fonts are cached for the painter's life:
 * {@link #dispose} them.
 */
public final class SwtPainter implements Painter {

    /** Below this zoom shapes are drawn without antialiasing: a fraction of the cost, and too small to tell. */
    static final float ANTIALIAS_FROM = 2.5f;

    private final Device device;
    private final Map<Integer, Color> colors = new HashMap<>();
    private final Map<Integer, Font> fonts = new HashMap<>();
    private final String fontName;
    private GC gc;
    private float clipW = Float.MAX_VALUE;
    private float clipH = Float.MAX_VALUE;
    private float ox;
    private float oy;
    private float zoom;
    private Path lines;
    private int lineRgb;
    private int lineWidth;
    private boolean lineDashed;
    private Path boxes;
    private int boxFill;
    private int boxOutline;
    private int boxOutlineWidth;

    public SwtPainter(Device device) {
        this.device = device;
        FontData[] system = device.getSystemFont().getFontData();
        this.fontName = system.length > 0 ? system[0].getName() : "Sans";
    }

    /** Starts a frame: the GC to paint on, the world point at its top left corner, the zoom. */
    public void begin(GC target, float originX, float originY, float scale) {
        begin(target, originX, originY, scale, Float.MAX_VALUE, Float.MAX_VALUE);
    }

    /**
     * Starts a frame on a surface of this many pixels: lines are cut to it before they are stroked (a zoomed-in
     * view of a large fabric crosses thousands of links whose length is mostly off the surface, and the graphics
     * library strokes a line's whole length).
     */
    public void begin(GC target, float originX, float originY, float scale, float width, float height) {
        this.clipW = width;
        this.clipH = height;
        this.gc = target;
        this.ox = originX;
        this.oy = originY;
        this.zoom = scale;
        gc.setAntialias(scale >= ANTIALIAS_FROM ? SWT.ON : SWT.OFF);
        gc.setTextAntialias(SWT.ON);
        gc.setLineCap(SWT.CAP_FLAT);
    }

    /** Ends a frame: paints what is still pending. */
    public void end() {
        flushLines();
        flushBoxes();
        gc = null;
    }

    @Override
    public void line(float x1, float y1, float x2, float y2, int rgb, float width, boolean dashed) {
        flushBoxes();
        int w = Math.max(1, Math.round(width * Math.min(zoom, 2f)));
        if (lines != null && (rgb != lineRgb || w != lineWidth || dashed != lineDashed)) {
            flushLines();
        }
        if (lines == null) {
            lines = new Path(device);
            lineRgb = rgb;
            lineWidth = w;
            lineDashed = dashed;
        }
        float ax = (x1 - ox) * zoom;
        float ay = (y1 - oy) * zoom;
        float bx = (x2 - ox) * zoom;
        float by = (y2 - oy) * zoom;
        if (clipW < Float.MAX_VALUE) {
            // Liang-Barsky against the surface and a margin of a line width
            float m = w + 2;
            float t0 = 0;
            float t1 = 1;
            float dx = bx - ax;
            float dy = by - ay;
            float[] p = {-dx, dx, -dy, dy};
            float[] q = {ax + m, clipW + m - ax, ay + m, clipH + m - ay};
            for (int i = 0; i < 4; i++) {
                if (p[i] == 0) {
                    if (q[i] < 0) {
                        return;
                    }
                } else {
                    float r = q[i] / p[i];
                    if (p[i] < 0) {
                        t0 = Math.max(t0, r);
                    } else {
                        t1 = Math.min(t1, r);
                    }
                }
            }
            if (t0 > t1) {
                return;
            }
            float cx0 = ax + t0 * dx;
            float cy0 = ay + t0 * dy;
            bx = ax + t1 * dx;
            by = ay + t1 * dy;
            ax = cx0;
            ay = cy0;
        }
        lines.moveTo(ax, ay);
        lines.lineTo(bx, by);
    }

    private void flushLines() {
        if (lines == null) {
            return;
        }
        gc.setForeground(color(lineRgb));
        gc.setLineWidth(lineWidth);
        gc.setLineStyle(lineDashed ? SWT.LINE_DASH : SWT.LINE_SOLID);
        gc.drawPath(lines);
        lines.dispose();
        lines = null;
    }

    @Override
    public void rect(float x, float y, float w, float h, int fill, int outline, float outlineWidth) {
        flushLines();
        float sx = Math.round((x - ox) * zoom);
        float sy = Math.round((y - oy) * zoom);
        float sw = Math.max(1, Math.round(w * zoom));
        float sh = Math.max(1, Math.round(h * zoom));
        // an outline on a box of a few pixels would hide its fill
        int drawnOutline = outline >= 0 && sw > 3 ? outline : -1;
        int ow = drawnOutline < 0 ? 0 : Math.max(1, Math.round(outlineWidth * Math.min(zoom, 2f)));
        if (boxes != null && (fill != boxFill || drawnOutline != boxOutline || ow != boxOutlineWidth)) {
            flushBoxes();
        }
        if (boxes == null) {
            boxes = new Path(device);
            boxFill = fill;
            boxOutline = drawnOutline;
            boxOutlineWidth = ow;
        }
        boxes.addRectangle(sx, sy, sw, sh);
    }

    private void flushBoxes() {
        if (boxes == null) {
            return;
        }
        gc.setBackground(color(boxFill));
        gc.fillPath(boxes);
        if (boxOutline >= 0) {
            gc.setForeground(color(boxOutline));
            gc.setLineStyle(SWT.LINE_SOLID);
            gc.setLineWidth(boxOutlineWidth);
            gc.drawPath(boxes);
        }
        boxes.dispose();
        boxes = null;
    }

    @Override
    public void text(float x, float y, String text, int rgb, float size) {
        flushLines();
        flushBoxes();
        int px = Math.max(6, Math.min(28, Math.round(size * zoom)));
        gc.setFont(font(px));
        gc.setForeground(color(rgb));
        Point extent = gc.textExtent(text);
        gc.drawText(text, Math.round((x - ox) * zoom) - extent.x / 2, Math.round((y - oy) * zoom), true);
    }

    private Color color(int rgb) {
        return colors.computeIfAbsent(rgb, c -> new Color(device, c >> 16 & 0xff, c >> 8 & 0xff, c & 0xff));
    }

    private Font font(int px) {
        // FontData heights are points; at the usual 96 dpi a point is 4/3 pixels
        return fonts.computeIfAbsent(px,
                p -> new Font(device, fontName, Math.max(4, Math.round(p * 0.75f)), SWT.NORMAL));
    }

    /** Frees the colours and fonts. */
    public void dispose() {
        if (lines != null) {
            lines.dispose();
            lines = null;
        }
        if (boxes != null) {
            boxes.dispose();
            boxes = null;
        }
        colors.values().forEach(Color::dispose);
        fonts.values().forEach(Font::dispose);
        colors.clear();
        fonts.clear();
    }
}
