package org.infiniscope.ui.topology.internal;

import org.eclipse.swt.SWT;
import org.eclipse.swt.events.MouseEvent;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Event;
import org.infiniscope.ui.topology.internal.draw.DrawList;
import org.infiniscope.ui.topology.internal.draw.SwtPainter;
import org.infiniscope.ui.topology.internal.layout.Placement;

/**
 * The drawing surface: replays the scene's {@link DrawList} with the view's zoom and origin, culling what is outside
 * the window and labels too small to read. Wheel zooms around the pointer, dragging pans, a click picks a node or a
 * link, a double click on a leaf folds or unfolds its hosts. The picture at the current zoom is kept as an image,
 * so that panning copies it (a new picture, zoom or a pan out of it paints it again). Records how long each frame
 * took to paint.
 */
final class TopologyCanvas {

    /** What a click hit. */
    interface PickListener {
        void picked(int node, int link, boolean doubleClick);
    }

    private final Canvas canvas;
    private final SwtPainter painter;
    private final FrameTimes frames = new FrameTimes();
    private Placement placement;
    private DrawList scene;
    private DrawList legend;
    private float originX;
    private float originY;
    private float zoom = 1;
    private Point dragFrom;
    private boolean dragged;
    private PickListener pickListener = (n, l, d) -> {
    };
    private Runnable paintedListener = () -> {
    };

    TopologyCanvas(Composite parent) {
        canvas = new Canvas(parent, SWT.DOUBLE_BUFFERED | SWT.NO_BACKGROUND);
        painter = new SwtPainter(canvas.getDisplay());
        canvas.addListener(SWT.Paint, this::paint);
        canvas.addListener(SWT.MouseVerticalWheel, e -> {
            zoomAt(e.count > 0 ? 1.2 : 1 / 1.2, e.x, e.y);
            e.doit = false;
        });
        canvas.addListener(SWT.MouseDown, e -> {
            if (e.button == 1 || e.button == 2) {
                dragFrom = new Point(e.x, e.y);
                dragged = false;
            }
        });
        canvas.addListener(SWT.MouseMove, e -> {
            if (dragFrom != null && (e.stateMask & (SWT.BUTTON1 | SWT.BUTTON2)) != 0) {
                int dx = e.x - dragFrom.x;
                int dy = e.y - dragFrom.y;
                if (dragged || Math.abs(dx) + Math.abs(dy) > 3) {
                    dragged = true;
                    dragFrom = new Point(e.x, e.y);
                    pan(dx, dy);
                }
            }
        });
        canvas.addListener(SWT.MouseUp, e -> {
            if (dragFrom != null && !dragged && e.button == 1) {
                pick(e.x, e.y, false);
            }
            dragFrom = null;
        });
        canvas.addListener(SWT.MouseDoubleClick, e -> pick(e.x, e.y, true));
        canvas.addListener(SWT.Dispose, e -> {
            painter.dispose();
            if (cache != null) {
                cache.dispose();
            }
        });
    }

    Canvas control() {
        return canvas;
    }

    FrameTimes frames() {
        return frames;
    }

    void onPick(PickListener listener) {
        this.pickListener = listener;
    }

    void onPainted(Runnable listener) {
        this.paintedListener = listener;
    }

    /** Shows a new picture; keeps the zoom and origin unless {@code fit}. */
    void show(Placement p, DrawList s, DrawList l, boolean fit) {
        this.placement = p;
        this.scene = s;
        this.legend = l;
        if (fit) {
            fit();
        } else {
            canvas.redraw();
        }
    }

    void setLegend(DrawList l) {
        this.legend = l;
        canvas.redraw();
    }

    void fit() {
        if (scene == null) {
            return;
        }
        Rectangle area = canvas.getClientArea();
        float w = Math.max(1, scene.maxX() - scene.minX());
        float h = Math.max(1, scene.maxY() - scene.minY());
        float margin = 20;
        // the legend keeps the top left corner: the picture goes below it
        float top = legend != null && area.width > 260 ? legend.maxY() + 10 : margin;
        zoom = Math.max(1e-3f, Math.min((area.width - 2 * margin) / w, (area.height - top - margin) / h));
        if (!(zoom > 0) || Float.isInfinite(zoom)) {
            zoom = 1;
        }
        originX = scene.minX() - (area.width / zoom - w) / 2;
        originY = scene.minY() - top / zoom;
        canvas.redraw();
    }

    /** Centres the view on a world point, zooming in to at least {@code minZoom}. */
    void reveal(float x, float y, float minZoom) {
        Rectangle area = canvas.getClientArea();
        zoom = Math.max(zoom, minZoom);
        originX = x - area.width / 2f / zoom;
        originY = y - area.height / 2f / zoom;
        canvas.redraw();
    }

    void zoomAt(double factor, int sx, int sy) {
        float wx = originX + sx / zoom;
        float wy = originY + sy / zoom;
        zoom = (float) Math.max(1e-3, Math.min(40, zoom * factor));
        originX = wx - sx / zoom;
        originY = wy - sy / zoom;
        canvas.redraw();
    }

    void pan(int dx, int dy) {
        originX -= dx / zoom;
        originY -= dy / zoom;
        canvas.redraw();
    }

    float zoom() {
        return zoom;
    }

