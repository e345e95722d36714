package org.infiniscope.lab.umad;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Compares our decoded values, as {@link DiagsFormat} prints them, with what a tool printed, field by field. Every
 * field must be on both sides (a field the tool prints and we do not decode would otherwise go unchecked), and
 * every difference is reported at once, so that one run shows all of them.
 */
final class FieldComparison {

    private FieldComparison() {
    }

    /**
     * @param what names the query in the failure message
     * @param ours field to text, from our codecs
     * @param theirs what the tool printed
     * @param noSmaller fields that count with every MAD and were read by us first: the tool's value must be a
     *        number no smaller than ours, not the same
     */
    static void assertAgrees(String what, Map<String, String> ours, ToolText.Block theirs, Set<String> noSmaller) {
        List<String> problems = new ArrayList<>();
        Set<String> missing = new TreeSet<>(ours.keySet());
        missing.removeAll(theirs.fields().keySet());
        if (!missing.isEmpty()) {
            problems.add("the tool did not print " + missing);
        }
        Set<String> unknown = new TreeSet<>(theirs.fields().keySet());
        unknown.removeAll(ours.keySet());
        if (!unknown.isEmpty()) {
            problems.add("the tool printed fields we do not compare: " + unknown);
        }
        for (Map.Entry<String, String> field : ours.entrySet()) {
            String name = field.getKey();
            String tools = theirs.fields().get(name);
            if (tools == null) {
                continue;
            }
            if (noSmaller.contains(name)) {
                if (!isNoSmaller(tools, field.getValue())) {
                    problems.add(name + ": the tool read " + tools + " after our " + field.getValue());
                }
            } else if (!tools.equals(field.getValue())) {
                problems.add(name + ": tool '" + tools + "', ours '" + field.getValue() + "'");
            }
        }
        if (!problems.isEmpty()) {
            fail(what + " (" + theirs.title() + "):\n  " + String.join("\n  ", problems));
        }
    }

    /** Compares all fields for equality. */
    static void assertAgrees(String what, Map<String, String> ours, ToolText.Block theirs) {
        assertAgrees(what, ours, theirs, Set.of());
    }

    private static boolean isNoSmaller(String tools, String ours) {
        try {
            return Long.compareUnsigned(Long.parseUnsignedLong(tools), Long.parseUnsignedLong(ours)) >= 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
