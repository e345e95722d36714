package org.infiniscope.ui.internal.parts;

import java.util.EnumMap;
import java.util.Map;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.widgets.Display;
import org.infiniscope.model.NodeType;
import org.infiniscope.model.Port;
import org.infiniscope.model.PortState;

/**
 * The explorer's 16×16 icons, drawn at run time (no image files): a node's type by shape and colour (switch: blue box
 * with ports, CA: green card, router: orange diamond) and a port's state by colour (Active green, Armed/Initialize
 * amber, Down with a cable red, Down without one grey, unreachable hatched). Owned by one part; disposed with it.
 */
final class Icons {

    /** How a port looks. */
    enum PortLook {
        ACTIVE(new RGB(46, 160, 67)),
        COMING_UP(new RGB(219, 160, 20)),
        DOWN(new RGB(200, 40, 40)),
        UNCABLED(new RGB(150, 150, 150)),
        UNREACHABLE(new RGB(120, 60, 160));

        final RGB rgb;

        PortLook(RGB rgb) {
            this.rgb = rgb;
        }
    }

    private final Display display;
    private final Map<NodeType, Image> nodes = new EnumMap<>(NodeType.class);
    private final Map<PortLook, Image> ports = new EnumMap<>(PortLook.class);

    Icons(Display display) {
        this.display = display;
    }

    Image node(NodeType type) {
        return nodes.computeIfAbsent(type, this::drawNode);
    }

    Image port(Port port) {
        return ports.computeIfAbsent(look(port), this::drawPort);
    }

    static PortLook look(Port port) {
        if (!port.isReachable()) {
            return PortLook.UNREACHABLE;
        }
        PortState s = port.getState();
        if (s == PortState.ACTIVE) {
            return PortLook.ACTIVE;
        }
        if (s == PortState.ARMED || s == PortState.INITIALIZE) {
            return PortLook.COMING_UP;
        }
        return port.getLink() != null || port.getRemotePort() != null ? PortLook.DOWN : PortLook.UNCABLED;
    }

    private Image blank() {
        ImageData data = new ImageData(16, 16, 24, new org.eclipse.swt.graphics.PaletteData(0xff0000, 0xff00, 0xff));
        data.transparentPixel = 0xfe00fe;
        for (int y = 0; y < 16; y++) {
            for (int x = 0; x < 16; x++) {
                data.setPixel(x, y, 0xfe00fe);
            }
        }
        return new Image(display, data);
    }

    private Image drawNode(NodeType type) {
        Image image = blank();
        GC gc = new GC(image);
        gc.setAntialias(SWT.ON);
        Color fill;
        Color line = new Color(40, 40, 40);
        switch (type) {
            case SWITCH -> {
                fill = new Color(52, 101, 164);
                gc.setBackground(fill);
                gc.fillRectangle(1, 4, 14, 8);
                gc.setForeground(line);
                gc.drawRectangle(1, 4, 13, 7);
                gc.setBackground(new Color(230, 230, 230));
                for (int x = 3; x < 14; x += 3) {
                    gc.fillRectangle(x, 9, 2, 2);
                }
            }
            case ROUTER -> {
                fill = new Color(230, 120, 20);
                gc.setBackground(fill);
                int[] diamond = {8, 1, 15, 8, 8, 15, 1, 8};
                gc.fillPolygon(diamond);
                gc.setForeground(line);
                gc.drawPolygon(diamond);
            }
            default -> {
                fill = new Color(70, 150, 70);
                gc.setBackground(fill);
                gc.fillRoundRectangle(2, 3, 12, 10, 3, 3);
                gc.setForeground(line);
                gc.drawRoundRectangle(2, 3, 11, 9, 3, 3);
                gc.setBackground(new Color(240, 200, 60));
                gc.fillRectangle(5, 6, 4, 4);
            }
        }
        gc.dispose();
        return image;
    }

    private Image drawPort(PortLook look) {
        Image image = blank();
        GC gc = new GC(image);
        gc.setAntialias(SWT.ON);
        gc.setBackground(new Color(look.rgb));
        gc.fillOval(3, 3, 10, 10);
        gc.setForeground(new Color(60, 60, 60));
        gc.drawOval(3, 3, 9, 9);
        if (look == PortLook.UNREACHABLE) {
            gc.setForeground(new Color(255, 255, 255));
            gc.drawLine(5, 5, 10, 10);
        }
        gc.dispose();
        return image;
    }

    void dispose() {
        nodes.values().forEach(Image::dispose);
        ports.values().forEach(Image::dispose);
        nodes.clear();
        ports.clear();
    }
}
