package org.infiniscope.model.util;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.xmi.impl.XMIResourceFactoryImpl;

/** The resource factory of fabric models: XMI, through {@link FabricResourceImpl}. */
public class FabricResourceFactoryImpl extends XMIResourceFactoryImpl {

    @Override
    public Resource createResource(URI uri) {
        return new FabricResourceImpl(uri);
    }
}
