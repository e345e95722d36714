package org.infiniscope.ui.topology.internal.draw;

import java.util.Arrays;

/**
 * The picture as a list of primitives in world coordinates, built once per change of the fabric, layout or
 * highlight and replayed for every frame (onto the screen, with culling and level of detail) and for every export
 * (PNG, SVG). Struct-of-arrays so that a frame of tens of thousands of primitives allocates nothing.
 */
public final class DrawList {

    static final byte LINE = 0;
    static final byte RECT = 1;
    static final byte TEXT = 2;

    private int size;
    private byte[] op = new byte[1024];
    private float[] a = new float[1024];
    private float[] b = new float[1024];
    private float[] c = new float[1024];
    private float[] d = new float[1024];
    private int[] fg = new int[1024];
    private int[] bg = new int[1024];
    private float[] width = new float[1024];
    private boolean[] dashed = new boolean[1024];
    private float[] minZoom = new float[1024];
    private String[] text = new String[1024];
    private float minX = Float.MAX_VALUE;
    private float minY = Float.MAX_VALUE;
    private float maxX = -Float.MAX_VALUE;
    private float maxY = -Float.MAX_VALUE;

    public int size() {
        return size;
    }

    public void line(float x1, float y1, float x2, float y2, int rgb, float w, boolean dash) {
        int i = next(LINE, x1, y1, x2, y2);
        fg[i] = rgb;
        width[i] = w;
        dashed[i] = dash;
        extend(Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2));
    }

    public void rect(float x, float y, float w, float h, int fill, int outline, float outlineWidth) {
        int i = next(RECT, x, y, w, h);
        bg[i] = fill;
        fg[i] = outline;
        width[i] = outlineWidth;
        extend(x, y, x + w, y + h);
    }

    /** Text shown only from {@code fromZoom} on (level of detail: labels vanish when they would be unreadable). */
    public void text(float x, float y, String s, int rgb, float size, float fromZoom) {
        int i = next(TEXT, x, y, size, 0);
        fg[i] = rgb;
        text[i] = s;
        minZoom[i] = fromZoom;
        float half = s.length() * size * 0.32f;
        extend(x - half, y, x + half, y + size * 1.3f);
    }

    private int next(byte kind, float p, float q, float r, float s) {
        if (size == op.length) {
            int n = size * 2;
            op = Arrays.copyOf(op, n);
            a = Arrays.copyOf(a, n);
            b = Arrays.copyOf(b, n);
            c = Arrays.copyOf(c, n);
            d = Arrays.copyOf(d, n);
            fg = Arrays.copyOf(fg, n);
            bg = Arrays.copyOf(bg, n);
            width = Arrays.copyOf(width, n);
            dashed = Arrays.copyOf(dashed, n);
            minZoom = Arrays.copyOf(minZoom, n);
            text = Arrays.copyOf(text, n);
        }
        int i = size++;
        op[i] = kind;
        a[i] = p;
        b[i] = q;
        c[i] = r;
        d[i] = s;
        minZoom[i] = 0;
        text[i] = null;
        dashed[i] = false;
        return i;
    }

    private void extend(float x0, float y0, float x1, float y1) {
        minX = Math.min(minX, x0);
        minY = Math.min(minY, y0);
        maxX = Math.max(maxX, x1);
        maxY = Math.max(maxY, y1);
    }

    public float minX() {
        return size == 0 ? 0 : minX;
    }

    public float minY() {
        return size == 0 ? 0 : minY;
    }

    public float maxX() {
        return size == 0 ? 1 : maxX;
    }

    public float maxY() {
        return size == 0 ? 1 : maxY;
    }

    /**
     * Replays the primitives that intersect the window and are readable at this zoom.
     *
     * @return how many were painted
     */
    public int replay(Painter painter, float wx0, float wy0, float wx1, float wy1, float zoom) {
        int painted = 0;
        for (int i = 0; i < size; i++) {
            switch (op[i]) {
                case LINE -> {
                    if (Math.max(a[i], c[i]) < wx0 || Math.min(a[i], c[i]) > wx1 || Math.max(b[i], d[i]) < wy0
                            || Math.min(b[i], d[i]) > wy1) {
                        continue;
                    }
                    painter.line(a[i], b[i], c[i], d[i], fg[i], width[i], dashed[i]);
                }
                case RECT -> {
                    if (a[i] + c[i] < wx0 || a[i] > wx1 || b[i] + d[i] < wy0 || b[i] > wy1) {
                        continue;
                    }
                    painter.rect(a[i], b[i], c[i], d[i], bg[i], fg[i], width[i]);
                }
                default -> {
                    float half = text[i].length() * c[i] * 0.32f;
                    if (zoom < minZoom[i] || a[i] + half < wx0 || a[i] - half > wx1 || b[i] + c[i] * 1.3f < wy0
                            || b[i] > wy1) {
                        continue;
                    }
                    painter.text(a[i], b[i], text[i], fg[i], c[i]);
                }
            }
            painted++;
        }
        return painted;
    }

    /** Replays everything (an export). */
    public int replayAll(Painter painter) {
        return replay(painter, -Float.MAX_VALUE, -Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE);
    }
}
