package org.infiniscope.model;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import org.eclipse.emf.common.util.Enumerator;

/**
 * A representation of the literals of the enumeration '<em><b>PhysicalState</b></em>': PortInfo.PortPhysicalState; UNKNOWN when it could not be read.
 *
 * @see org.infiniscope.model.FabricPackage#getPhysicalState()
 * @model
 * @generated
 */
public enum PhysicalState implements Enumerator {
    /**
     * The '<em><b>Unknown</b></em>' literal object: Not read.
     *
     * @see #UNKNOWN_VALUE
     * @generated
     * @ordered
     */
    UNKNOWN(0, "UNKNOWN", "Unknown"),
    /**
     * The '<em><b>Sleep</b></em>' literal object: Sleep.
     *
     * @see #SLEEP_VALUE
     * @generated
     * @ordered
     */
    SLEEP(1, "SLEEP", "Sleep"),
    /**
     * The '<em><b>Polling</b></em>' literal object: Polling for a peer.
     *
     * @see #POLLING_VALUE
     * @generated
     * @ordered
     */
    POLLING(2, "POLLING", "Polling"),
    /**
     * The '<em><b>Disabled</b></em>' literal object: Disabled.
     *
     * @see #DISABLED_VALUE
     * @generated
     * @ordered
     */
    DISABLED(3, "DISABLED", "Disabled"),
    /**
     * The '<em><b>PortConfigurationTraining</b></em>' literal object: Training.
     *
     * @see #PORT_CONFIGURATION_TRAINING_VALUE
     * @generated
     * @ordered
     */
    PORT_CONFIGURATION_TRAINING(4, "PORT_CONFIGURATION_TRAINING", "PortConfigurationTraining"),
    /**
     * The '<em><b>LinkUp</b></em>' literal object: Link up.
     *
     * @see #LINK_UP_VALUE
     * @generated
     * @ordered
     */
    LINK_UP(5, "LINK_UP", "LinkUp"),
    /**
     * The '<em><b>LinkErrorRecovery</b></em>' literal object: Recovering from a link error.
     *
     * @see #LINK_ERROR_RECOVERY_VALUE
     * @generated
     * @ordered
     */
    LINK_ERROR_RECOVERY(6, "LINK_ERROR_RECOVERY", "LinkErrorRecovery"),
    /**
     * The '<em><b>PhyTest</b></em>' literal object: Physical test.
     *
     * @see #PHY_TEST_VALUE
     * @generated
     * @ordered
     */
    PHY_TEST(7, "PHY_TEST", "PhyTest");

    /** The '<em><b>Unknown</b></em>' literal value. @generated */
    public static final int UNKNOWN_VALUE = 0;

    /** The '<em><b>Sleep</b></em>' literal value. @generated */
    public static final int SLEEP_VALUE = 1;

    /** The '<em><b>Polling</b></em>' literal value. @generated */
    public static final int POLLING_VALUE = 2;

    /** The '<em><b>Disabled</b></em>' literal value. @generated */
    public static final int DISABLED_VALUE = 3;

    /** The '<em><b>PortConfigurationTraining</b></em>' literal value. @generated */
    public static final int PORT_CONFIGURATION_TRAINING_VALUE = 4;

    /** The '<em><b>LinkUp</b></em>' literal value. @generated */
    public static final int LINK_UP_VALUE = 5;

    /** The '<em><b>LinkErrorRecovery</b></em>' literal value. @generated */
    public static final int LINK_ERROR_RECOVERY_VALUE = 6;

    /** The '<em><b>PhyTest</b></em>' literal value. @generated */
    public static final int PHY_TEST_VALUE = 7;

    private static final PhysicalState[] VALUES_ARRAY = new PhysicalState[]{UNKNOWN, SLEEP, POLLING, DISABLED,
            PORT_CONFIGURATION_TRAINING, LINK_UP, LINK_ERROR_RECOVERY, PHY_TEST};

    /** A public read-only list of all the '<em><b>PhysicalState</b></em>' enumerators. @generated */
    public static final List<PhysicalState> VALUES = Collections.unmodifiableList(Arrays.asList(VALUES_ARRAY));

    /**
     * @param literal the literal
     * @return the '<em><b>PhysicalState</b></em>' literal with the specified literal value, or null
     * @generated
     */
    public static PhysicalState get(String literal) {
        for (PhysicalState result : VALUES_ARRAY) {
            if (result.toString().equals(literal)) {
                return result;
            }
        }
        return null;
    }

    /**
     * @param name the name
     * @return the '<em><b>PhysicalState</b></em>' literal with the specified name, or null
     * @generated
     */
    public static PhysicalState getByName(String name) {
        for (PhysicalState result : VALUES_ARRAY) {
            if (result.getName().equals(name)) {
                return result;
            }
        }
        return null;
    }

    /**
     * @param value the integer value
     * @return the '<em><b>PhysicalState</b></em>' literal with the specified integer value, or null
     * @generated
     */
    public static PhysicalState get(int value) {
        switch (value) {
            case UNKNOWN_VALUE :
                return UNKNOWN;
            case SLEEP_VALUE :
                return SLEEP;
            case POLLING_VALUE :
                return POLLING;
            case DISABLED_VALUE :
                return DISABLED;
            case PORT_CONFIGURATION_TRAINING_VALUE :
                return PORT_CONFIGURATION_TRAINING;
            case LINK_UP_VALUE :
                return LINK_UP;
            case LINK_ERROR_RECOVERY_VALUE :
                return LINK_ERROR_RECOVERY;
            case PHY_TEST_VALUE :
                return PHY_TEST;
            default :
                return null;
        }
    }

    private final int value;
    private final String name;
    private final String literal;

    PhysicalState(int value, String name, String literal) {
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
