package org.infiniscope.rest;

import java.util.List;
import java.util.Optional;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The bearer tokens of the REST API and {@code /metrics}. Tokens are kept in one file, readable and writable by the
 * runtime's user alone (the store refuses a file that others may read), as salted PBKDF2-HMAC-SHA256 hashes: a
 * token's secret is shown once, when it is made, and never stored, logged or answered again. Changes by another
 * process (the {@code token} command beside a running server) are seen within a second.
 */
@ProviderType
public interface AccessTokens {

    /**
     * Makes a token.
     *
     * @param role what it may do
     * @param label what to call it (shown by {@link #list}), may be empty
     * @return the token with its secret, to show once
     * @throws TokenStoreException when the file cannot be written or is not private
     */
    IssuedToken add(Role role, String label) throws TokenStoreException;

    /**
     * Revokes a token.
     *
     * @param id the token's identifier ({@link TokenInfo#id()})
     * @return whether there was such a token
     * @throws TokenStoreException when the file cannot be written or is not private
     */
    boolean revoke(String id) throws TokenStoreException;

    /**
     * @return the tokens, oldest first
     * @throws TokenStoreException when the file cannot be read or is not private
     */
    List<TokenInfo> list() throws TokenStoreException;

    /**
     * Checks a bearer token.
     *
     * @param token what the client sent
     * @return the token's description when it is one of the store's, else empty
     * @throws TokenStoreException when the file cannot be read or is not private (no token is accepted then)
     */
    Optional<TokenInfo> authenticate(String token) throws TokenStoreException;
}
