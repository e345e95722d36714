package org.infiniscope.rest.internal;

/** An answer other than success: its HTTP status and a message for the client (never a secret). */
final class ApiException extends Exception {

    private static final long serialVersionUID = 1L;

    private final int status;

    ApiException(int status, String message) {
        super(message);
        this.status = status;
    }

    int status() {
        return status;
    }

    static ApiException badRequest(String message) {
        return new ApiException(400, message);
    }

    static ApiException notFound(String message) {
        return new ApiException(404, message);
    }

    static ApiException conflict(String message) {
        return new ApiException(409, message);
    }

    static ApiException unavailable(String message) {
        return new ApiException(503, message);
    }
}
