package org.infiniscope.sm.internal.sa;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

import org.infiniscope.mad.ClassPortInfo;
import org.infiniscope.mad.Gid;
import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.sa.InformInfo;
import org.infiniscope.mad.sa.InformInfoRecord;
import org.infiniscope.mad.sa.LFTRecord;
import org.infiniscope.mad.sa.LinkRecord;
import org.infiniscope.mad.sa.MCMemberRecord;
import org.infiniscope.mad.sa.NodeRecord;
import org.infiniscope.mad.sa.PathRecord;
import org.infiniscope.mad.sa.PortInfoRecord;
import org.infiniscope.mad.sa.SMInfoRecord;
import org.infiniscope.mad.sa.SaMad;
import org.infiniscope.mad.sa.SaStatus;
import org.infiniscope.mad.sa.SaTable;
import org.infiniscope.mad.sa.ServiceRecord;
import org.infiniscope.mad.sa.SwitchInfoRecord;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.Bits;
import org.infiniscope.mad.wire.MadFormatException;
import org.infiniscope.sm.subnet.Subnet.PortRef;

/**
 * Answers one SA request from a subnet view and the SA's state: dispatches on attribute and method, matches templates
 * by component mask, and turns every problem into the MAD status IBA 15.2.5 prescribes. Never throws for bad input.
 */
final class SaHandler {

    /** IBA 15.2.5: Get answers exactly one record. */
    private static final int GET_LIMIT = 2;
    /** ClassPortInfo CapabilityMask2 bit 3: SwitchInfoRecords carry MulticastFDBTop. */
    private static final int IS_MULTICAST_FDB_TOP_SUPPORTED = 1 << 3;
    /** The SA's response time: 4.096 µs × 2^18, about 1 s, as OpenSM announces. */
    private static final int RESP_TIME_VALUE = 18;

    private final SaState state;
    private final int maxRecords;

    SaHandler(SaState state, int maxRecords) {
        this.state = state;
        this.maxRecords = maxRecords;
    }

    /** @return the answer to a request against a subnet */
    byte[] answer(SaRequest r, SubnetView view) {
        try {
            return dispatch(r, view);
        } catch (SaError e) {
            return SaRequest.error(encodeRequest(r), SaMad.DATA_OFFSET + SaMad.DATA_LENGTH, e.madStatus());
        }
    }

    private static byte[] encodeRequest(SaRequest r) {
        return new SaMad(r.header(), r.sa(), Arrays.copyOf(r.data(), SaMad.DATA_LENGTH)).encode();
    }

    private byte[] dispatch(SaRequest r, SubnetView view) throws SaError {
        int method = r.header().method();
        if (method != Method.GET && method != Method.SET && method != Method.GET_TABLE
                && method != Method.GET_TRACE_TABLE && method != Method.GET_MULTI && method != Method.DELETE) {
            throw SaError.mad(MadStatus.UNSUPPORTED_METHOD, "the SA has no method " + Method.name(method));
        }
        return switch (r.header().attributeId()) {
            case ClassPortInfo.ATTRIBUTE_ID -> classPortInfo(r);
            case InformInfo.ATTRIBUTE_ID -> informInfo(r, view);
            case NodeRecord.ATTRIBUTE_ID -> table(r, NodeRecord.CODEC, FieldLayout.NODE, view.nodes(), x -> true);
            case PortInfoRecord.ATTRIBUTE_ID -> portInfoRecords(r, view);
            case SwitchInfoRecord.ATTRIBUTE_ID ->
                table(r, SwitchInfoRecord.CODEC, FieldLayout.SWITCH_INFO, view.switches(), x -> true);
            case LFTRecord.ATTRIBUTE_ID -> table(r, LFTRecord.CODEC, FieldLayout.LFT, view.lfts(), x -> true);
            case SMInfoRecord.ATTRIBUTE_ID -> table(r, SMInfoRecord.CODEC, FieldLayout.SM_INFO, view.sms(), x -> true);
            case LinkRecord.ATTRIBUTE_ID -> table(r, LinkRecord.CODEC, FieldLayout.LINK, view.links(), x -> true);
            case InformInfoRecord.ATTRIBUTE_ID -> table(r, InformInfoRecord.CODEC, FieldLayout.INFORM_INFO,
                    state.subscriptions().all().stream().map(Subscriptions.Subscription::record).toList(), x -> true);
            case ServiceRecord.ATTRIBUTE_ID -> serviceRecord(r, view);
            case PathRecord.ATTRIBUTE_ID -> pathRecord(r, view);
            case MCMemberRecord.ATTRIBUTE_ID -> mcMemberRecord(r, view);
            case MultiPathRecord.ATTRIBUTE_ID -> multiPath(r, view);
            default -> throw SaError.mad(MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE,
                    String.format("the SA has no attribute 0x%04x", r.header().attributeId()));
        };
    }

