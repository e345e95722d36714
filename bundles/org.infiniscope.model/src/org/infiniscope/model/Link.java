package org.infiniscope.model;

import org.eclipse.emf.ecore.EObject;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A representation of the model object '<em><b>Link</b></em>'. A cable between two ports; parallel cables between two nodes are separate links.
 *
 * @see org.infiniscope.model.FabricPackage#getLink()
 * @model
 * @generated
 */
@ProviderType
public interface Link extends EObject {
    /**
     * Returns the value of the '<em><b>EndA</b></em>' reference.
     * One end.
     *
     * @return the value of the '<em>EndA</em>' reference
     * @see org.infiniscope.model.FabricPackage#getLink_EndA()
     * @model
     * @generated
     */
    Port getEndA();

    /**
     * Sets the value of the '{@link org.infiniscope.model.Link#getEndA <em>EndA</em>}' reference.
     *
     * @param value the new value of the '<em>EndA</em>' reference
     * @see #getEndA()
     * @generated
     */
    void setEndA(Port value);

    /**
     * Returns the value of the '<em><b>EndB</b></em>' reference.
     * The other end.
     *
     * @return the value of the '<em>EndB</em>' reference
     * @see org.infiniscope.model.FabricPackage#getLink_EndB()
     * @model
     * @generated
     */
    Port getEndB();

    /**
     * Sets the value of the '{@link org.infiniscope.model.Link#getEndB <em>EndB</em>}' reference.
     *
     * @param value the new value of the '<em>EndB</em>' reference
     * @see #getEndB()
     * @generated
     */
    void setEndB(Port value);

    /**
     * Returns the value of the '<em><b>Fabric</b></em>' container reference.
     * The fabric that contains the link.
     * <p>
     * It is bidirectional and its opposite is '{@link org.infiniscope.model.Fabric#getLinks <em>Links</em>}'.
     *
     * @return the value of the '<em>Fabric</em>' reference
     * @see org.infiniscope.model.FabricPackage#getLink_Fabric()
     * @model
     * @generated
     */
    Fabric getFabric();
}
