package org.infiniscope.verbs.rdmacore.internal.netlink;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.infiniscope.verbs.resource.CmIdResource;
import org.infiniscope.verbs.resource.QpResource;
import org.infiniscope.verbs.resource.ResourceSource;
import org.osgi.service.component.annotations.Component;

/**
 * The host's queue pairs and CM IDs from the kernel's resource tracking, through RDMA netlink, as
 * {@code rdma resource show} reads them: the device list first, then one dump per device. Other processes' QPs are
 * visible here and not through verbs. A user object's command is read from {@code /proc/PID/comm}, as iproute2
 * does; the kernel names its own objects itself.
 */
@Component(service = ResourceSource.class)
public final class NetlinkResources implements ResourceSource {

    private static final int TIMEOUT_MS = 2000;

    @Override
    public String name() {
        return "netlink";
    }

    @Override
    public String unavailableReason() {
        try (NetlinkSocket s = new NetlinkSocket(TIMEOUT_MS)) {
            List<NlCodec.DeviceEntry> devices = devices(s);
            return devices.isEmpty() ? "this host has no RDMA device (RDMA netlink lists none)" : "";
        } catch (NetlinkException e) {
            return "no RDMA netlink on this host: " + e.getMessage();
        }
    }

    private static List<NlCodec.DeviceEntry> devices(NetlinkSocket s) throws NetlinkException {
        List<NlCodec.DeviceEntry> list = new ArrayList<>();
        for (NlCodec.Message m : s.dump(RdmaNl.CMD_GET, -1)) {
            list.add(NlCodec.device(m.attrs()));
        }
        return list;
    }

    @Override
    public List<QpResource> qps() throws IOException {
        List<QpResource> all = new ArrayList<>();
        try (NetlinkSocket s = new NetlinkSocket(TIMEOUT_MS)) {
            for (NlCodec.DeviceEntry d : devices(s)) {
                for (NlCodec.Message m : s.dump(RdmaNl.CMD_RES_QP_GET, d.index())) {
                    for (QpResource q : NlCodec.qps(m.attrs(), d.nodeGuid())) {
                        all.add(q.kernel() || q.pid() < 0 ? q : withComm(q));
                    }
                }
            }
        }
        return all;
    }

    @Override
    public List<CmIdResource> cmIds() throws IOException {
        List<CmIdResource> all = new ArrayList<>();
        try (NetlinkSocket s = new NetlinkSocket(TIMEOUT_MS)) {
            for (NlCodec.DeviceEntry d : devices(s)) {
                for (NlCodec.Message m : s.dump(RdmaNl.CMD_RES_CM_ID_GET, d.index())) {
                    for (CmIdResource c : NlCodec.cmIds(m.attrs())) {
                        all.add(c.kernel() || c.pid() < 0
                                ? c
                                : new CmIdResource(c.source(), c.device(), c.port(), c.cmIdn(), c.lqpn(), c.qpType(),
                                        c.state(), c.ps(), c.pid(), comm(c.pid()), false, c.srcAddr(), c.dstAddr()));
                    }
                }
            }
        }
        return all;
    }

    private static QpResource withComm(QpResource q) {
        return new QpResource(q.source(), q.device(), q.port(), q.node(), q.nodeGuid(), q.lqpn(), q.rqpn(), q.type(),
                q.state(), q.rqPsn(), q.sqPsn(), q.pathMigState(), q.pid(), comm(q.pid()), false, q.dlid(), q.peer(),
                q.peerGuid(), q.peerPort(), q.counters());
    }

    /** @return a process's command, or empty when it has gone */
    static String comm(long pid) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(pid), "comm")).strip();
        } catch (IOException e) {
            return "";
        }
    }
}