    private static void allow(SaRequest r, int... methods) throws SaError {
        for (int m : methods) {
            if (r.header().method() == m) {
                return;
            }
        }
        throw SaError.mad(MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE,
                Method.name(r.header().method()) + " of attribute 0x" + Integer.toHexString(r.header().attributeId()));
    }

    private byte[] classPortInfo(SaRequest r) throws SaError {
        allow(r, Method.GET);
        ClassPortInfo info = new ClassPortInfo(1, SaMad.CLASS_VERSION, ClassPortInfo.IS_TRAP_SUPPORTED,
                IS_MULTICAST_FDB_TOP_SUPPORTED, RESP_TIME_VALUE, ClassPortInfo.Address.NONE, ClassPortInfo.Address.NONE,
                0);
        byte[] data = new byte[SaMad.DATA_LENGTH];
        ClassPortInfo.CODEC.encode(info, data, 0);
        return r.answer(0, data);
    }

    /** Get and GetTable of a table of records: match every record against the template. */
    private <T> byte[] table(SaRequest r, AttributeCodec<T> codec, FieldLayout layout, List<T> all, Predicate<T> extra)
            throws SaError {
        allow(r, Method.GET, Method.GET_TABLE);
        long mask = r.mask();
        layout.check(mask);
        return respond(r, codec, matching(r.template(codec.length()), mask, codec, layout, all, extra));
    }

    private <T> List<T> matching(byte[] template, long mask, AttributeCodec<T> codec, FieldLayout layout, List<T> all,
            Predicate<T> extra) {
        List<T> found = new ArrayList<>();
        byte[] scratch = new byte[codec.length()];
        for (T record : all) {
            Arrays.fill(scratch, (byte) 0);
            codec.encode(record, scratch, 0);
            if (layout.matches(mask, template, 0, scratch, 0) && extra.test(record)) {
                found.add(record);
                if (found.size() >= maxRecords) {
                    break;
                }
            }
        }
        return found;
    }

    /** Get answers the one record; GetTable (and GetMulti) the table through RMPP. */
    private <T> byte[] respond(SaRequest r, AttributeCodec<T> codec, List<T> records) throws SaError {
        if (r.header().method() == Method.GET) {
            if (records.isEmpty()) {
                throw SaError.sa(SaStatus.ERR_NO_RECORDS, "no record matches");
            }
            if (records.size() > 1) {
                throw SaError.sa(SaStatus.ERR_TOO_MANY_RECORDS, records.size() + " records match a Get");
            }
        }
        if (r.header().method() == Method.GET_TABLE || r.header().method() == Method.GET_MULTI) {
            // a GetMultiResp carries PathRecords, under their attribute ID
            MadHeader h = r.tableHeader();
            MadHeader header = new MadHeader(h.baseVersion(), h.mgmtClass(), h.classVersion(), h.method(), h.status(),
                    h.classSpecific(), h.transactionId(), codec.attributeId(), h.attributeModifier());
            return SaTable.encode(header, r.tableSaHeader(), codec, records);
        }
        byte[] data = new byte[SaMad.DATA_LENGTH];
        codec.encode(records.get(0), data, 0);
        return r.answer(0, data);
    }

    /**
     * PortInfoRecords; with the modifier's top bit, as OpenSM and saquery {@code -s} use it, CapabilityMask matches a
     * port with any of the template's bits rather than equal bits.
     */
    private byte[] portInfoRecords(SaRequest r, SubnetView view) throws SaError {
        allow(r, Method.GET, Method.GET_TABLE);
        long mask = r.mask();
        FieldLayout.PORT_INFO.check(mask);
        byte[] template = r.template(PortInfoRecord.LENGTH);
        Predicate<PortInfoRecord> extra = x -> true;
        if ((r.header().attributeModifier() & 0x8000_0000) != 0
                && (mask & PortInfoRecord.Components.CAPABILITY_MASK) != 0) {
            int wanted = Bits.u32(template, 4 + 20);
            mask &= ~PortInfoRecord.Components.CAPABILITY_MASK;
            extra = x -> (x.portInfo().capabilityMask() & wanted) != 0;
        }
        return respond(r, PortInfoRecord.CODEC,
                matching(template, mask, PortInfoRecord.CODEC, FieldLayout.PORT_INFO, view.ports(), extra));
    }

