package org.infiniscope.ui.verbs.internal;

import java.util.EnumMap;
import java.util.Map;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;
import org.infiniscope.ui.verbs.VerbsUiIds;
import org.infiniscope.verbs.QpState;
import org.infiniscope.verbs.QpTransitions;

/**
 * The QP state machine drawn as the IBA draws it: RESET, INIT, RTR, RTS along the top, SQE and SQD below, ERR at
 * the bottom; an arrow for each transition the kernel's table ({@link QpTransitions}) allows between two of them
 * (every state's moves to RESET and ERR are one note, not fourteen arrows), and the selected QP's state lit.
 */
final class StateDiagram {

    private static final int BOX_W = 64, BOX_H = 28;
    /** Where each state sits, in cells of a 4 x 3 grid. */
    private static final Map<QpState, Point> CELL = new EnumMap<>(QpState.class);

    static {
        CELL.put(QpState.RESET, new Point(0, 0));
        CELL.put(QpState.INIT, new Point(1, 0));
        CELL.put(QpState.RTR, new Point(2, 0));
        CELL.put(QpState.RTS, new Point(3, 0));
        CELL.put(QpState.SQE, new Point(2, 1));
        CELL.put(QpState.SQD, new Point(3, 1));
        CELL.put(QpState.ERR, new Point(1, 2));
    }

    private final Canvas canvas;
    private QpState lit;
    private String caption = "No QP selected";

    StateDiagram(Composite parent) {
        canvas = new Canvas(parent, SWT.DOUBLE_BUFFERED | SWT.BORDER);
        canvas.setData(VerbsUiIds.WIDGET_ID, VerbsUiIds.STATE_DIAGRAM);
        canvas.addPaintListener(e -> paint(e.gc));
    }

    Canvas control() {
        return canvas;
    }

    /** Lights a state (null: none) and redraws. */
    void show(QpState state, String text) {
        lit = state;
        caption = text;
        canvas.setData(VerbsUiIds.LIT_STATE, state == null ? null : state.name());
        canvas.redraw();
    }

    /** @return a state's box, the grid's cells shared out over the canvas and the boxes shrunk to fit them */
    private Rectangle box(QpState s, Rectangle area) {
        int cw = Math.max(40, (area.width - 16) / 4);
        int ch = Math.max(30, (area.height - 40) / 3);
        int w = Math.min(BOX_W, cw - 10), h = Math.min(BOX_H, ch - 10);
        Point c = CELL.get(s);
        return new Rectangle(8 + c.x * cw + (cw - w) / 2, 8 + c.y * ch + (ch - h) / 2, w, h);
    }

    private void paint(GC gc) {
        Rectangle area = canvas.getClientArea();
        var d = canvas.getDisplay();
        gc.setAntialias(SWT.ON);
        gc.setBackground(d.getSystemColor(SWT.COLOR_LIST_BACKGROUND));
        gc.fillRectangle(area);
        gc.setForeground(d.getSystemColor(SWT.COLOR_DARK_GRAY));
        for (QpState from : QpState.values()) {
            for (QpState to : QpState.values()) {
                if (from != to && to != QpState.RESET && to != QpState.ERR && QpTransitions.isValid(from, to)) {
                    arrow(gc, box(from, area), box(to, area), isBack(from, to));
                }
            }
        }
        // SQE is entered by a send error, not by a modify: the hardware's arrow, dashed
        gc.setLineStyle(SWT.LINE_DASH);
        arrow(gc, box(QpState.RTS, area), box(QpState.SQE, area), false);
        gc.setLineStyle(SWT.LINE_SOLID);
        Color light = new Color(255, 196, 0);
        Color errLight = new Color(230, 60, 50);
        try {
            for (QpState s : QpState.values()) {
                Rectangle r = box(s, area);
                boolean on = s == lit;
                gc.setBackground(on
                        ? s == QpState.ERR || s == QpState.SQE ? errLight : light
                        : d.getSystemColor(SWT.COLOR_WIDGET_BACKGROUND));
                gc.fillRoundRectangle(r.x, r.y, r.width, r.height, 10, 10);
                gc.setForeground(d.getSystemColor(on ? SWT.COLOR_BLACK : SWT.COLOR_DARK_GRAY));
                gc.setLineWidth(on ? 3 : 1);
                gc.drawRoundRectangle(r.x, r.y, r.width, r.height, 10, 10);
                gc.setLineWidth(1);
                Point t = gc.textExtent(s.name());
                gc.drawText(s.name(), r.x + (r.width - t.x) / 2, r.y + (r.height - t.y) / 2, true);
            }
        } finally {
            light.dispose();
            errLight.dispose();
        }
        gc.setForeground(d.getSystemColor(SWT.COLOR_DARK_GRAY));
        Rectangle err = box(QpState.ERR, area);
        gc.drawText("any state → RESET, ERR", err.x + err.width + 8, err.y + 6, true);
        gc.setForeground(d.getSystemColor(SWT.COLOR_BLACK));
        gc.drawText(caption, 8, area.height - gc.getFontMetrics().getHeight() - 6, true);
    }

    private static boolean isBack(QpState from, QpState to) {
        return from.ordinal() > to.ordinal();
    }

    /** Draws an arrow between two boxes' edges; a back arrow runs a little apart from its forward twin. */
    private static void arrow(GC gc, Rectangle a, Rectangle b, boolean back) {
        int off = back ? 5 : -5;
        double ax = a.x + a.width / 2.0, ay = a.y + a.height / 2.0, bx = b.x + b.width / 2.0, by = b.y + b.height / 2.0;
        double dx = bx - ax, dy = by - ay, len = Math.hypot(dx, dy);
        double nx = -dy / len * off, ny = dx / len * off;
        double[] s = edge(a, dx, dy), e = edge(b, -dx, -dy);
        int x1 = (int) (s[0] + nx), y1 = (int) (s[1] + ny), x2 = (int) (e[0] + nx), y2 = (int) (e[1] + ny);
        gc.drawLine(x1, y1, x2, y2);
        double ux = dx / len, uy = dy / len;
        int hx1 = (int) (x2 - 8 * ux + 4 * uy), hy1 = (int) (y2 - 8 * uy - 4 * ux);
        int hx2 = (int) (x2 - 8 * ux - 4 * uy), hy2 = (int) (y2 - 8 * uy + 4 * ux);
        gc.drawPolyline(new int[]{hx1, hy1, x2, y2, hx2, hy2});
    }

    /** @return where a ray from a box's centre in direction (dx, dy) leaves the box */
    private static double[] edge(Rectangle r, double dx, double dy) {
        double cx = r.x + r.width / 2.0, cy = r.y + r.height / 2.0;
        double tx = dx == 0 ? Double.MAX_VALUE : (r.width / 2.0) / Math.abs(dx);
        double ty = dy == 0 ? Double.MAX_VALUE : (r.height / 2.0) / Math.abs(dy);
        double t = Math.min(tx, ty);
        return new double[]{cx + dx * t, cy + dy * t};
    }
}
