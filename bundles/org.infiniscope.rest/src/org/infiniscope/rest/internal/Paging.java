package org.infiniscope.rest.internal;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One page of a long list: {@code offset} and {@code limit} in the query, {@code total}, {@code offset},
 * {@code limit}, {@code items} and the {@code next} page's path in the answer.
 */
final class Paging {

    static final int DEFAULT_LIMIT = 100;
    static final int MAX_LIMIT = 1000;

    /** The query parameters of a paged list, for the OpenAPI document. */
    static final Map<String, String> QUERY = Map.of("offset", "integer: the first item, from 0 (default 0)", "limit",
            "integer: how many items, 1.." + MAX_LIMIT + " (default " + DEFAULT_LIMIT + ")");

    private Paging() {
    }

    record Window(int offset, int limit) {
        int end(int total) {
            return (int) Math.min(total, (long) offset + limit);
        }
    }

    static Window window(ApiRequest request) throws ApiException {
        return new Window(request.intQuery("offset", 0, 0, Integer.MAX_VALUE),
                request.intQuery("limit", DEFAULT_LIMIT, 1, MAX_LIMIT));
    }

    /** @return the page of a list, its items written by {@code item} */
    static <T> ObjectNode page(ObjectMapper json, ApiRequest request, String path, List<T> all,
            Function<T, JsonNode> item) throws ApiException {
        Window w = window(request);
        ObjectNode page = json.createObjectNode();
        page.put("total", all.size());
        page.put("offset", w.offset());
        page.put("limit", w.limit());
        ArrayNode items = page.putArray("items");
        int end = w.end(all.size());
        for (int i = w.offset(); i < end; i++) {
            items.add(item.apply(all.get(i)));
        }
        if (end < all.size()) {
            page.put("next", path + "?offset=" + end + "&limit=" + w.limit());
        } else {
            page.putNull("next");
        }
        return page;
    }
}
