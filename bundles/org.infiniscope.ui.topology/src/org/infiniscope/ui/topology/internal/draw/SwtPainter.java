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
 * its zoom. Consecutive lines of one style go into one {@link Path} and are stroked at once, which is what keeps a
 * frame of ten thousand links cheap. Colours and fonts are cached for the painter's life: {@link #dispose} them.
 */
public final class SwtPainter implements Painter {

    private final Device device;
    private final Map<Integer, Color> colors = new HashMap<>();
    private final Map<Integer, Font> fonts = new HashMap<>();
    private final String fontName;
    private GC gc;
    private float ox;
    private float oy;
    private float zoom;
    private Path path;
    private int pathRgb;
    private int pathWidth;
    private boolean pathDashed;

    public SwtPainter(Device device) {
        this.device = device;
        FontData[] system = device.getSystemFont().getFontData();
        this.fontName = system.length > 0 ? system[0].getName() : "Sans";
    }

    /** Starts a frame: the GC to paint on, the world point at its top left corner, the zoom. */
    public void begin(GC target, float originX, float originY, float scale) {
        this.gc = target;
        this.ox = originX;
        this.oy = originY;
        this.zoom = scale;
        gc.setAntialias(SWT.ON);
        gc.setTextAntialias(SWT.ON);
        gc.setLineCap(SWT.CAP_FLAT);
    }

    /** Ends a frame: strokes the lines still pending. */
    public void end() {
        flush();
        gc = null;
    }

    @Override
    public void line(float x1, float y1, float x2, float y2, int rgb, float width, boolean dashed) {
        int w = Math.max(1, Math.round(width * Math.min(zoom, 2f)));
        if (path != null && (rgb != pathRgb || w != pathWidth || dashed != pathDashed)) {
            flush();
        }
        if (path == null) {
            path = new Path(device);
            pathRgb = rgb;
            pathWidth = w;
            pathDashed = dashed;
        }
        path.moveTo((x1 - ox) * zoom, (y1 - oy) * zoom);
        path.lineTo((x2 - ox) * zoom, (y2 - oy) * zoom);
    }

    private void flush() {
        if (path == null) {
            return;
        }
        gc.setForeground(color(pathRgb));
        gc.setLineWidth(pathWidth);
        gc.setLineStyle(pathDashed ? SWT.LINE_DASH : SWT.LINE_SOLID);
        gc.drawPath(path);
        path.dispose();
        path = null;
    }

    @Override
    public void rect(float x, float y, float w, float h, int fill, int outline, float outlineWidth) {
        flush();
        int sx = Math.round((x - ox) * zoom);
        int sy = Math.round((y - oy) * zoom);
        int sw = Math.max(1, Math.round(w * zoom));
        int sh = Math.max(1, Math.round(h * zoom));
        gc.setBackground(color(fill));
        gc.fillRectangle(sx, sy, sw, sh);
        if (outline >= 0 && sw > 3) {
            gc.setForeground(color(outline));
            gc.setLineStyle(SWT.LINE_SOLID);
            gc.setLineWidth(Math.max(1, Math.round(outlineWidth * Math.min(zoom, 2f))));
            gc.drawRectangle(sx, sy, sw, sh);
        }
    }

    @Override
    public void text(float x, float y, String text, int rgb, float size) {
        flush();
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
        if (path != null) {
            path.dispose();
            path = null;
        }
        colors.values().forEach(Color::dispose);
        fonts.values().forEach(Font::dispose);
        colors.clear();
        fonts.clear();
    }
}
