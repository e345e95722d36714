package org.infiniscope.diag.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.infiniscope.console.json.Json;
import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.SmInfo;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadRequest;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.wire.MadFormatException;
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
 * {@code sminfo}: an SMInfo Get to the subnet manager (the MasterSMLID of this port's PortInfo), or to a LID or
 * directed route, printed as infiniband-diags' sminfo prints it.
 */
@Component(service = ConsoleTool.class)
public final class SmInfoTool implements ConsoleTool {

    private final String defaultFabric;
    private final FabricChannels channels = new FabricChannels();

    @Activate
    public SmInfoTool(BundleContext context) {
        this.defaultFabric = context.getProperty(SmpQueryTool.FABRIC_PROPERTY);
    }

    /** For tests: a tool with this default fabric and no provider yet. */
    SmInfoTool(String defaultFabric) {
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
        return "sminfo";
    }

    @Override
    public String summary() {
        return "query the subnet manager's SMInfo (GUID, activity count, priority, state), as sminfo";
    }

    @Override
    public String usage() {
        return """
                usage: infiniscope sminfo [--fabric F] [-D] [-t TIMEOUT_MS] [--json] [SM_LID|SM_DR_PATH]
                  SM_LID        the LID to ask; default: the master SM's LID in this port's PortInfo
                  --fabric F    umad, umad:CA:PORT or ibsim:SOCKET[@NODE]; default: the launcher's --fabric
                  -D, --Direct  the destination is a directed route such as 0,1
                  -t, --timeout how long to wait for each of the 4 attempts, in ms (default 1000)
                  --json        the same fields as one JSON object""";
    }

    @Override
    public int run(ToolInvocation invocation) throws UsageException {
        String fabric = null;
        boolean directed = false;
        boolean json = false;
        Duration timeout = MadRequest.DEFAULT_TIMEOUT;
        List<String> positional = new ArrayList<>();
        List<String> args = invocation.args();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            switch (arg) {
                case "--fabric" -> fabric = SmpQueryArgs.value(args, ++i, arg);
                case "-D", "--Direct" -> directed = true;
                case "-t", "--timeout" -> timeout = SmpQueryArgs.timeout(SmpQueryArgs.value(args, ++i, arg));
                case "--json" -> json = true;
                default -> {
                    if (arg.startsWith("--fabric=")) {
                        fabric = arg.substring("--fabric=".length());
                    } else if (arg.startsWith("-") && arg.length() > 1) {
                        throw new UsageException("unknown option '" + arg + "'");
                    } else {
                        positional.add(arg);
                    }
                }
            }
        }
        if (positional.size() > 1) {
            throw new UsageException("unexpected argument '" + positional.get(1)
                    + "' (setting SMInfo with a modifier is not supported)");
        }
        Destination given = positional.isEmpty() ? null : RouteArgs.destination(positional.get(0), directed);
        boolean asJson = json;
        Duration wait = timeout;
        return ToolFabric.with(name(), fabric, defaultFabric, channels, invocation.err(), transport -> {
            invocation.out().print(query(transport, given, wait, asJson));
            return ExitStatus.OK;
        });
    }

    /** @return what sminfo prints */
    static String query(MadTransport transport, Destination given, Duration timeout, boolean json)
            throws QueryException {
        Destination to = given;
        if (to == null) {
            byte[] mine;
            try {
                // the port's own LID first, as a tool about to send LID-routed MADs reads it (sminfo reads the SM
                // LID of its umad port): an embedded simulated fabric of a one-shot runtime is brought up by it
                transport.localPort();
            } catch (java.io.IOException e) {
                throw new QueryException("can't resolve sm port: " + e.getMessage());
            }
            try {
                mine = new TransportGetter(transport, Destination.directed(List.of(0)), timeout)
                        .get(PortInfo.ATTRIBUTE_ID, 0);
            } catch (QueryException e) {
                throw new QueryException("can't resolve sm port: port info query failed: " + e.getMessage());
            }
            PortInfo local = decode(mine, PortInfo.CODEC, "can't resolve sm port: port info");
            if (local.masterSmLid() == 0) {
                throw new QueryException("can't resolve sm port: this port's PortInfo names no master SM (LID 0)");
            }
            to = Destination.lid(local.masterSmLid());
        }
        byte[] answer;
        try {
            answer = new TransportGetter(transport, to, timeout).get(SmInfo.ATTRIBUTE_ID, 0);
        } catch (QueryException e) {
            throw new QueryException("query: " + e.getMessage());
        }
        SmInfo info = decode(answer, SmInfo.CODEC, "query");
        String state = info.smState() <= SmInfo.MASTER ? info.stateName() : "???";
        if (json) {
            Map<String, Object> object = new LinkedHashMap<>();
            object.put("destination", to.describe());
            object.put("smLid", to.lid());
            object.put("smGuid", String.format("0x%016x", info.guid()));
            object.put("activityCount", Integer.toUnsignedLong(info.actCount()));
            object.put("priority", info.priority());
            object.put("state", info.smState());
            object.put("stateName", state);
            return Json.write(object) + "\n";
        }
        return "sminfo: sm lid " + to.lid() + " sm guid 0x" + Long.toHexString(info.guid()) + ", activity count "
                + Integer.toUnsignedString(info.actCount()) + " priority " + info.priority() + " state "
                + info.smState() + " " + state + "\n";
    }

    private static <T> T decode(byte[] mad, org.infiniscope.mad.wire.AttributeCodec<T> codec, String what)
            throws QueryException {
        try {
            return Smp.decodeAttribute(mad, codec);
        } catch (MadFormatException | IllegalArgumentException e) {
            throw new QueryException(what + ": malformed answer: " + e.getMessage());
        }
    }
}
