package org.infiniscope.model;

import org.eclipse.emf.common.util.EList;
import org.eclipse.emf.ecore.EObject;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A representation of the model object '<em><b>Fabric</b></em>'. An InfiniBand subnet as the last sweep found it: its nodes and the links between their ports.
 *
 * @see org.infiniscope.model.FabricPackage#getFabric()
 * @model
 * @generated
 */
@ProviderType
public interface Fabric extends EObject {
    /**
     * Returns the value of the '<em><b>Name</b></em>' attribute.
     * The fabric's name, such as the {@code --fabric} it was swept through.
     *
     * @return the value of the '<em>Name</em>' attribute
     * @see org.infiniscope.model.FabricPackage#getFabric_Name()
     * @model
     * @generated
     */
    String getName();

    /**
     * Sets the value of the '{@link org.infiniscope.model.Fabric#getName <em>Name</em>}' attribute.
     *
     * @param value the new value of the '<em>Name</em>' attribute
     * @see #getName()
     * @generated
     */
    void setName(String value);

    /**
     * Returns the value of the '<em><b>SweepTime</b></em>' attribute.
     * When the sweep that the model shows was taken.
     *
     * @return the value of the '<em>SweepTime</em>' attribute
     * @see org.infiniscope.model.FabricPackage#getFabric_SweepTime()
     * @model
     * @generated
     */
    java.util.Date getSweepTime();

    /**
     * Sets the value of the '{@link org.infiniscope.model.Fabric#getSweepTime <em>SweepTime</em>}' attribute.
     *
     * @param value the new value of the '<em>SweepTime</em>' attribute
     * @see #getSweepTime()
     * @generated
     */
    void setSweepTime(java.util.Date value);

    /**
     * Returns the value of the '<em><b>SubnetPrefix</b></em>' attribute.
     * The subnet prefix (PortInfo.GIDPrefix of the local port), 0 before an SM set it.
     *
     * @return the value of the '<em>SubnetPrefix</em>' attribute
     * @see org.infiniscope.model.FabricPackage#getFabric_SubnetPrefix()
     * @model
     * @generated
     */
    long getSubnetPrefix();

    /**
     * Sets the value of the '{@link org.infiniscope.model.Fabric#getSubnetPrefix <em>SubnetPrefix</em>}' attribute.
     *
     * @param value the new value of the '<em>SubnetPrefix</em>' attribute
     * @see #getSubnetPrefix()
     * @generated
     */
    void setSubnetPrefix(long value);

    /**
     * Returns the value of the '<em><b>SmLid</b></em>' attribute.
     * The LID of the master SM (PortInfo.MasterSMLID of the local port), 0 when there is none.
     *
     * @return the value of the '<em>SmLid</em>' attribute
     * @see org.infiniscope.model.FabricPackage#getFabric_SmLid()
     * @model
     * @generated
     */
    int getSmLid();

    /**
     * Sets the value of the '{@link org.infiniscope.model.Fabric#getSmLid <em>SmLid</em>}' attribute.
     *
     * @param value the new value of the '<em>SmLid</em>' attribute
     * @see #getSmLid()
     * @generated
     */
    void setSmLid(int value);

    /**
     * Returns the value of the '<em><b>Nodes</b></em>' containment reference list.
     * The nodes, in the order the sweep found them.
     * <p>
     * It is bidirectional and its opposite is '{@link org.infiniscope.model.Node#getFabric <em>Fabric</em>}'.
     *
     * @return the value of the '<em>Nodes</em>' reference
     * @see org.infiniscope.model.FabricPackage#getFabric_Nodes()
     * @model
     * @generated
     */
    EList<Node> getNodes();

    /**
     * Returns the value of the '<em><b>Links</b></em>' containment reference list.
     * The links, each once.
     * <p>
     * It is bidirectional and its opposite is '{@link org.infiniscope.model.Link#getFabric <em>Fabric</em>}'.
     *
     * @return the value of the '<em>Links</em>' reference
     * @see org.infiniscope.model.FabricPackage#getFabric_Links()
     * @model
     * @generated
     */
    EList<Link> getLinks();
}
