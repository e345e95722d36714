package org.infiniscope.rest.internal;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;

import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * A token secret's salted PBKDF2-HMAC-SHA256 hash, as the token file keeps it:
 * {@code pbkdf2-sha256:ITERATIONS:SALT:HASH} (Base64).
 */
record TokenHash(int iterations, byte[] salt, byte[] hash) {

    /** OWASP's 2023 advice for PBKDF2-HMAC-SHA256 is 600,000; a token is 256 random bits, not a password. */
    static final int ITERATIONS = 100_000;
    private static final String SCHEME = "pbkdf2-sha256";
    private static final SecureRandom RANDOM = new SecureRandom();

    static TokenHash of(String secret) {
        byte[] salt = new byte[16];
        RANDOM.nextBytes(salt);
        return new TokenHash(ITERATIONS, salt, derive(secret, salt, ITERATIONS));
    }

    static TokenHash parse(String text) {
        String[] f = text.split(":");
        if (f.length != 4 || !f[0].equals(SCHEME)) {
            throw new IllegalArgumentException("the hash field is not " + SCHEME + ":ITERATIONS:SALT:HASH");
        }
        try {
            int iterations = Integer.parseInt(f[1]);
            if (iterations < 1000) {
                throw new IllegalArgumentException("the hash has fewer than 1000 iterations");
            }
            return new TokenHash(iterations, Base64.getDecoder().decode(f[2]), Base64.getDecoder().decode(f[3]));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the hash field is not " + SCHEME + ":ITERATIONS:SALT:HASH", e);
        }
    }

    String format() {
        return SCHEME + ":" + iterations + ":" + Base64.getEncoder().encodeToString(salt) + ":"
                + Base64.getEncoder().encodeToString(hash);
    }

    /** @return whether the secret is the one hashed (in constant time) */
    boolean matches(String secret) {
        return MessageDigest.isEqual(hash, derive(secret, salt, iterations));
    }

    private static byte[] derive(String secret, byte[] salt, int iterations) {
        PBEKeySpec spec = new PBEKeySpec(secret.toCharArray(), salt, iterations, 256);
        try {
            return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK has no PBKDF2WithHmacSHA256", e);
        } finally {
            spec.clearPassword();
        }
    }

    /** @return the SHA-256 of a whole token: what the store remembers of a token it has already verified */
    static byte[] sha256(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }
}
