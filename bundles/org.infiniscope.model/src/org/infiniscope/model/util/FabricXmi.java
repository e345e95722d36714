package org.infiniscope.model.util;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.eclipse.emf.ecore.resource.impl.ResourceSetImpl;
import org.eclipse.emf.ecore.xmi.XMLResource;
import org.eclipse.emf.ecore.xmi.impl.XMLParserPoolImpl;
import org.infiniscope.model.Fabric;
import org.infiniscope.model.FabricPackage;

/**
 * Saves and loads a {@link Fabric} as XMI through an EMF {@link Resource} (the format of a model snapshot file).
 * References between objects (a link's ends, a port's link) are saved as URI fragments within the file.
 */
public final class FabricXmi {

    /** The URI a resource gets when it is not read from or written to a file. */
    public static final URI DEFAULT_URI = URI.createURI("fabric.xmi");

    private FabricXmi() {
    }

    /** @return a resource set that reads and writes XMI ({@link FabricResourceFactoryImpl}) and knows the package */
    public static ResourceSet newResourceSet() {
        ResourceSet set = new ResourceSetImpl();
        set.getResourceFactoryRegistry().getExtensionToFactoryMap().put(Resource.Factory.Registry.DEFAULT_EXTENSION,
                new FabricResourceFactoryImpl());
        set.getPackageRegistry().put(FabricPackage.eNS_URI, FabricPackage.eINSTANCE);
        return set;
    }

    /** @return a new, empty XMI resource in a new resource set */
    public static Resource newResource() {
        return newResourceSet().createResource(DEFAULT_URI);
    }

    /** The save options: UTF-8, and the lookup caches EMF offers for large models. */
    static Map<Object, Object> saveOptions() {
        Map<Object, Object> options = new HashMap<>();
        options.put(XMLResource.OPTION_ENCODING, "UTF-8");
        options.put(XMLResource.OPTION_USE_CACHED_LOOKUP_TABLE, new java.util.ArrayList<>());
        options.put(XMLResource.OPTION_FLUSH_THRESHOLD, 1 << 20);
        return options;
    }

    private static final XMLParserPoolImpl PARSERS = new XMLParserPoolImpl();

    static Map<Object, Object> loadOptions() {
        Map<Object, Object> options = new HashMap<>();
        options.put(XMLResource.OPTION_DEFER_IDREF_RESOLUTION, Boolean.TRUE);
        options.put(XMLResource.OPTION_DEFER_ATTACHMENT, Boolean.TRUE);
        options.put(XMLResource.OPTION_USE_PARSER_POOL, PARSERS);
        options.put(XMLResource.OPTION_USE_XML_NAME_TO_FEATURE_MAP, new HashMap<>());
        return options;
    }

    /**
     * Writes the resource as XMI.
     *
     * @throws IOException when the stream fails
     */
    public static void save(Resource resource, OutputStream out) throws IOException {
        resource.save(out, saveOptions());
    }

    /**
     * Writes a fabric as XMI: its own resource when it has one, else a temporary one (the fabric is put back as it
     * was).
     *
     * @throws IOException when the stream fails
     */
    public static void save(Fabric fabric, OutputStream out) throws IOException {
        Resource own = fabric.eResource();
        if (own != null) {
            save(own, out);
            return;
        }
        Resource resource = newResource();
        resource.getContents().add(fabric);
        try {
            save(resource, out);
        } finally {
            resource.getContents().remove(fabric);
        }
    }

    /**
     * Writes a fabric to a file as XMI.
     *
     * @throws IOException when the file cannot be written
     */
    public static void save(Fabric fabric, Path file) throws IOException {
        try (OutputStream out = Files.newOutputStream(file)) {
            save(fabric, out);
        }
    }

    /**
     * Reads a fabric saved as XMI into a new resource.
     *
     * @return the fabric, the resource's only root object
     * @throws IOException when the stream fails or does not hold a fabric model (the message says why)
     */
    public static Fabric load(InputStream in) throws IOException {
        Resource resource = newResource();
        try {
            resource.load(in, loadOptions());
        } catch (IOException e) {
            throw e;
        } catch (RuntimeException e) {
            // EMF wraps most parse errors in IOWrappedException; some malformed documents escape as runtime ones
            throw new IOException("not a fabric model: " + e.getMessage(), e);
        }
        if (!resource.getErrors().isEmpty()) {
            throw new IOException("not a fabric model: " + resource.getErrors().get(0).getMessage());
        }
        if (resource.getContents().size() != 1 || !(resource.getContents().get(0) instanceof Fabric)) {
            EObject first = resource.getContents().isEmpty() ? null : resource.getContents().get(0);
            throw new IOException("not a fabric model: the root is "
                    + (first == null ? "missing" : first.eClass().getName()) + ", expected one Fabric");
        }
        return (Fabric) resource.getContents().get(0);
    }

    /**
     * Reads a fabric saved as XMI from a file.
     *
     * @throws IOException when the file cannot be read or does not hold a fabric model
     */
    public static Fabric load(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return load(in);
        } catch (IOException e) {
            throw e.getMessage() != null && e.getMessage().startsWith("not a fabric model")
                    ? new IOException(file + ": " + e.getMessage(), e)
                    : e;
        }
    }
}
