package org.infiniscope.model;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import org.eclipse.emf.common.util.Enumerator;

/**
 * A representation of the literals of the enumeration '<em><b>NodeType</b></em>': NodeInfo.NodeType.
 *
 * @see org.infiniscope.model.FabricPackage#getNodeType()
 * @model
 * @generated
 */
public enum NodeType implements Enumerator {
    /**
     * The '<em><b>CA</b></em>' literal object: A channel adapter (a host).
     *
     * @see #CA_VALUE
     * @generated
     * @ordered
     */
    CA(1, "CA", "CA"),
    /**
     * The '<em><b>Switch</b></em>' literal object: A switch.
     *
     * @see #SWITCH_VALUE
     * @generated
     * @ordered
     */
    SWITCH(2, "SWITCH", "Switch"),
    /**
     * The '<em><b>Router</b></em>' literal object: A router.
     *
     * @see #ROUTER_VALUE
     * @generated
     * @ordered
     */
    ROUTER(3, "ROUTER", "Router");

    /** The '<em><b>CA</b></em>' literal value. @generated */
    public static final int CA_VALUE = 1;

    /** The '<em><b>Switch</b></em>' literal value. @generated */
    public static final int SWITCH_VALUE = 2;

    /** The '<em><b>Router</b></em>' literal value. @generated */
    public static final int ROUTER_VALUE = 3;

    private static final NodeType[] VALUES_ARRAY = new NodeType[]{CA, SWITCH, ROUTER};

    /** A public read-only list of all the '<em><b>NodeType</b></em>' enumerators. @generated */
    public static final List<NodeType> VALUES = Collections.unmodifiableList(Arrays.asList(VALUES_ARRAY));

    /**
     * @param literal the literal
     * @return the '<em><b>NodeType</b></em>' literal with the specified literal value, or null
     * @generated
     */
    public static NodeType get(String literal) {
        for (NodeType result : VALUES_ARRAY) {
            if (result.toString().equals(literal)) {
                return result;
            }
        }
        return null;
    }

    /**
     * @param name the name
     * @return the '<em><b>NodeType</b></em>' literal with the specified name, or null
     * @generated
     */
    public static NodeType getByName(String name) {
        for (NodeType result : VALUES_ARRAY) {
            if (result.getName().equals(name)) {
                return result;
            }
        }
        return null;
    }

    /**
     * @param value the integer value
     * @return the '<em><b>NodeType</b></em>' literal with the specified integer value, or null
     * @generated
     */
    public static NodeType get(int value) {
        switch (value) {
            case CA_VALUE :
                return CA;
            case SWITCH_VALUE :
                return SWITCH;
            case ROUTER_VALUE :
                return ROUTER;
            default :
                return null;
        }
    }

    private final int value;
    private final String name;
    private final String literal;

    NodeType(int value, String name, String literal) {
        this.value = value;
        this.name = name;
        this.literal = literal;
    }

    @Override
    public int getValue() {
        return value;
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public String getLiteral() {
        return literal;
    }

    /** Returns the literal value of the enumerator, which is its string representation. @generated */
    @Override
    public String toString() {
        return literal;
    }
}
