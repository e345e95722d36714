package org.infiniscope.verbs.internal;

import java.io.PrintWriter;
import java.util.List;

import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.verbs.Device;
import org.infiniscope.verbs.Verbs;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * {@code ibv_devices}: the verbs device list, as libibverbs' {@code ibv_devices} prints it (name and node GUID),
 * with the provider of each; an empty list says why on standard error.
 */
@Component(service = ConsoleTool.class)
public final class IbvDevicesTool implements ConsoleTool {

    private final Verbs verbs;

    @Activate
    public IbvDevicesTool(@Reference Verbs verbs) {
        this.verbs = verbs;
    }

    @Override
    public String name() {
        return "ibv_devices";
    }

    @Override
    public String summary() {
        return "list the RDMA devices of every verbs provider (simulated HCAs, libibverbs)";
    }

    @Override
    public String usage() {
        return """
                usage: infiniscope ibv_devices [--fabric F]
                Prints each device's name and node GUID as ibv_devices does, with its provider.
                Exit status 1 when there is no device (the reason goes to standard error).""";
    }

    @Override
    public int run(ToolInvocation invocation) throws UsageException {
        if (!invocation.args().isEmpty()) {
            throw new UsageException("unknown argument '" + invocation.args().get(0) + "'");
        }
        PrintWriter out = invocation.out();
        List<Device> devices = verbs.devices();
        if (devices.isEmpty()) {
            invocation.err().println("infiniscope ibv_devices: no RDMA devices: " + verbs.emptyReason());
            invocation.err().flush();
            return ExitStatus.FAILURE;
        }
        out.printf("    %-16s\t%16s\t%s%n", "device", "node GUID", "provider");
        out.printf("    %-16s\t%16s\t%s%n", "------", "----------------", "--------");
        for (Device d : devices) {
            out.printf("    %-16s\t%016x\t%s%n", d.name(), d.nodeGuid(), d.provider());
        }
        out.flush();
        return ExitStatus.OK;
    }
}
