package org.infiniscope.model;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import org.eclipse.emf.common.util.Enumerator;

/**
 * A representation of the literals of the enumeration '<em><b>PortState</b></em>': PortInfo.PortState; UNKNOWN when it could not be read (or the encoding is not one of these).
 *
 * @see org.infiniscope.model.FabricPackage#getPortState()
 * @model
 * @generated
 */
public enum PortState implements Enumerator {
    /**
     * The '<em><b>Unknown</b></em>' literal object: Not read.
     *
     * @see #UNKNOWN_VALUE
     * @generated
     * @ordered
     */
    UNKNOWN(0, "UNKNOWN", "Unknown"),
    /**
     * The '<em><b>Down</b></em>' literal object: No link.
     *
     * @see #DOWN_VALUE
     * @generated
     * @ordered
     */
    DOWN(1, "DOWN", "Down"),
    /**
     * The '<em><b>Initialize</b></em>' literal object: Link up, not configured by an SM yet.
     *
     * @see #INITIALIZE_VALUE
     * @generated
     * @ordered
     */
    INITIALIZE(2, "INITIALIZE", "Initialize"),
    /**
     * The '<em><b>Armed</b></em>' literal object: Configured, not yet passing data.
     *
     * @see #ARMED_VALUE
     * @generated
     * @ordered
     */
    ARMED(3, "ARMED", "Armed"),
    /**
     * The '<em><b>Active</b></em>' literal object: Passing data.
     *
     * @see #ACTIVE_VALUE
     * @generated
     * @ordered
     */
    ACTIVE(4, "ACTIVE", "Active");

    /** The '<em><b>Unknown</b></em>' literal value. @generated */
    public static final int UNKNOWN_VALUE = 0;

    /** The '<em><b>Down</b></em>' literal value. @generated */
    public static final int DOWN_VALUE = 1;

    /** The '<em><b>Initialize</b></em>' literal value. @generated */
    public static final int INITIALIZE_VALUE = 2;

    /** The '<em><b>Armed</b></em>' literal value. @generated */
    public static final int ARMED_VALUE = 3;

    /** The '<em><b>Active</b></em>' literal value. @generated */
    public static final int ACTIVE_VALUE = 4;

    private static final PortState[] VALUES_ARRAY = new PortState[]{UNKNOWN, DOWN, INITIALIZE, ARMED, ACTIVE};

    /** A public read-only list of all the '<em><b>PortState</b></em>' enumerators. @generated */
    public static final List<PortState> VALUES = Collections.unmodifiableList(Arrays.asList(VALUES_ARRAY));

    /**
     * @param literal the literal
     * @return the '<em><b>PortState</b></em>' literal with the specified literal value, or null
     * @generated
     */
    public static PortState get(String literal) {
        for (PortState result : VALUES_ARRAY) {
            if (result.toString().equals(literal)) {
                return result;
            }
        }
        return null;
    }

    /**
     * @param name the name
     * @return the '<em><b>PortState</b></em>' literal with the specified name, or null
     * @generated
     */
    public static PortState getByName(String name) {
        for (PortState result : VALUES_ARRAY) {
            if (result.getName().equals(name)) {
                return result;
            }
        }
        return null;
    }

    /**
     * @param value the integer value
     * @return the '<em><b>PortState</b></em>' literal with the specified integer value, or null
     * @generated
     */
    public static PortState get(int value) {
        switch (value) {
            case UNKNOWN_VALUE :
                return UNKNOWN;
            case DOWN_VALUE :
                return DOWN;
            case INITIALIZE_VALUE :
                return INITIALIZE;
            case ARMED_VALUE :
                return ARMED;
            case ACTIVE_VALUE :
                return ACTIVE;
            default :
                return null;
        }
    }

    private final int value;
    private final String name;
    private final String literal;

    PortState(int value, String name, String literal) {
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
