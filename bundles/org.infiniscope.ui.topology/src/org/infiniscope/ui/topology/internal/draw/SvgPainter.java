package org.infiniscope.ui.topology.internal.draw;

import java.util.Locale;

/** Writes what a {@link DrawList} replays as SVG elements, in world coordinates (the document's viewBox). */
public final class SvgPainter implements Painter {

    private final StringBuilder svg = new StringBuilder(1 << 16);
    private float dx;
    private float dy;

    /** @param dx, dy added to every coordinate (to move the picture's corner to the origin) */
    public SvgPainter(float width, float height, float dx, float dy) {
        this.dx = dx;
        this.dy = dy;
        svg.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        svg.append(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\""
                        + " font-family=\"sans-serif\">\n",
                width, height, width, height));
        svg.append(String.format(Locale.ROOT,
                "<rect x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\" fill=\"#ffffff\"/>\n", width, height));
    }

    /** Moves what follows by this much (the legend, drawn in document units at the top left). */
    public void offset(float x, float y) {
        this.dx = x;
        this.dy = y;
    }

    @Override
    public void line(float x1, float y1, float x2, float y2, int rgb, float width, boolean dashed) {
        svg.append(String.format(Locale.ROOT,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"%.1f\"%s/>\n",
                x1 + dx, y1 + dy, x2 + dx, y2 + dy, hex(rgb), width, dashed ? " stroke-dasharray=\"4 3\"" : ""));
    }

    @Override
    public void rect(float x, float y, float w, float h, int fill, int outline, float outlineWidth) {
        svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"",
                x + dx, y + dy, w, h, hex(fill)));
        if (outline >= 0) {
            svg.append(String.format(Locale.ROOT, " stroke=\"%s\" stroke-width=\"%.1f\"", hex(outline), outlineWidth));
        }
        svg.append("/>\n");
    }

    @Override
    public void text(float x, float y, String text, int rgb, float size) {
        svg.append(String.format(Locale.ROOT,
                "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" text-anchor=\"middle\" fill=\"%s\">", x + dx,
                y + dy + size * 0.85f, size, hex(rgb)));
        escape(text);
        svg.append("</text>\n");
    }

    private void escape(String text) {
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            switch (ch) {
                case '<' -> svg.append("&lt;");
                case '>' -> svg.append("&gt;");
                case '&' -> svg.append("&amp;");
                case '"' -> svg.append("&quot;");
                default -> {
                    if (ch >= 0x20 || ch == '\t') {
                        svg.append(ch);
                    }
                }
            }
        }
    }

    private static String hex(int rgb) {
        return String.format("#%06x", rgb & 0xffffff);
    }

    /** @return the finished document */
    public String finish() {
        svg.append("</svg>\n");
        return svg.toString();
    }
}
