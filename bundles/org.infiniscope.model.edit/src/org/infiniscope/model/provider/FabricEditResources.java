package org.infiniscope.model.provider;

import java.net.URL;
import java.text.MessageFormat;
import java.util.Locale;
import java.util.MissingResourceException;
import java.util.ResourceBundle;

import org.eclipse.emf.common.util.ResourceLocator;

/**
 * The strings of the item providers, from {@code FabricEdit.properties} beside this class. A plain resource bundle
 * rather than an {@code EMFPlugin}: it needs neither {@code org.eclipse.core.runtime} nor a bundle activator, so the
 * providers work on any OSGi framework and outside one.
 */
public final class FabricEditResources implements ResourceLocator {

    /** The one instance. */
    public static final FabricEditResources INSTANCE = new FabricEditResources();

    private final ResourceBundle bundle = ResourceBundle.getBundle("org.infiniscope.model.provider.FabricEdit",
            Locale.ROOT, FabricEditResources.class.getClassLoader());

    private FabricEditResources() {
    }

    @Override
    public URL getBaseURL() {
        return FabricEditResources.class.getResource("/");
    }

    /** No icons yet: the GUI supplies its own. */
    @Override
    public Object getImage(String key) {
        return null;
    }

    @Override
    public String getString(String key) {
        try {
            return bundle.getString(key);
        } catch (MissingResourceException e) {
            throw new MissingResourceException("no string '" + key + "' in FabricEdit.properties",
                    FabricEditResources.class.getName(), key);
        }
    }

    @Override
    public String getString(String key, boolean translate) {
        return getString(key);
    }

    @Override
    public String getString(String key, Object[] substitutions) {
        return MessageFormat.format(getString(key), substitutions);
    }

    @Override
    public String getString(String key, Object[] substitutions, boolean translate) {
        return getString(key, substitutions);
    }
}
