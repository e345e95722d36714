package org.infiniscope.verbs.internal.resource;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;

import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.verbs.resource.ResourceSource;
import org.infiniscope.verbs.resource.ResourceText;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * {@code rdma resource show qp|cm_id}: the host's queue pairs and CM IDs from the kernel's resource tracking through
 * RDMA netlink, printed line for line as iproute2's {@code rdma} tool prints them; {@code --sim} lists this runtime's
 * simulated HCAs the same way.
 */
@Component(service = ConsoleTool.class)
public final class RdmaTool implements ConsoleTool {

    private final Sources sources = new Sources();

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addSource(ResourceSource source) {
        sources.add(source);
    }

    void removeSource(ResourceSource source) {
        sources.remove(source);
    }

    @Override
    public String name() {
        return "rdma";
    }

    @Override
    public String summary() {
        return "iproute2's 'rdma resource show qp|cm_id': the host's QPs and CM IDs through RDMA netlink";
    }

    @Override
    public String usage() {
        return """
                usage: infiniscope rdma [-j] resource show qp|cm_id [link DEV[/PORT]] [--sim]
                  qp      every queue pair the kernel tracks (RDMA_NLDEV_CMD_RES_QP_GET)
                  cm_id   every rdma_cm ID (RDMA_NLDEV_CMD_RES_CM_ID_GET)
                  link    only those of a device, or of one of its ports
                  --sim   the simulated HCAs of this runtime instead of the kernel's
                  -j      JSON, as iproute2's 'rdma -j' writes it
                Exit status 1, with the reason, where the kernel has no RDMA netlink or no RDMA device.""";
    }

    @Override
    public int run(ToolInvocation invocation) throws UsageException {
        List<String> args = invocation.args();
        boolean sim = args.contains("--sim");
        boolean json = args.contains("-j") || args.contains("--json");
        List<String> words = args.stream().filter(a -> !a.equals("--sim") && !a.equals("-j") && !a.equals("--json"))
                .toList();
        if (words.size() < 3 || !words.get(0).equals("resource") && !words.get(0).equals("res")
                || !words.get(1).equals("show")) {
            throw new UsageException("only 'rdma resource show qp|cm_id' is here");
        }
        String what = words.get(2);
        if (!what.equals("qp") && !what.equals("cm_id")) {
            throw new UsageException("unknown resource '" + what + "': qp or cm_id");
        }
        String link = null;
        if (words.size() > 3) {
            if (!words.get(3).equals("link") || words.size() != 5) {
                throw new UsageException("unknown argument '" + words.get(3) + "'");
            }
            link = words.get(4);
        }
        PrintWriter out = invocation.out();
        PrintWriter err = invocation.err();
        List<ResourceSource> from = sources.select(!sim);
        String why = Sources.unavailable(from, !sim);
        if (!why.isEmpty()) {
            err.println("infiniscope rdma: " + why);
            err.flush();
            return ExitStatus.FAILURE;
        }
        String l = link;
        try {
            if (what.equals("qp")) {
                var qps = Sources.qps(from).stream().filter(q -> matches(l, q.device(), q.port())).toList();
                if (json) {
                    out.println(ResourceJson.array(qps.stream().map(ResourceJson::rdmaQp).toList()));
                } else {
                    qps.forEach(q -> out.println(ResourceText.rdmaQpLine(q)));
                }
            } else {
                var ids = Sources.cmIds(from).stream().filter(c -> matches(l, c.device(), c.port())).toList();
                if (json) {
                    out.println(ResourceJson.array(ids.stream().map(ResourceJson::rdmaCmId).toList()));
                } else {
                    ids.forEach(c -> out.println(ResourceText.rdmaCmIdLine(c)));
                }
            }
        } catch (IOException e) {
            err.println("infiniscope rdma: " + e.getMessage());
            err.flush();
            return ExitStatus.FAILURE;
        }
        out.flush();
        return ExitStatus.OK;
    }

    private static boolean matches(String link, String device, int port) {
        if (link == null) {
            return true;
        }
        int slash = link.indexOf('/');
        return slash < 0
                ? link.equals(device)
                : link.substring(0, slash).equals(device) && link.substring(slash + 1).equals(Integer.toString(port));
    }
}
