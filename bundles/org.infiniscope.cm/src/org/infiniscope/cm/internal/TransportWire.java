package org.infiniscope.cm.internal;

import java.io.IOException;
import java.time.Duration;
import java.util.Set;
import java.util.function.BooleanSupplier;

import org.infiniscope.mad.ClassPortInfo;
import org.infiniscope.mad.Gid;
import org.infiniscope.mad.Mad;
import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.cm.CmMad;
import org.infiniscope.mad.transport.AgentRegistration;
import org.infiniscope.mad.transport.AgentSpec;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadRequest;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;

/**
 * CM MADs over a {@link MadTransport}: sent as Send MADs to QP1 of the peer (the transport does not wait for an
 * answer; the CM retransmits itself), received through an agent registered for the CM class's Send method, as the
 * kernel's CM registers its GSI agent.
 */
public final class TransportWire implements CmWire {

    /** The link-local subnet prefix of a port GID when the SM set no other. */
    public static final long DEFAULT_PREFIX = 0xFE80_0000_0000_0000L;

    private final MadTransport transport;
    private final long caGuid;
    private final BooleanSupplier drop;
    private AgentRegistration registration;

    /**
     * @param drop asked before each send: {@code true} loses the MAD (a lossy wire for tests), null for none
     */
    public TransportWire(MadTransport transport, long caGuid, BooleanSupplier drop) {
        this.transport = transport;
        this.caGuid = caGuid;
        this.drop = drop;
    }

    /**
     * Registers the CM agent: CM messages that arrive go to {@code cm}; a Get(ClassPortInfo) is answered here (the
     * CM class, version 2, no traps or notices, the CM's response time), a Get of another attribute with status
     * "unsupported method/attribute".
     */
    public void start(ConnectionManager cm) throws IOException {
        registration = transport.register(
                new AgentSpec(MgmtClass.COMM_MGT, CmMad.CLASS_VERSION, Set.of(Method.SEND, Method.GET), false),
                (in, responder) -> {
                    if ((in.mad()[3] & 0xFF) == Method.GET) {
                        try {
                            responder.respond(answerGet(in.mad(), cm.options.responseTimeout()));
                        } catch (IOException | MadFormatException e) {
                            // a Get that cannot be answered is one the requester times out on
                        }
                    } else {
                        cm.received(in.mad(), in.source().lid());
                    }
                });
    }

    /** @return the GetResp to a Get of the CM class */
    static byte[] answerGet(byte[] get, int respTimeValue) throws MadFormatException {
        Bits.require(get, 0, Mad.SIZE, "CM Get");
        MadHeader h = MadHeader.decode(get, 0);
        boolean info = h.attributeId() == ClassPortInfo.ATTRIBUTE_ID;
        byte[] answer = new byte[Mad.SIZE];
        new MadHeader(h.baseVersion(), h.mgmtClass(), h.classVersion(), Method.GET_RESP,
                info ? MadStatus.OK : MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE, 0, h.transactionId(), h.attributeId(),
                h.attributeModifier()).encode(answer, 0);
        if (info) {
            ClassPortInfo.CODEC.encode(new ClassPortInfo(MadHeader.BASE_VERSION, CmMad.CLASS_VERSION, 0, 0,
                    respTimeValue, ClassPortInfo.Address.NONE, ClassPortInfo.Address.NONE, 0), answer,
                    CmMad.DATA_OFFSET);
        }
        return answer;
    }

    /** @return the transport it sends through */
    public MadTransport transport() {
        return transport;
    }

    @Override
    public void send(byte[] mad, int dlid) throws IOException {
        if (drop != null && drop.getAsBoolean()) {
            return;
        }
        transport.send(new MadRequest(mad, MadAddress.gsi(dlid), Duration.ofSeconds(1), 0));
    }

    @Override
    public int lid() throws IOException {
        return transport.localPort().lid();
    }

    @Override
    public Gid gid() throws IOException {
        return new Gid(DEFAULT_PREFIX, transport.localPort().portGuid());
    }

    @Override
    public long caGuid() {
        return caGuid;
    }

    @Override
    public void close() {
        if (registration != null) {
            registration.close();
        }
        transport.close();
    }
}
