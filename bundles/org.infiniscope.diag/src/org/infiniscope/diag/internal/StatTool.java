package org.infiniscope.diag.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.infiniscope.console.json.Json;
import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadRequest;
import org.infiniscope.mad.umad.UmadCa;
import org.infiniscope.mad.umad.UmadDevices;
import org.infiniscope.mad.umad.UmadException;
import org.infiniscope.mad.umad.UmadPort;
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
 * {@code stat}: the local channel adapters and their ports, as infiniband-diags' ibstat prints them. On {@code umad}
 * and {@code ibsim:} fabrics libibumad describes them (from sysfs, or from umad2sim's fake of it); on the embedded
 * simulator the attach point's NodeInfo and PortInfo do, presented as umad2sim presents an ibsim client's CA.
 */
@Component(service = ConsoleTool.class)
public final class StatTool implements ConsoleTool {

    private final String defaultFabric;
    private final FabricChannels channels = new FabricChannels();

    @Activate
    public StatTool(BundleContext context) {
        this.defaultFabric = context.getProperty(SmpQueryTool.FABRIC_PROPERTY);
    }

    /** For tests: a tool with this default fabric and no provider yet. */
    StatTool(String defaultFabric) {
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
        return "stat";
    }

    @Override
    public String summary() {
        return "show the local channel adapters and their ports (state, rate, LIDs, GUIDs), as ibstat";
    }

    @Override
    public String usage() {
        return """
                usage: infiniscope stat [--fabric F] [-l | -s | -p] [--json] [CA_NAME [PORTNUM]]
                  CA_NAME [PORTNUM]    that CA only (that port only)
                  -l, --list_of_cas    the CAs' names
                  -s, --short          the CAs without their ports
                  -p, --port_list      the port GUIDs
                  --fabric F           umad, umad:CA:PORT, ibsim:SOCKET[@NODE] or sim[...]; default: the launcher's
                  --json               the CAs and ports as JSON""";
    }

    /** The parsed command line. */
    private record Args(String fabric, boolean list, boolean noPorts, boolean portGuids, boolean json, String ca,
            int port) {
    }

    @Override
    public int run(ToolInvocation invocation) throws UsageException {
        Args args = parse(invocation.args());
        String fabric = args.fabric() != null ? args.fabric() : defaultFabric;
        if (fabric != null && (fabric.equals("umad") || fabric.startsWith("umad:") || fabric.equals("ibsim")
                || fabric.startsWith("ibsim:"))) {
            List<UmadCa> cas;
            try {
                cas = UmadDevices.forFabric(fabric);
            } catch (UmadException e) {
                invocation.err().println("infiniscope stat: " + e.getMessage());
                return ExitStatus.FAILURE;
            }
            return print(invocation, args, cas);
        }
        return ToolFabric.with(name(), fabric, null, channels, invocation.err(),
                transport -> print(invocation, args, List.of(SimCa.read(transport, MadRequest.DEFAULT_TIMEOUT))));
    }

    private static Args parse(List<String> args) throws UsageException {
        String fabric = null;
        boolean list = false;
        boolean noPorts = false;
        boolean portGuids = false;
        boolean json = false;
        List<String> positional = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            switch (arg) {
                case "--fabric" -> fabric = SmpQueryArgs.value(args, ++i, arg);
                case "-l", "--list_of_cas" -> list = true;
                case "-s", "--short" -> noPorts = true;
                case "-p", "--port_list" -> portGuids = true;
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
        if (positional.size() > 2) {
            throw new UsageException("unexpected argument '" + positional.get(2) + "'");
        }
        int port = positional.size() > 1 ? SmpQueryArgs.number(positional.get(1), "PORTNUM", 0, 255) : -1;
        return new Args(fabric, list, noPorts, portGuids, json, positional.isEmpty() ? null : positional.get(0), port);
    }

    /** Prints as ibstat does; returns the exit status. */
    private static int print(ToolInvocation invocation, Args args, List<UmadCa> all) {
        List<UmadCa> cas = all;
        if (args.ca() != null) {
            cas = all.stream().filter(ca -> ca.name().equals(args.ca())).toList();
            if (cas.isEmpty()) {
                invocation.err()
                        .println("infiniscope stat: '" + args.ca() + "' IB device can't be found"
                                + (all.isEmpty()
                                        ? " (there is none)"
                                        : "; CAs: " + String.join(", ", all.stream().map(UmadCa::name).toList())));
                return ExitStatus.FAILURE;
            }
        }
        StringBuilder out = new StringBuilder();
        List<Object> json = new ArrayList<>();
        for (UmadCa ca : cas) {
            if (args.portGuids()) {
                out.append(StatFormat.portGuids(ca));
                json.add(StatFormat.json(ca, ca.ports()));
            } else if (args.list()) {
                out.append(ca.name()).append('\n');
                json.add(ca.name());
            } else if (!args.noPorts() && args.port() >= 0) {
                UmadPort port = ca.ports().stream().filter(p -> p.portNumber() == args.port()).findFirst().orElse(null);
                if (port == null || args.port() > ca.numPorts()) {
                    invocation.err().println("infiniscope stat: " + StatFormat.nodeType(ca.nodeType()) + ": '"
                            + ca.name() + "' has no port number " + args.port() + " - max (" + ca.numPorts() + ")");
                    return ExitStatus.FAILURE;
                }
                out.append(StatFormat.alonePort(ca, port));
                json.add(StatFormat.json(ca, List.of(port)));
            } else {
                out.append(StatFormat.ca(ca, args.noPorts()));
                json.add(StatFormat.json(ca, args.noPorts() ? List.of() : ca.ports()));
            }
        }
        if (args.json()) {
            Map<String, Object> object = new LinkedHashMap<>();
            object.put(args.list() && !args.portGuids() ? "names" : "cas", json);
            invocation.out().print(Json.write(object) + "\n");
        } else {
            invocation.out().print(out);
        }
        return ExitStatus.OK;
    }
}