    private void paint(Event e) {
        long t0 = System.nanoTime();
        GC gc = e.gc;
        Rectangle area = canvas.getClientArea();
        gc.setBackground(canvas.getDisplay().getSystemColor(SWT.COLOR_WHITE)); // Palette.BACKGROUND
        gc.fillRectangle(e.x, e.y, e.width, e.height);
        if (scene != null) {
            if (!cacheCovers(area)) {
                renderCache(area);
            }
            gc.drawImage(cache, Math.round((cacheX - originX) * zoom), Math.round((cacheY - originY) * zoom));
        }
        if (legend != null && area.width > 260) {
            painter.begin(gc, 0, 0, 1);
            legend.replay(painter, 0, 0, area.width, area.height, 1);
            painter.end();
        }
        frames.add(System.nanoTime() - t0);
        paintedListener.run();
    }

    // ---- the picture at the current zoom, kept as an image: a pan only copies it until it leaves the image

    /** The image's most pixels each way, as a multiple of the view's size. */
    private static final float CACHE_SPAN = 2f;
    private Image cache;
    private DrawList cacheScene;
    private float cacheZoom;
    private float cacheX;
    private float cacheY;
    private float cacheW;
    private float cacheH;

    /** Whether the image holds everything of the picture that the view shows (outside the picture is white). */
    private boolean cacheCovers(Rectangle area) {
        if (cache == null || cacheScene != scene || cacheZoom != zoom) {
            return false;
        }
        float vx0 = Math.max(originX, scene.minX());
        float vy0 = Math.max(originY, scene.minY());
        float vx1 = Math.min(originX + area.width / zoom, scene.maxX());
        float vy1 = Math.min(originY + area.height / zoom, scene.maxY());
        if (vx0 >= vx1 || vy0 >= vy1) {
            return true; // the view shows none of the picture
        }
        float slack = 1 / zoom;
        return vx0 >= cacheX - slack && vy0 >= cacheY - slack && vx1 <= cacheX + cacheW + slack
                && vy1 <= cacheY + cacheH + slack;
    }

    /**
     * Paints the picture into a new image: what the view shows, and around it as much more as {@link #CACHE_SPAN}
     * allows when the view moved out of the old image at the same zoom (a pan); just the view after a zoom, so that
     * a zoom frame costs no more than painting the view.
     */
    private void renderCache(Rectangle area) {
        boolean panned = cache != null && cacheScene == scene && cacheZoom == zoom;
        float viewW = area.width / zoom;
        float viewH = area.height / zoom;
        float margin = panned ? (CACHE_SPAN - 1) / 2 : 0;
        float x0 = Math.max(originX - viewW * margin, scene.minX() - 2);
        float y0 = Math.max(originY - viewH * margin, scene.minY() - 2);
        float x1 = Math.min(originX + viewW * (1 + margin), scene.maxX() + 2);
        float y1 = Math.min(originY + viewH * (1 + margin), scene.maxY() + 2);
        if (x1 <= x0 || y1 <= y0) {
            x0 = originX;
            y0 = originY;
            x1 = originX + 1 / zoom;
            y1 = originY + 1 / zoom;
        }
        int w = Math.max(1, (int) Math.ceil((x1 - x0) * zoom));
        int h = Math.max(1, (int) Math.ceil((y1 - y0) * zoom));
        if (cache != null) {
            cache.dispose();
        }
        cache = new Image(canvas.getDisplay(), w, h);
        GC gc = new GC(cache);
        try {
            gc.setBackground(canvas.getDisplay().getSystemColor(SWT.COLOR_WHITE));
            gc.fillRectangle(0, 0, w, h);
            painter.begin(gc, x0, y0, zoom, w, h);
            scene.replay(painter, x0, y0, x1, y1, zoom);
            painter.end();
        } finally {
            gc.dispose();
        }
        cacheScene = scene;
        cacheZoom = zoom;
        cacheX = x0;
        cacheY = y0;
        cacheW = x1 - x0;
        cacheH = y1 - y0;
    }

    private void pick(int sx, int sy, boolean doubleClick) {
        if (placement == null) {
            return;
        }
        float wx = originX + sx / zoom;
        float wy = originY + sy / zoom;
        float slack = 3 / zoom;
        var g = placement.graph();
        int node = -1;
        for (int i = 0; i < g.nodeCount(); i++) {
            if (!placement.visible(i)) {
                continue;
            }
            if (Math.abs(wx - placement.x(i)) <= placement.width(i) / 2 + slack
                    && Math.abs(wy - placement.y(i)) <= placement.height(i) / 2 + slack) {
                node = i;
            }
        }
        int link = -1;
        if (node < 0) {
            float best = 4 / zoom;
            for (int l = 0; l < g.linkCount(); l++) {
                int a = g.linkA(l);
                int b = g.linkB(l);
                if (!placement.visible(a) || !placement.visible(b)) {
                    continue;
                }
                float d = distance(wx, wy, placement.x(a), placement.y(a), placement.x(b), placement.y(b));
                if (d < best) {
                    best = d;
                    link = l;
                }
            }
        }
        pickListener.picked(node, link, doubleClick);
    }

    private static float distance(float px, float py, float ax, float ay, float bx, float by) {
        float dx = bx - ax;
        float dy = by - ay;
        float len = dx * dx + dy * dy;
        float t = len == 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len));
        float qx = ax + t * dx - px;
        float qy = ay + t * dy - py;
        return (float) Math.sqrt(qx * qx + qy * qy);
    }
}
