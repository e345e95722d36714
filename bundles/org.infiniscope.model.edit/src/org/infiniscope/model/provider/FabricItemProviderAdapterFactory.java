package org.infiniscope.model.provider;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import org.eclipse.emf.common.notify.Adapter;
import org.eclipse.emf.common.notify.Notification;
import org.eclipse.emf.common.notify.Notifier;
import org.eclipse.emf.edit.provider.ChangeNotifier;
import org.eclipse.emf.edit.provider.ComposeableAdapterFactory;
import org.eclipse.emf.edit.provider.ComposedAdapterFactory;
import org.eclipse.emf.edit.provider.IChangeNotifier;
import org.eclipse.emf.edit.provider.IDisposable;
import org.eclipse.emf.edit.provider.IEditingDomainItemProvider;
import org.eclipse.emf.edit.provider.IItemLabelProvider;
import org.eclipse.emf.edit.provider.IItemPropertySource;
import org.eclipse.emf.edit.provider.INotifyChangedListener;
import org.eclipse.emf.edit.provider.IStructuredItemContentProvider;
import org.eclipse.emf.edit.provider.ITreeItemContentProvider;
import org.infiniscope.model.util.FabricAdapterFactory;

/**
 * The factory of the model's item providers, one stateful provider per class shared by all its instances (as EMF
 * generates them). Compose it with others in a {@link ComposedAdapterFactory}; a viewer registered as an
 * {@link INotifyChangedListener} is told of every change of an adapted object.
 */
public class FabricItemProviderAdapterFactory extends FabricAdapterFactory
        implements
            ComposeableAdapterFactory,
            IChangeNotifier,
            IDisposable {

    private ComposedAdapterFactory parentAdapterFactory;
    private final IChangeNotifier changeNotifier = new ChangeNotifier();
    private final Collection<Object> supportedTypes = new ArrayList<>(
            List.of(IEditingDomainItemProvider.class, IStructuredItemContentProvider.class,
                    ITreeItemContentProvider.class, IItemLabelProvider.class, IItemPropertySource.class));

    private FabricItemProvider fabricItemProvider;
    private NodeItemProvider nodeItemProvider;
    private PortItemProvider portItemProvider;
    private LinkItemProvider linkItemProvider;

    @Override
    public Adapter createFabricAdapter() {
        if (fabricItemProvider == null) {
            fabricItemProvider = new FabricItemProvider(this);
        }
        return fabricItemProvider;
    }

    @Override
    public Adapter createNodeAdapter() {
        if (nodeItemProvider == null) {
            nodeItemProvider = new NodeItemProvider(this);
        }
        return nodeItemProvider;
    }

    @Override
    public Adapter createPortAdapter() {
        if (portItemProvider == null) {
            portItemProvider = new PortItemProvider(this);
        }
        return portItemProvider;
    }

    @Override
    public Adapter createLinkAdapter() {
        if (linkItemProvider == null) {
            linkItemProvider = new LinkItemProvider(this);
        }
        return linkItemProvider;
    }

    @Override
    public ComposeableAdapterFactory getRootAdapterFactory() {
        return parentAdapterFactory == null ? this : parentAdapterFactory.getRootAdapterFactory();
    }

    @Override
    public void setParentAdapterFactory(ComposedAdapterFactory parentAdapterFactory) {
        this.parentAdapterFactory = parentAdapterFactory;
    }

    @Override
    public boolean isFactoryForType(Object type) {
        return supportedTypes.contains(type) || super.isFactoryForType(type);
    }

    @Override
    public Adapter adapt(Notifier notifier, Object type) {
        return super.adapt(notifier, this);
    }

    @Override
    public Object adapt(Object object, Object type) {
        if (isFactoryForType(type)) {
            Object adapter = super.adapt(object, type);
            if (!(type instanceof Class<?> c) || c.isInstance(adapter)) {
                return adapter;
            }
        }
        return null;
    }

    @Override
    public void addListener(INotifyChangedListener notifyChangedListener) {
        changeNotifier.addListener(notifyChangedListener);
    }

    @Override
    public void removeListener(INotifyChangedListener notifyChangedListener) {
        changeNotifier.removeListener(notifyChangedListener);
    }

    @Override
    public void fireNotifyChanged(Notification notification) {
        changeNotifier.fireNotifyChanged(notification);
        if (parentAdapterFactory != null) {
            parentAdapterFactory.fireNotifyChanged(notification);
        }
    }

    @Override
    public void dispose() {
        for (IDisposable provider : new IDisposable[]{fabricItemProvider, nodeItemProvider, portItemProvider,
                linkItemProvider}) {
            if (provider != null) {
                provider.dispose();
            }
        }
    }
}
