package org.infiniscope.console.json;

import java.util.List;
import java.util.Map;

/**
 * Writes the JSON of {@code --json}: objects of strings, numbers, lists and nested objects. The target platform has no
 * JSON library yet, and output this flat needs only the string escapes of RFC 8259; switch to the library when one
 * joins the platform for the REST API. Every tool's {@code --json} goes through here.
 */
public final class Json {

    private Json() {
    }

    /** @return the object as one line of JSON, keys in the map's order */
    public static String write(Map<String, ?> object) {
        StringBuilder json = new StringBuilder();
        value(object, json);
        return json.toString();
    }

    private static void value(Object value, StringBuilder json) {
        switch (value) {
            case Map<?, ?> map -> {
                json.append('{');
                boolean first = true;
                for (Map.Entry<?, ?> entry : map.entrySet()) {
                    if (!first) {
                        json.append(',');
                    }
                    first = false;
                    string(String.valueOf(entry.getKey()), json);
                    json.append(':');
                    value(entry.getValue(), json);
                }
                json.append('}');
            }
            case List<?> list -> {
                json.append('[');
                for (int i = 0; i < list.size(); i++) {
                    if (i > 0) {
                        json.append(',');
                    }
                    value(list.get(i), json);
                }
                json.append(']');
            }
            case Number number -> json.append(number);
            case Boolean bool -> json.append(bool);
            default -> string(String.valueOf(value), json);
        }
    }

    private static void string(String text, StringBuilder json) {
        json.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> json.append("\\\"");
                case '\\' -> json.append("\\\\");
                case '\n' -> json.append("\\n");
                case '\r' -> json.append("\\r");
                case '\t' -> json.append("\\t");
                default -> {
                    if (c < 0x20) {
                        json.append(String.format("\\u%04x", (int) c));
                    } else {
                        json.append(c);
                    }
                }
            }
        }
        json.append('"');
    }
}
