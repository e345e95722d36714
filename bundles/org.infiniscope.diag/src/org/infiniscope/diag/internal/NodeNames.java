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
     * @param file the map file given, or null for none: then the diags' default map
     *        ({@link NodeNameMap#DEFAULT_FILE}) when it exists
     * @throws IOException when the file cannot be read
     * @throws NodeNameMapException when a line is malformed (the message names the file and line)
     */
    static NodeNames load(String folder, String file) throws IOException, NodeNameMapException {
        return load(folder, file, NodeNameMap.DEFAULT_FILE);
    }

    /** As {@link #load(String, String)}, with another default map (for tests). */
    static NodeNames load(String folder, String file, Path defaultFile) throws IOException, NodeNameMapException {
        Path path = file == null ? null : folder == null ? Path.of(file) : Path.of(folder).resolve(file);
        NodeNameMap map = NodeNameMap.open(path, defaultFile);
        return map == NodeNameMap.EMPTY ? DESCRIPTIONS : new NodeNames(map);
    }

    /**
     * Loads the map a tool's {@code --node-name-map} names (or the default one), relative to the folder
     * {@code ./infiniscope} was started in.
     *
     * @throws QueryException naming the file and what is wrong with it
     */
    static NodeNames forTool(String file) throws QueryException {
        try {
            return load(System.getProperty(ErrorsTool.CWD_PROPERTY), file);
        } catch (IOException e) {
            throw new QueryException("cannot read the node-name map: " + e.getMessage());
        } catch (NodeNameMapException e) {
            throw new QueryException(e.getMessage());
        }
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
