package org.infiniscope.lab.umad;

import java.util.ArrayList;
import java.util.List;

/** A short account of how two tool outputs differ, for a failure message. */
final class TextDiff {

    private TextDiff() {
    }

    /**
     * @return the lines each side has that the other lacks at that point, after the common head and tail, at most
     *         {@code max} of each, prefixed {@code -} (left) and {@code +} (right) with their line numbers
     */
    static String describe(String left, String right, String leftName, String rightName, int max) {
        List<String> a = left.lines().toList();
        List<String> b = right.lines().toList();
        int head = 0;
        while (head < a.size() && head < b.size() && a.get(head).equals(b.get(head))) {
            head++;
        }
        int tail = 0;
        while (tail < a.size() - head && tail < b.size() - head
                && a.get(a.size() - 1 - tail).equals(b.get(b.size() - 1 - tail))) {
            tail++;
        }
        List<String> out = new ArrayList<>();
        out.add("  --- " + leftName + " (" + a.size() + " lines) +++ " + rightName + " (" + b.size()
                + " lines), from line " + (head + 1));
        lines(out, "-", a.subList(head, a.size() - tail), head, max);
        lines(out, "+", b.subList(head, b.size() - tail), head, max);
        return String.join("\n", out);
    }

    private static void lines(List<String> out, String mark, List<String> lines, int first, int max) {
        for (int i = 0; i < Math.min(max, lines.size()); i++) {
            out.add("  " + mark + (first + i + 1) + ": " + lines.get(i));
        }
        if (lines.size() > max) {
            out.add("  " + mark + " ... " + (lines.size() - max) + " more");
        }
    }
}
