package org.infiniscope.sm.partition;

import java.util.Collection;

import org.infiniscope.sm.internal.partition.QosManager;

/** Computes the SL2VL and VL arbitration tables of OpenSM 3.3.23's simple QoS options. */
public final class QosCalculator {

    private QosCalculator() {
    }

    /**
     * @param options the QoS options ({@link QosOptions#parse})
     * @param ports every physical port: CA and router ports, every port of each switch (port 0 included)
     * @return the tables OpenSM would write; none when QoS is off
     */
    public static QosTables compute(QosOptions options, Collection<QosPort> ports) {
        return QosManager.compute(options, ports);
    }
}
