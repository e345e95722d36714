package org.infiniscope.rest.internal;

import java.util.List;
import java.util.Map;

import org.infiniscope.rest.AccessTokens;
import org.infiniscope.rest.IssuedToken;
import org.infiniscope.rest.Role;
import org.infiniscope.rest.TokenInfo;
import org.infiniscope.rest.TokenStoreException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Remote administration of the tokens (admin): list, make (the secret answered once), revoke. */
@Component(service = Endpoints.class)
public final class TokenEndpoints implements Endpoints {

    private static final String TAG = "tokens";

    private final AccessTokens tokens;

    @Activate
    public TokenEndpoints(@Reference AccessTokens tokens) {
        this.tokens = tokens;
    }

    @Override
    public List<Route> routes() {
        return List.of(
                Route.get("/tokens", Role.ADMIN, TAG, "The tokens: ID, role, creation, label; never secrets", Map.of(),
                        r -> list()),
                Route.post("/tokens", Role.ADMIN, TAG, "Makes a token; its secret is in this answer alone",
                        Schemas.object().property("role", "string", "viewer, operator, admin or scrape", true)
                                .property("label", "string", "what to call it", false).build(),
                        this::add).withStatus(201),
                new Route("DELETE", "/tokens/{id}", Role.ADMIN, TAG, "Revokes a token", Map.of(), null, 200, Route.JSON,
                        this::revoke));
    }

    private JsonNode list() throws ApiException {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        ArrayNode items = json.putArray("tokens");
        try {
            for (TokenInfo t : tokens.list()) {
                items.add(info(t));
            }
        } catch (TokenStoreException e) {
            throw ApiException.unavailable(e.getMessage());
        }
        return json;
    }

    private JsonNode add(ApiRequest r) throws ApiException {
        ObjectNode body = r.body();
        Role role;
        try {
            role = Role.of(ApiRequest.text(body, "role"));
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest(e.getMessage());
        }
        String label = body.has("label") ? ApiRequest.text(body, "label") : "";
        try {
            IssuedToken issued = tokens.add(role, label);
            ObjectNode json = info(issued.info());
            json.put("token", issued.token());
            return json;
        } catch (TokenStoreException e) {
            throw ApiException.unavailable(e.getMessage());
        }
    }

    private JsonNode revoke(ApiRequest r) throws ApiException {
        String id = r.path("id");
        try {
            if (!tokens.revoke(id)) {
                throw ApiException.notFound("no token of ID '" + id + "'");
            }
        } catch (TokenStoreException e) {
            throw ApiException.unavailable(e.getMessage());
        }
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        json.put("revoked", id);
        return json;
    }

    private static ObjectNode info(TokenInfo t) {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        json.put("id", t.id());
        json.put("role", t.role().id());
        json.put("label", t.label());
        json.put("created", t.created().toString());
        return json;
    }
}
