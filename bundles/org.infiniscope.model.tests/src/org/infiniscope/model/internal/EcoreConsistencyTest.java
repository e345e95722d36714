package org.infiniscope.model.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.InputStream;
import java.lang.reflect.Field;
import java.net.URL;
import java.util.List;

import org.eclipse.emf.common.util.Enumerator;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EAttribute;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EClassifier;
import org.eclipse.emf.ecore.EEnum;
import org.eclipse.emf.ecore.EEnumLiteral;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EPackage;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.eclipse.emf.ecore.resource.impl.ResourceSetImpl;
import org.eclipse.emf.ecore.xmi.impl.EcoreResourceFactoryImpl;
import org.infiniscope.model.FabricFactory;
import org.infiniscope.model.FabricPackage;
import org.junit.jupiter.api.Test;
import org.osgi.framework.FrameworkUtil;

/**
 * The hand-written package ({@code FabricPackageImpl}, the interfaces, the Impl classes) against
 * {@code model/fabric.ecore} as the bundle ships it: every classifier, feature and literal must match, and the
 * generated constants must be the features' IDs.
 */
class EcoreConsistencyTest {

    private static EPackage loadEcore() throws Exception {
        URL url = FrameworkUtil.getBundle(FabricPackage.class).getEntry("model/fabric.ecore");
        assertNotNull(url, "model/fabric.ecore is in the bundle");
        ResourceSet set = new ResourceSetImpl();
        set.getResourceFactoryRegistry().getExtensionToFactoryMap().put("ecore", new EcoreResourceFactoryImpl());
        Resource resource = set.createResource(URI.createURI("fabric.ecore"));
        try (InputStream in = url.openStream()) {
            resource.load(in, null);
        }
        return (EPackage) resource.getContents().get(0);
    }

    @Test
    void theRegisteredPackageIsTheEcoreFile() throws Exception {
        EPackage file = loadEcore();
        FabricPackage code = FabricPackage.eINSTANCE;
        assertSame(code, EPackage.Registry.INSTANCE.getEPackage(FabricPackage.eNS_URI));
        assertEquals(file.getName(), code.getName());
        assertEquals(file.getNsURI(), code.getNsURI());
        assertEquals(file.getNsPrefix(), code.getNsPrefix());
        assertEquals(names(file.getEClassifiers()), names(code.getEClassifiers()), "classifiers, in order");
        for (EClassifier expected : file.getEClassifiers()) {
            EClassifier actual = code.getEClassifier(expected.getName());
            assertEquals(expected.eClass(), actual.eClass(), expected.getName());
            assertEquals(expected.getName(), actual.getInstanceClass().getSimpleName(), "instance class");
            if (expected instanceof EClass c) {
                compare(c, (EClass) actual);
            } else {
                compare((EEnum) expected, (EEnum) actual);
            }
        }
    }

    private static void compare(EClass expected, EClass actual) throws Exception {
        assertEquals(expected.isAbstract(), actual.isAbstract());
        assertEquals(names(expected.getESuperTypes()), names(actual.getESuperTypes()));
        assertEquals(names(expected.getEStructuralFeatures()), names(actual.getEStructuralFeatures()),
                expected.getName() + ": features, in order");
        for (EStructuralFeature f : expected.getEStructuralFeatures()) {
            EStructuralFeature a = actual.getEStructuralFeature(f.getName());
            String what = expected.getName() + "." + f.getName();
            assertEquals(f.eClass(), a.eClass(), what + " kind");
            assertEquals(f.getEType().getName(), a.getEType().getName(), what + " type");
            assertEquals(f.getLowerBound(), a.getLowerBound(), what + " lower bound");
            assertEquals(f.getUpperBound(), a.getUpperBound(), what + " upper bound");
            assertEquals(f.isChangeable(), a.isChangeable(), what + " changeable");
            assertEquals(f.isTransient(), a.isTransient(), what + " transient");
            assertEquals(f.isVolatile(), a.isVolatile(), what + " volatile");
            assertEquals(f.isDerived(), a.isDerived(), what + " derived");
            assertEquals(f.isUnsettable(), a.isUnsettable(), what + " unsettable");
            assertEquals(f.getDefaultValueLiteral(), a.getDefaultValueLiteral(), what + " default");
            Object def = f.getDefaultValue();
            // an enum's default is the first literal: a dynamic EEnumLiteral in the file, the Java enum in the code
            assertEquals(def instanceof Enumerator e ? e.getName() : def,
                    a.getDefaultValue() instanceof Enumerator e ? e.getName() : a.getDefaultValue(),
                    what + " default value");
            if (f instanceof EReference r) {
                EReference ar = (EReference) a;
                assertEquals(r.isContainment(), ar.isContainment(), what + " containment");
                assertEquals(r.isResolveProxies(), ar.isResolveProxies(), what + " resolve proxies");
                assertEquals(r.getEOpposite() == null ? null : r.getEOpposite().getName(),
                        ar.getEOpposite() == null ? null : ar.getEOpposite().getName(), what + " opposite");
            } else {
                assertEquals(((EAttribute) f).isID(), ((EAttribute) a).isID(), what + " ID");
            }
            // the generated constant, such as PORT__LID, is the feature's ID
            Field constant = FabricPackage.class.getField(constant(expected.getName()) + "__" + constant(f.getName()));
            assertEquals(actual.getFeatureID(a), constant.getInt(null), what + " constant");
        }
        assertEquals(expected.getEStructuralFeatures().size(),
                FabricPackage.class.getField(constant(expected.getName()) + "_FEATURE_COUNT").getInt(null));
        // the factory makes instances of the class, and the Impl's reflective accessors cover every feature
        EObject instance = FabricFactory.eINSTANCE.create(actual);
        for (EStructuralFeature f : actual.getEAllStructuralFeatures()) {
            instance.eGet(f);
            instance.eIsSet(f);
        }
    }

    private static void compare(EEnum expected, EEnum actual) {
        assertEquals(expected.getELiterals().size(), actual.getELiterals().size(), expected.getName());
        for (int i = 0; i < expected.getELiterals().size(); i++) {
            EEnumLiteral e = expected.getELiterals().get(i);
            EEnumLiteral a = actual.getELiterals().get(i);
            assertEquals(e.getName(), a.getName());
            assertEquals(e.getValue(), a.getValue(), e.getName());
            assertEquals(e.getLiteral(), a.getLiteral(), e.getName());
            assertEquals(e.getValue(), a.getInstance().getValue(), e.getName() + " Java enum");
        }
    }

    private static List<String> names(List<? extends EClassifier> classifiers) {
        return classifiers.stream().map(EClassifier::getName).toList();
    }

    private static List<String> names(java.util.Collection<? extends EStructuralFeature> features) {
        return features.stream().map(EStructuralFeature::getName).toList();
    }

    private static String constant(String name) {
        return name.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(java.util.Locale.ROOT);
    }
}
