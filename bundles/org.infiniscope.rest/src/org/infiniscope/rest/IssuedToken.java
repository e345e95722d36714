package org.infiniscope.rest;

/**
 * A token just made: the only time its secret exists outside the caller's hands (the store keeps a salted hash).
 * {@link #toString()} leaves the secret out, so that logging the object shows none.
 *
 * @param info what the store keeps of it
 * @param token the whole bearer token, to show once to whoever asked for it
 */
public record IssuedToken(TokenInfo info, String token) {

    @Override
    public String toString() {
        return "IssuedToken[" + info + "]";
    }
}
