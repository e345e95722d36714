package org.infiniscope.diag.internal;

import java.io.IOException;
import java.nio.file.Path;

import org.infiniscope.discovery.NodeNameMap;
import org.infiniscope.discovery.NodeNameMapException;

/**
 * The one place where the tools of this bundle turn a node into the name they print: its name in the
 * {@code --node-name-map} file when it has one, else its node description cleaned as the tools'
 * {@code clean_nodedesc} does (infiniband-diags' {@code remap_node_name}).
 */
final class NodeNames {

    /** Node descriptions only: no map given. */
    static final NodeNames DESCRIPTIONS = new NodeNames(NodeNameMap.EMPTY);

    private final NodeNameMap map;

    NodeNames(NodeNameMap map) {
        this.map = map;
    }

    /**
     * @param folder the folder a relative file name is resolved against (the launcher's {@code infiniscope.cwd}), or
     *        null for the process's own
     * @param file the map file given, or null for none
     * @throws IOException when the file cannot be read
     * @throws NodeNameMapException when a line is malformed (the message names the file and line)
     */
    static NodeNames load(String folder, String file) throws IOException, NodeNameMapException {
        if (file == null) {
            return DESCRIPTIONS;
        }
        Path path = folder == null ? Path.of(file) : Path.of(folder).resolve(file);
        return new NodeNames(NodeNameMap.load(path));
    }

    /**
     * @param nodeGuid the node's GUID (the key of a node-name map)
     * @param description the node description as read
     * @return the name to print
     */
    String name(long nodeGuid, String description) {
        return map.name(nodeGuid).orElseGet(() -> Route.clean(description));
    }
}
