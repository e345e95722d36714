package org.infiniscope.sm.internal;

import java.io.IOException;
import java.util.Set;

import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.smp.Notice;
import org.infiniscope.mad.smp.SmInfo;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.transport.AgentRegistration;
import org.infiniscope.mad.transport.AgentSpec;
import org.infiniscope.mad.transport.IncomingMad;
import org.infiniscope.mad.transport.MadAgent;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The SM's own agent on its port (registering makes the port an SM port, CapabilityMask.IsSM): answers SMInfo Get
 * and Set from the other SMs (IBA 14.4), and takes the traps the SMAs send to their master SM, answering each with a
 * TrapRepress (IBA 14.2.5.1).
 */
final class SmAgent implements MadAgent {

    private static final Logger LOG = LoggerFactory.getLogger(SmAgent.class);

    /** SMInfo Set attribute modifiers (IBA 14.4.1.2). */
    static final int HANDOVER = 1, ACKNOWLEDGE = 2, DISABLE = 3, STANDBY = 4, DISCOVER = 5;

    /** What the agent asks of its SM. */
    interface Sm {
        /** @return this SM's SMInfo now, its SM_Key as configured */
        SmInfo smInfo();

        /** Another SM sent an SMInfo Set control (handover, disable...). */
        void control(int modifier, SmInfo from);

        /** A trap arrived. */
        void trap(Notice notice);
    }

    private final Sm sm;

    SmAgent(Sm sm) {
        this.sm = sm;
    }

    /** Registers for the SM classes: SMInfo Get and Set, traps. */
    AgentRegistration[] register(MadTransport transport) throws IOException {
        Set<Integer> methods = Set.of(Method.GET, Method.SET, Method.TRAP, Method.TRAP_REPRESS);
        AgentRegistration dr = transport.register(new AgentSpec(MgmtClass.SUBN_DIRECTED_ROUTE, 1, methods, false),
                this);
        try {
            return new AgentRegistration[]{dr,
                    transport.register(new AgentSpec(MgmtClass.SUBN_LID_ROUTED, 1, methods, false), this)};
        } catch (IOException | RuntimeException e) {
            dr.close();
            throw e;
        }
    }

    @Override
    public void handle(IncomingMad in, Responder responder) {
        byte[] mad = in.mad();
        try {
            Smp smp = Smp.decode(mad);
            int method = smp.header().method();
            int attribute = smp.header().attributeId();
            if (method == Method.TRAP && attribute == Notice.ATTRIBUTE_ID) {
                trap(mad, smp, responder);
            } else if ((method == Method.GET || method == Method.SET) && attribute == SmInfo.ATTRIBUTE_ID) {
                smInfo(smp, method == Method.SET, responder);
            } else if (method == Method.GET || method == Method.SET) {
                responder.respond(smp.response(MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE, new byte[0]).encode());
            }
        } catch (MadFormatException e) {
            LOG.debug("malformed SMP from {}: {}", in.source(), e.getMessage());
        } catch (IOException e) {
            LOG.debug("cannot answer {}: {}", in.source(), e.getMessage());
        }
    }

    private void trap(byte[] mad, Smp smp, Responder responder) throws IOException, MadFormatException {
        Notice notice = smp.attribute(Notice.CODEC);
        // the TrapRepress is the trap sent back with its TID: the SMA stops re-sending it (IBA 14.2.5.1)
        byte[] repress = mad.clone();
        Bits.put8(repress, 3, Method.TRAP_REPRESS);
        Bits.put16(repress, 4, 0);
        responder.respond(repress);
        sm.trap(notice);
    }

    private void smInfo(Smp smp, boolean set, Responder responder) throws IOException, MadFormatException {
        SmInfo mine = sm.smInfo();
        SmInfo theirs = smp.attribute(SmInfo.CODEC);
        boolean keyed = mine.smKey() == 0 || theirs.smKey() == mine.smKey();
        if (set) {
            if (!keyed) {
                // IBA 14.4.1.2: a control with the wrong SM_Key is not obeyed
                LOG.info("SMInfo Set from SM 0x{} with a wrong SM_Key ignored", Long.toHexString(theirs.guid()));
            } else {
                sm.control(smp.header().attributeModifier(), theirs);
                mine = sm.smInfo();
            }
        }
        // the SM_Key is given only to an SM that knows it (IBA 14.4.1.1)
        SmInfo answer = new SmInfo(mine.guid(), keyed ? mine.smKey() : 0, mine.actCount(), mine.priority(),
                mine.smState());
        byte[] data = new byte[Smp.DATA_LENGTH];
        SmInfo.CODEC.encode(answer, data, 0);
        responder.respond(smp.response(MadStatus.OK, data).encode());
    }
}
