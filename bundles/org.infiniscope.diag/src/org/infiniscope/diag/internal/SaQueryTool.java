package org.infiniscope.diag.internal;

import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.mad.transport.ChannelProvider;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * {@code saquery}: SA records (NodeRecord, PortInfoRecord, LinkRecord, PathRecord, MCMemberRecord, ServiceRecord,
 * SwitchInfoRecord, SMInfoRecord) from the SA of this port's subnet manager, printed as infiniband-diags' saquery
 * prints them. The tables come whole, through RMPP, however many MADs they take.
 */
@Component(service = ConsoleTool.class)
public final class SaQueryTool implements ConsoleTool {

    private final String defaultFabric;
    private final FabricChannels channels = new FabricChannels();

    @Activate
    public SaQueryTool(BundleContext context) {
        this.defaultFabric = context.getProperty(SmpQueryTool.FABRIC_PROPERTY);
    }

    /** For tests: a tool with this default fabric and no provider yet. */
    SaQueryTool(String defaultFabric) {
        this.defaultFabric = defaultFabric;
    }

    @Reference(service = ChannelProvider.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addProvider(ServiceReference<ChannelProvider> reference, ChannelProvider provider) {
        channels.add(provider, reference.getProperty(Constants.SERVICE_RANKING) instanceof Integer i ? i : 0,
                (Long) reference.getProperty(Constants.SERVICE_ID));
    }

    void removeProvider(ServiceReference<ChannelProvider> reference) {
        channels.remove((Long) reference.getProperty(Constants.SERVICE_ID));
    }

    /** For tests: a provider with ranking 0. */
    void provide(ChannelProvider provider, long serviceId) {
        channels.add(provider, 0, serviceId);
    }

    @Override
    public String name() {
        return "saquery";
    }

    @Override
    public String summary() {
        return "query the subnet administrator's records (NR, PIR, LR, PR, MCMR, SR, SWIR, SMIR, CPI, ...), as saquery";
    }

    @Override
    public String usage() {
        return """
                usage: infiniscope saquery [--fabric F] [-t TIMEOUT_MS] [--json] [OPTIONS] [TYPE] [ARG ...]
                  TYPE (name or alias, any case; default NR):
                    NodeRecord (NR) [LID|NAME|GUID]        PortInfoRecord (PIR) [[LID]/[PORT]/[OPTIONS]]
                    LinkRecord (LR) [[FROM_LID]/[FROM_PORT]] [[TO_LID]/[TO_PORT]]
                    PathRecord (PR) [SLID DLID]            MCMemberRecord (MCMR)    ServiceRecord (SR)
                    SwitchInfoRecord (SWIR) [LID]          SMInfoRecord (SMIR) [LID]
                    ClassPortInfo (CPI)                    InformInfoRecord (IIR) [SUBSCRIBER_GID]
                    SL2VLTableRecord (SL2VL) [[LID]/[IN_PORT]/[OUT_PORT]]
                    PKeyTableRecord (PKTR) [[LID]/[PORT]/[BLOCK]]
                    VLArbitrationTableRecord (VLAR) [[LID]/[PORT]/[BLOCK]]
                    LFTRecord (LFTR) [[LID]/[BLOCK]]       GUIDInfoRecord (GIR) [[LID]/[BLOCK]]
                    MFTRecord (MFTR) [[MLID]/[POSITION]/[BLOCK]]
                  A LID may be given as a node description, or (beyond saquery) as a port GUID 0x...; a first
                  word that names no record type is a NodeRecord argument, as for saquery.
                  -p, -x, -S, -I        PathRecords, LinkRecords, ServiceRecords, InformInfoRecords
                  -c                    the SA's ClassPortInfo
                  -N [NAME]             NodeRecords (of NAME)        -D, --list  the CAs' LIDs and descriptions
                  -L NAME, -l NAME      the LIDs, the first LID of NAME       -G NAME  the port GUIDs of NAME
                  -O LID, -U GUID       the description of a LID, of a port GUID
                  -s                    the ports with IsSM, then with IsSMdisabled
                  -g, -m [MLID]         the multicast groups; their members (of group MLID)
                  --src-to-dst SRC:DST  the PathRecords from SRC to DST (names or LIDs); also PR SLID DLID
                                        (an addition: Debian's saquery ignores words after PR)
                  --sgid-to-dgid SGID-DGID  the PathRecords between two GIDs (IPv6 form)
                  --slid LID, --dlid LID, --sgid GID, --dgid GID, -n NUMB_PATH   PathRecord components
                  --mgid GID, --gid GID, --mlid MLID   MCMemberRecord components (MGID, PortGID, MLID)
                  --smkey KEY           the SM_Key of the queries (default 0, untrusted: OpenSM then refuses
                                        PKeyTableRecords)
                  --node-name-map FILE  names for nodes: lines of GUID "name", as the diags read them
                                        (default: /etc/rdma/ib-node-name-map when it exists)
                  --fabric F            umad, umad:CA:PORT or ibsim:SOCKET[@NODE]; default: the launcher's --fabric
                  -t, --timeout         how long to wait for each of the 4 attempts, in ms (default 1000)
                  --json                the records as JSON""";
    }

    @Override
    public int run(ToolInvocation invocation) throws UsageException {
        SaQueryArgs args = SaQueryArgs.parse(invocation.args());
        return ToolFabric.with(name(), args.fabric(), defaultFabric, channels, invocation.err(), transport -> {
            NodeNames names = NodeNames.forTool(args.nodeNameMap());
            invocation.out().print(SaQuery.run(SaClient.of(transport, args.timeout(), args.smKey()), args, names));
            return ExitStatus.OK;
        });
    }
}
