package org.infiniscope.rest.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.infiniscope.rest.Role;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

class RouteTableTest {

    private static RouteTable table() {
        RouteTable table = new RouteTable();
        table.addEndpoints(
                () -> List.of(Route.get("/nodes/{guid}/ports/{port}", Role.VIEWER, "t", "a port", Map.of(), r -> null),
                        Route.get("/nodes/{guid}/ports/{port}/counters", Role.VIEWER, "t", "counters", Paging.QUERY,
                                r -> null),
                        Route.post("/nodes/{guid}/ports/{port}/actions", Role.OPERATOR, "t", "act",
                                Schemas.object().property("action", "string", "what", true).build(), r -> null)));
        return table;
    }

    @Test
    void pathsMatchWithTheirParametersAndAWrongMethodIsToldApart() {
        RouteTable table = table();
        RouteTable.Match m = table.find("GET", "/nodes/0x1/ports/3/counters");
        assertEquals("/nodes/{guid}/ports/{port}/counters", m.route().path());
        assertEquals(Map.of("guid", "0x1", "port", "3"), m.parameters());
        RouteTable.Match wrongMethod = table.find("DELETE", "/nodes/0x1/ports/3");
        assertNull(wrongMethod.route());
        assertTrue(wrongMethod.pathKnown());
        assertFalse(table.find("GET", "/nothing").pathKnown());
        assertFalse(table.find("GET", "/nodes/0x1/ports/3/").pathKnown(), "a trailing slash is another path");
    }

    @Test
    void theOpenApiDocumentListsEachOperationWithItsParametersRoleAndBody() {
        ObjectNode doc = OpenApi.document(table().routes(), "0.1.0");
        assertEquals("3.0.3", doc.get("openapi").asText());
        JsonNode counters = doc.at("/paths/~1nodes~1{guid}~1ports~1{port}~1counters/get");
        assertEquals("viewer", counters.get("x-required-role").asText());
        List<String> names = counters.get("parameters").valueStream().map(p -> p.get("name").asText()).toList();
        assertEquals(List.of("guid", "port", "limit", "offset"), names);
        JsonNode act = doc.at("/paths/~1nodes~1{guid}~1ports~1{port}~1actions/post");
        assertEquals("operator", act.get("x-required-role").asText());
        assertEquals("action", act.at("/requestBody/content/application~1json/schema/required/0").asText());
        assertEquals("postNodesByGuidPortsByPortActions", act.get("operationId").asText());
        assertEquals(3, doc.get("paths").size());
    }
}
