package org.infiniscope.sm.internal;

import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The SM service's configuration properties (PID {@value SmConfig#PID}) read into an {@link SmConfig}: each key by
 * the name Declarative Services gives it ({@code sm.priority}) or by OpenSM's option name ({@code sm_priority}, as in
 * {@code opensm.conf}). A key that is neither, a value that is not of its key's type, or one key given both ways with
 * two values is refused with a message naming it. Keys of the framework (Configuration Admin's {@code service.pid},
 * FileInstall's {@code felix.fileinstall.filename}, DS's {@code component.*}, reference targets) are left alone.
 */
final class SmProperties {

    /** By either name: the annotation element. */
    private static final Map<String, Method> ELEMENTS = new LinkedHashMap<>();
    static {
        for (Method m : SmConfig.class.getDeclaredMethods()) {
            if (m.getParameterCount() == 0 && m.getDefaultValue() != null) {
                ELEMENTS.put(dotted(m.getName()), m);
                ELEMENTS.put(m.getName(), m);
            }
        }
    }

    private SmProperties() {
    }

    /** @return the key Declarative Services reads an element from: one {@code _} is a {@code .}, two are one */
    static String dotted(String element) {
        return element.replace("__", "\u0000").replace('_', '.').replace('\u0000', '_');
    }

    /** @return every key, as Declarative Services names it, in the annotation's order */
    static List<String> keys() {
        List<String> keys = new ArrayList<>();
        for (Method m : SmConfig.class.getDeclaredMethods()) {
            if (m.getParameterCount() == 0 && m.getDefaultValue() != null) {
                keys.add(dotted(m.getName()));
            }
        }
        return keys;
    }

    /** Whether the framework, not the operator, put the key there. */
    private static boolean framework(String key) {
        return key.startsWith("service.") || key.startsWith("component.") || key.startsWith("felix.")
                || key.startsWith("osgi.") || key.startsWith("objectClass") || key.endsWith(".target");
    }

    /**
     * @param properties the configuration's properties, by either name
     * @return the configuration they give, each value of the type its element has
     * @throws IllegalArgumentException naming every unknown key (with the known key nearest to it), a value of the
     *         wrong type, or a key given both ways with different values
     */
    static SmConfig config(Map<String, ?> properties) {
        Map<Method, Object> values = new LinkedHashMap<>();
        Map<Method, String> givenAs = new LinkedHashMap<>();
        List<String> unknown = new ArrayList<>();
        for (Map.Entry<String, ?> e : new TreeMap<>(properties).entrySet()) {
            String key = e.getKey();
            Method m = ELEMENTS.get(key);
            if (m == null) {
                if (!framework(key)) {
                    unknown.add(key);
                }
                continue;
            }
            Object value = convert(key, e.getValue(), m.getReturnType());
            Object before = values.put(m, value);
            if (before != null && !before.equals(value)) {
                throw new IllegalArgumentException("SM configuration (PID " + SmConfig.PID + "): " + givenAs.get(m)
                        + " and " + key + " are the same key with two values; give one");
            }
            givenAs.put(m, key);
        }
        if (!unknown.isEmpty()) {
            List<String> told = new ArrayList<>();
            for (String key : unknown) {
                String near = nearest(key);
                told.add("'" + key + "'" + (near == null ? "" : " (did you mean " + near + "?)"));
            }
            throw new IllegalArgumentException(
                    "SM configuration (PID " + SmConfig.PID + "): unknown key" + (told.size() == 1 ? " " : "s ")
                            + String.join(", ", told) + "; the keys are " + String.join(", ", keys())
                            + ", or OpenSM's names for them (sm_priority, sweep_interval, " + "routing_engine, ...)");
        }
        return (SmConfig) Proxy.newProxyInstance(SmConfig.class.getClassLoader(), new Class<?>[]{SmConfig.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "annotationType" -> SmConfig.class;
                    case "toString" -> "SmConfig" + keysGiven(values);
                    case "hashCode" -> values.hashCode();
                    case "equals" -> proxy == args[0];
                    default -> values.containsKey(method) ? values.get(method) : method.getDefaultValue();
                });
    }

    /** The keys given, never their values (some are secrets). */
    private static List<String> keysGiven(Map<Method, Object> values) {
        return values.keySet().stream().map(m -> dotted(m.getName())).toList();
    }

    private static Object convert(String key, Object value, Class<?> type) {
        Object v = value instanceof String[] a && a.length == 1 ? a[0] : value;
        if (type == String.class) {
            if (v instanceof String || v instanceof Number || v instanceof Boolean) {
                return v.toString();
            }
        } else if (type == int.class) {
            if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
                return ((Number) v).intValue();
            }
            if (v instanceof Long l && l == l.intValue()) {
                return l.intValue();
            }
            if (v instanceof String s) {
                try {
                    return Integer.parseInt(s.strip());
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("SM configuration (PID " + SmConfig.PID + "): " + key + " '" + s
                            + "' is not a whole number");
                }
            }
        } else if (type == boolean.class) {
            if (v instanceof Boolean b) {
                return b;
            }
            if (v instanceof String s) {
                // OpenSM writes TRUE and FALSE
                switch (s.strip().toLowerCase(Locale.ROOT)) {
                    case "true" :
                        return true;
                    case "false" :
                        return false;
                    default :
                        throw new IllegalArgumentException("SM configuration (PID " + SmConfig.PID + "): " + key + " '"
                                + s + "' is not true or false");
                }
            }
        }
        throw new IllegalArgumentException("SM configuration (PID " + SmConfig.PID + "): " + key + " has a "
                + (v == null ? "null" : v.getClass().getSimpleName()) + ", not a " + type.getSimpleName());
    }

    /** @return the known key (in the form given) nearest to an unknown one, null when none is near */
    private static String nearest(String key) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String known : ELEMENTS.keySet()) {
            int d = distance(key.toLowerCase(Locale.ROOT), known);
            boolean sameForm = key.contains("_") == known.contains("_") || !known.contains(".");
            if (d < bestDistance || d == bestDistance && sameForm) {
                best = known;
                bestDistance = d;
            }
        }
        return bestDistance <= Math.max(2, key.length() / 3) ? best : null;
    }

    /** Levenshtein's distance. */
    private static int distance(String a, String b) {
        int[] row = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            row[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            int diagonal = row[0];
            row[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int up = row[j];
                row[j] = Math.min(Math.min(row[j] + 1, row[j - 1] + 1),
                        diagonal + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
                diagonal = up;
            }
        }
        return row[b.length()];
    }
}