    private byte[] pathRecord(SaRequest r, SubnetView view) throws SaError {
        allow(r, Method.GET, Method.GET_TABLE);
        PathRecord q = decode(PathRecord.CODEC, r);
        List<PathRecord> paths = state.paths(view).find(q, r.mask(),
                r.header().method() == Method.GET ? GET_LIMIT : maxRecords);
        return respond(r, PathRecord.CODEC, paths);
    }

    private byte[] multiPath(SaRequest r, SubnetView view) throws SaError {
        allow(r, Method.GET_MULTI);
        MultiPathRecord q = MultiPathRecord.decode(r.data(), r.mask());
        int perPair = MultiPathRecord.hasNumbPath(r.mask()) ? Math.max(1, q.numbPath()) : 1;
        List<PathRecord> paths = new ArrayList<>();
        PathFinder finder = state.paths(view);
        for (Gid s : q.sgids()) {
            for (Gid d : q.dgids()) {
                PathRecord template = new PathRecord(0, d, s, 0, 0, false, 0, 0, 0, q.reversible(), 0, q.pKey(), 0,
                        q.sl(), q.mtuSelector(), q.mtu(), q.rateSelector(), q.rate(), q.packetLifeTimeSelector(),
                        q.packetLifeTime(), 0);
                long mask = PathRecord.Components.SGID | PathRecord.Components.DGID | q.pathComponents(r.mask());
                paths.addAll(finder.find(template, mask, perPair));
                if (paths.size() >= maxRecords) {
                    return respond(r, PathRecord.CODEC, paths.subList(0, maxRecords));
                }
            }
        }
        return respond(r, PathRecord.CODEC, paths);
    }

    private byte[] mcMemberRecord(SaRequest r, SubnetView view) throws SaError {
        int method = r.header().method();
        if (method == Method.GET || method == Method.GET_TABLE) {
            return table(r, MCMemberRecord.CODEC, FieldLayout.MC_MEMBER, state.groups().records(), x -> true);
        }
        allow(r, Method.SET, Method.DELETE);
        MCMemberRecord q = decode(MCMemberRecord.CODEC, r);
        PortRef requester = view.subnet().byLid(r.source().lid()).orElse(null);
        List<MulticastGroups.Change> changes = new ArrayList<>();
        MCMemberRecord answer = method == Method.SET
                ? state.groups().join(q, r.mask(), requester, view, changes)
                : state.groups().leave(q, r.mask(), requester, view, changes);
        state.program(changes);
        byte[] data = new byte[SaMad.DATA_LENGTH];
        MCMemberRecord.CODEC.encode(answer, data, 0);
        return r.answer(0, data);
    }

    private byte[] serviceRecord(SaRequest r, SubnetView view) throws SaError {
        int method = r.header().method();
        byte[] template = r.template(ServiceRecord.LENGTH);
        ServiceRegistry services = state.services();
        if (method == Method.SET) {
            ServiceRecord stored = services.register(ServiceRegistry.decode(template), r.mask(), view);
            byte[] data = new byte[SaMad.DATA_LENGTH];
            ServiceRecord.CODEC.encode(stored, data, 0);
            return r.answer(0, data);
        }
        if (method == Method.DELETE) {
            List<ServiceRecord> gone = services.delete(template, r.mask());
            if (gone.isEmpty()) {
                throw SaError.sa(SaStatus.ERR_NO_RECORDS, "no service matches the delete");
            }
            byte[] data = new byte[SaMad.DATA_LENGTH];
            ServiceRecord.CODEC.encode(gone.get(0), data, 0);
            return r.answer(0, data);
        }
        allow(r, Method.GET, Method.GET_TABLE);
        return respond(r, ServiceRecord.CODEC, services.find(template, r.mask()));
    }

    private byte[] informInfo(SaRequest r, SubnetView view) throws SaError {
        allow(r, Method.SET);
        InformInfo q = decode(InformInfo.CODEC, r);
        PortRef requester = view.subnet().byLid(r.source().lid()).orElseThrow(
                () -> SaError.sa(SaStatus.ERR_REQ_INVALID, "the subscriber's LID " + r.source().lid() + " is unknown"));
        InformInfo answer = state.subscriptions().set(q, view.gid(requester.port().guid()),
                ReportSender.addressOf(r.source(), q), view);
        byte[] data = new byte[SaMad.DATA_LENGTH];
        InformInfo.CODEC.encode(answer, data, 0);
        return r.answer(0, data);
    }

    private static <T> T decode(AttributeCodec<T> codec, SaRequest r) throws SaError {
        try {
            return codec.decode(r.template(codec.length()), 0);
        } catch (MadFormatException | RuntimeException e) {
            throw SaError.sa(SaStatus.ERR_REQ_INVALID, "malformed " + codec + ": " + e.getMessage());
        }
    }
}
