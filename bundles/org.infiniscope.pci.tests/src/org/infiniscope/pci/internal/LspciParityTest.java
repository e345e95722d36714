package org.infiniscope.pci.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.pci.PciBus;
import org.junit.jupiter.api.Test;

/** {@code ./infiniscope lspci} prints what pciutils' {@code lspci -nn} prints on this machine, line for line. */
class LspciParityTest {

    private static List<String> ours(PciBus bus, String... args) throws Exception {
        LspciTool tool = new LspciTool((String) null);
        tool.provide(bus, 0, 1);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = tool.run(new ToolInvocation(List.of(args), new PrintWriter(out), new PrintWriter(err)));
        assertEquals(ExitStatus.OK, status, err.toString());
        String text = out.toString();
        List<String> lines = List.of(text.split("\n", -1));
        return lines.subList(0, lines.size() - 1); // what follows the last line end
    }

    @Test
    void libpciListsWhatLspciLists() throws Exception {
        HostLspci.require();
        HostLspci.requireBus();
        List<String> theirs = HostLspci.run("-nn");
        assertFalse(theirs.isEmpty(), "lspci -nn printed nothing");
        assertEquals(theirs, ours(HostBuses.open("libpci"), "-nn"));
    }

    @Test
    void sysfsFallbackListsWhatLspciLists() throws Exception {
        HostLspci.require();
        HostLspci.requireBus();
        assertEquals(HostLspci.run("-nn"), ours(HostBuses.open("sysfs"), "-nn"));
    }

    @Test
    void numericListingAgreesWithLspciN() throws Exception {
        HostLspci.require();
        HostLspci.requireBus();
        assertEquals(HostLspci.run("-n"), ours(HostBuses.open("sysfs"), "-n"));
        assertEquals(HostLspci.run("-n"), ours(HostBuses.open("libpci"), "-n"));
    }

    @Test
    void hexDumpAgreesWithLspciXxx() throws Exception {
        HostLspci.require();
        HostLspci.requireBus();
        assertEquals(HostLspci.run("-nn", "-xxx"), ours(HostBuses.open("libpci"), "-nn", "-xxx"));
    }
}
