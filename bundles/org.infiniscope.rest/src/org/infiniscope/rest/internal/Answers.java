package org.infiniscope.rest.internal;

import java.io.IOException;
import java.io.OutputStream;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import jakarta.servlet.http.HttpServletResponse;

/** Writes the API's answers: JSON, never cached; errors as {@code {"status", "error", "message"}}. */
final class Answers {

    static final ObjectMapper JSON = new ObjectMapper();

    private Answers() {
    }

    static void json(HttpServletResponse response, int status, Object body) throws IOException {
        response.setStatus(status);
        response.setContentType("application/json");
        response.setCharacterEncoding("UTF-8");
        response.setHeader("Cache-Control", "no-store");
        try (OutputStream out = response.getOutputStream()) {
            JSON.writeValue(out, body);
        }
    }

    static void error(HttpServletResponse response, int status, String message) throws IOException {
        ObjectNode body = JSON.createObjectNode();
        body.put("status", status);
        body.put("error", reason(status));
        body.put("message", message);
        json(response, status, body);
    }

    static String reason(int status) {
        return switch (status) {
            case 400 -> "Bad Request";
            case 401 -> "Unauthorized";
            case 403 -> "Forbidden";
            case 404 -> "Not Found";
            case 405 -> "Method Not Allowed";
            case 409 -> "Conflict";
            case 413 -> "Content Too Large";
            case 415 -> "Unsupported Media Type";
            case 429 -> "Too Many Requests";
            case 500 -> "Internal Server Error";
            case 501 -> "Not Implemented";
            case 502 -> "Bad Gateway";
            case 503 -> "Service Unavailable";
            case 504 -> "Gateway Timeout";
            default -> "Error";
        };
    }
}
