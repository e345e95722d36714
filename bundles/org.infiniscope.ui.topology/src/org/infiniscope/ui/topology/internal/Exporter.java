package org.infiniscope.ui.topology.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.widgets.Display;
import org.infiniscope.ui.topology.internal.draw.DrawList;
import org.infiniscope.ui.topology.internal.draw.SvgPainter;
import org.infiniscope.ui.topology.internal.draw.SwtPainter;

/**
 * Writes the whole picture, from the same {@link DrawList} the screen replays: PNG through an SWT image, SVG as text
 * by {@link SvgPainter}. A file is written to a temporary sibling and moved into place, so a failed export leaves no
 * partial file.
 */
final class Exporter {

    /** The largest PNG side: larger pictures are scaled down to it. */
    static final int MAX_PNG_SIDE = 8000;
    private static final float MARGIN = 20;
    private static final float LEGEND_ROOM = 170;

    private Exporter() {
    }

    static void export(Display display, DrawList scene, DrawList legend, Path file) throws IOException {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        Path tmp = file.resolveSibling(file.getFileName() + ".part");
        if (name.endsWith(".svg")) {
            Files.writeString(tmp, svg(scene, legend), StandardCharsets.UTF_8);
        } else if (name.endsWith(".png")) {
            png(display, scene, legend, tmp);
        } else {
            throw new IOException("export writes .png or .svg files, not " + file.getFileName());
        }
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    static String svg(DrawList scene, DrawList legend) {
        float w = scene.maxX() - scene.minX() + 2 * MARGIN;
        float h = scene.maxY() - scene.minY() + 2 * MARGIN + LEGEND_ROOM;
        SvgPainter svg = new SvgPainter(w, h, MARGIN - scene.minX(), MARGIN + LEGEND_ROOM - scene.minY());
        scene.replayAll(svg);
        svg.offset(0, 0);
        legend.replayAll(svg);
        return svg.finish();
    }

    private static void png(Display display, DrawList scene, DrawList legend, Path file) throws IOException {
        float w = scene.maxX() - scene.minX() + 2 * MARGIN;
        float h = scene.maxY() - scene.minY() + 2 * MARGIN;
        float scale = Math.min(1f, MAX_PNG_SIDE / Math.max(w, h));
        int width = Math.max(260, Math.round(w * scale));
        int height = Math.round(h * scale + LEGEND_ROOM);
        Image image = new Image(display, width, height);
        SwtPainter painter = new SwtPainter(display);
        try {
            GC gc = new GC(image);
            try {
                gc.setBackground(display.getSystemColor(SWT.COLOR_WHITE));
                gc.fillRectangle(0, 0, width, height);
                painter.begin(gc, scene.minX() - MARGIN, scene.minY() - MARGIN - LEGEND_ROOM / scale, scale);
                // labels too small to read at this scale are left out, as on the screen
                scene.replay(painter, -Float.MAX_VALUE, -Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE, scale);
                painter.end();
                painter.begin(gc, 0, 0, 1);
                legend.replayAll(painter);
                painter.end();
            } finally {
                gc.dispose();
            }
            ImageData data = image.getImageData();
            ImageLoader loader = new ImageLoader();
            loader.data = new ImageData[]{data};
            try (var out = Files.newOutputStream(file)) {
                loader.save(out, SWT.IMAGE_PNG);
            }
        } finally {
            painter.dispose();
            image.dispose();
        }
    }
}
