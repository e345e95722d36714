package org.infiniscope.rest.internal;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** JSON schemas of request bodies, for the OpenAPI document. */
final class Schemas {

    private final ObjectNode schema = JsonNodeFactory.instance.objectNode();
    private final ObjectNode properties;

    private Schemas() {
        schema.put("type", "object");
        properties = schema.putObject("properties");
    }

    static Schemas object() {
        return new Schemas();
    }

    /** Adds a property. */
    Schemas property(String name, String type, String description, boolean required) {
        properties.putObject(name).put("type", type).put("description", description);
        if (required) {
            (schema.has("required")
                    ? (com.fasterxml.jackson.databind.node.ArrayNode) schema.get("required")
                    : schema.putArray("required")).add(name);
        }
        return this;
    }

    ObjectNode build() {
        return schema;
    }
}
