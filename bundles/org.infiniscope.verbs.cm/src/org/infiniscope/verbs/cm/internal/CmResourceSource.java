package org.infiniscope.verbs.cm.internal;

import java.util.List;
import java.util.Locale;

import org.infiniscope.cm.CmConnection;
import org.infiniscope.cm.CmConnections;
import org.infiniscope.cm.CmState;
import org.infiniscope.verbs.resource.CmIdResource;
import org.infiniscope.verbs.resource.QpResource;
import org.infiniscope.verbs.resource.ResourceSource;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * The communications of this runtime's CMs as a resource source named {@code cm}: the QP view and the {@code qp}
 * commands list them with the QPs they drive. It lives apart from both bundles because the CM uses verbs: the
 * resource view cannot know the CM, and the CM need not know the view. The state is the IB CM's
 * ({@code ESTABLISHED}, {@code REQ_SENT}…), the port space the one of the service ID.
 */
@Component(service = ResourceSource.class)
public final class CmResourceSource implements ResourceSource {

    private final CmConnections connections;

    @Activate
    public CmResourceSource(@Reference CmConnections connections) {
        this.connections = connections;
    }

    @Override
    public String name() {
        return "cm";
    }

    @Override
    public String unavailableReason() {
        return "";
    }

    /** The CM holds no QPs of its own: they are the verbs sources'. */
    @Override
    public List<QpResource> qps() {
        return List.of();
    }

    @Override
    public List<CmIdResource> cmIds() {
        return connections.connections().stream().map(CmResourceSource::describe).toList();
    }

    @Override
    public AutoCloseable addListener(Runnable changed) {
        return connections.addListener(c -> changed.run());
    }

    static CmIdResource describe(CmConnection c) {
        int space = (int) (c.serviceId() >>> 16);
        String ps = switch (space) {
            case 0x0106 -> "TCP";
            case 0x0111 -> "UDP";
            case 0x013F -> "IB";
            default -> String.format(Locale.ROOT, "sid 0x%x", c.serviceId());
        };
        boolean sidr = c.state() == CmState.SIDR_REQ_SENT || c.state() == CmState.SIDR_REQ_RCVD;
        String src = c.node()
                + (space == 0x0106 || space == 0x0111 || space == 0x013F ? ":" + (c.serviceId() & 0xFFFF) : "");
        String dst = c.peerLid() == 0
                ? ""
                : "lid " + c.peerLid() + (c.remoteQpn() == 0 ? "" : " qpn 0x" + Integer.toHexString(c.remoteQpn()));
        return new CmIdResource("cm", c.device(), c.port(), c.localCommId(), c.localQpn() == 0 ? -1 : c.localQpn(),
                c.localQpn() == 0 ? "" : sidr ? "UD" : "RC", c.state().name(), ps, ProcessHandle.current().pid(),
                "infiniscope", false, src, dst);
    }
}
