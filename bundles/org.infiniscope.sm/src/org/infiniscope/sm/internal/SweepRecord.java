package org.infiniscope.sm.internal;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.infiniscope.discovery.SweepProgress;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.SwitchInfo;

/**
 * The whole NodeInfo, SwitchInfo and PortInfo records the discovery sweep read, so that the SM does not read them a
 * second time ({@link FabricReader} reads only what is missing here). Told on the transport's threads.
 */
final class SweepRecord implements SweepProgress {

    private record Read(int[] route, NodeInfo info) {
    }

    private final Map<Long, Read> nodeInfos = new ConcurrentHashMap<>();
    private final Map<Long, SwitchInfo> switchInfos = new ConcurrentHashMap<>();
    private record Key(long nodeGuid, int port) {
    }

    private final Map<Key, PortInfo> portInfos = new ConcurrentHashMap<>();

    @Override
    public void progress(int nodes, long answered, int pending) {
        // only the attributes count
    }

    @Override
    public void nodeInfo(int[] route, NodeInfo info) {
        // the node's first route is the one the snapshot keeps (a CA answers through each of its ports)
        nodeInfos.putIfAbsent(info.nodeGuid(), new Read(route.clone(), info));
    }

    @Override
    public void switchInfo(long nodeGuid, SwitchInfo info) {
        switchInfos.put(nodeGuid, info);
    }

    @Override
    public void portInfo(long nodeGuid, int port, PortInfo info) {
        portInfos.put(key(nodeGuid, port), info);
    }

    /** @return the NodeInfo read by this route, else null */
    NodeInfo nodeInfo(long nodeGuid, int[] route) {
        Read r = nodeInfos.get(nodeGuid);
        return r != null && Arrays.equals(r.route(), route) ? r.info() : null;
    }

    SwitchInfo switchInfo(long nodeGuid) {
        return switchInfos.get(nodeGuid);
    }

    PortInfo portInfo(long nodeGuid, int port) {
        return portInfos.get(key(nodeGuid, port));
    }

    /** Forgets everything (the next sweep records afresh). */
    void clear() {
        nodeInfos.clear();
        switchInfos.clear();
        portInfos.clear();
    }

    private static Key key(long nodeGuid, int port) {
        return new Key(nodeGuid, port);
    }
}
