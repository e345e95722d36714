package org.infiniscope.rest.internal;

import java.io.IOException;
import java.io.InputStream;
import java.util.Map;

import org.infiniscope.rest.TokenInfo;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** One call of an operation: its path and query parameters, its body, and who called. */
final class ApiRequest {

    /** What a handler returns when it answered by itself (a stream). */
    static final Object STREAMING = new Object();

    /** The largest request body read: a firmware image in Base64 fits, more is refused. */
    static final int MAX_BODY = 64 << 20;

    private final HttpServletRequest request;
    private final HttpServletResponse response;
    private final Map<String, String> path;
    private final TokenInfo caller;
    private final ObjectMapper json;

    ApiRequest(HttpServletRequest request, HttpServletResponse response, Map<String, String> path, TokenInfo caller,
            ObjectMapper json) {
        this.request = request;
        this.response = response;
        this.path = Map.copyOf(path);
        this.caller = caller;
        this.json = json;
    }

    HttpServletRequest servletRequest() {
        return request;
    }

    HttpServletResponse servletResponse() {
        return response;
    }

    /** @return who called: the token's description, never its secret */
    TokenInfo caller() {
        return caller;
    }

    ObjectMapper json() {
        return json;
    }

    String path(String name) {
        return path.get(name);
    }

    /** @return a query parameter, or null */
    String query(String name) {
        return request.getParameter(name);
    }

    /** @return an integer query parameter within bounds, or the default when it is not given */
    int intQuery(String name, int fallback, int min, int max) throws ApiException {
        String text = query(name);
        if (text == null || text.isEmpty()) {
            return fallback;
        }
        try {
            int value = Integer.parseInt(text);
            if (value < min || value > max) {
                throw ApiException.badRequest("query parameter '" + name + "' must be " + min + ".." + max);
            }
            return value;
        } catch (NumberFormatException e) {
            throw ApiException.badRequest("query parameter '" + name + "' is not a whole number: '" + text + "'");
        }
    }

    /** @return a long query parameter at least {@code min}, or the default */
    long longQuery(String name, long fallback, long min) throws ApiException {
        String text = query(name);
        if (text == null || text.isEmpty()) {
            return fallback;
        }
        try {
            long value = Long.parseLong(text);
            if (value < min) {
                throw ApiException.badRequest("query parameter '" + name + "' must be at least " + min);
            }
            return value;
        } catch (NumberFormatException e) {
            throw ApiException.badRequest("query parameter '" + name + "' is not a whole number: '" + text + "'");
        }
    }

    /** @return the body, a JSON object (an empty body is an empty object) */
    ObjectNode body() throws ApiException {
        String type = request.getContentType();
        if (request.getContentLengthLong() > MAX_BODY) {
            throw new ApiException(413, "the request body is larger than " + MAX_BODY + " bytes");
        }
        byte[] bytes;
        try (InputStream in = request.getInputStream()) {
            bytes = in.readNBytes(MAX_BODY + 1);
        } catch (IOException e) {
            throw ApiException.badRequest("cannot read the request body: " + e.getMessage());
        }
        if (bytes.length > MAX_BODY) {
            throw new ApiException(413, "the request body is larger than " + MAX_BODY + " bytes");
        }
        if (bytes.length == 0) {
            return json.createObjectNode();
        }
        if (type != null && !type.toLowerCase(java.util.Locale.ROOT).startsWith("application/json")) {
            throw new ApiException(415, "the request body must be application/json, not " + type);
        }
        JsonNode node;
        try {
            node = json.readTree(bytes);
        } catch (JsonProcessingException e) {
            throw ApiException.badRequest("malformed JSON in the request body at line " + e.getLocation().getLineNr()
                    + ", column " + e.getLocation().getColumnNr() + ": " + e.getOriginalMessage());
        } catch (IOException e) {
            throw ApiException.badRequest("cannot read the request body: " + e.getMessage());
        }
        if (node == null || !node.isObject()) {
            throw ApiException.badRequest("the request body must be a JSON object");
        }
        return (ObjectNode) node;
    }

    /** @return a required string field of the body */
    static String text(ObjectNode body, String field) throws ApiException {
        JsonNode value = body.get(field);
        if (value == null || value.isNull()) {
            throw ApiException.badRequest("the request body needs the field '" + field + "'");
        }
        if (!value.isTextual()) {
            throw ApiException.badRequest("the field '" + field + "' must be a string");
        }
        return value.asText();
    }

    /** @return an optional boolean field of the body */
    static boolean flag(ObjectNode body, String field) throws ApiException {
        JsonNode value = body.get(field);
        if (value == null || value.isNull()) {
            return false;
        }
        if (!value.isBoolean()) {
            throw ApiException.badRequest("the field '" + field + "' must be true or false");
        }
        return value.asBoolean();
    }

    /** @return a GUID path parameter: 16 hex digits, with or without {@code 0x} */
    long guid(String name) throws ApiException {
        String text = path(name);
        String hex = text.startsWith("0x") || text.startsWith("0X") ? text.substring(2) : text;
        if (hex.isEmpty() || hex.length() > 16) {
            throw ApiException.badRequest("'" + text + "' is not a GUID (up to 16 hex digits, 0x optional)");
        }
        try {
            return Long.parseUnsignedLong(hex, 16);
        } catch (NumberFormatException e) {
            throw ApiException.badRequest("'" + text + "' is not a GUID (up to 16 hex digits, 0x optional)");
        }
    }

    /** @return a port number path parameter, 0..254 */
    int portNumber(String name) throws ApiException {
        String text = path(name);
        try {
            int n = Integer.parseInt(text);
            if (n < 0 || n > 254) {
                throw ApiException.badRequest("port number " + n + " is not 0..254");
            }
            return n;
        } catch (NumberFormatException e) {
            throw ApiException.badRequest("'" + text + "' is not a port number");
        }
    }
}
