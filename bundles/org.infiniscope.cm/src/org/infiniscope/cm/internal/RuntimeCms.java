package org.infiniscope.cm.internal;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.infiniscope.cm.CmException;
import org.infiniscope.cm.CmOptions;
import org.infiniscope.cm.HostCms;
import org.infiniscope.cm.RdmaCm;
import org.infiniscope.cm.sim.SimCm;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadChannel;
import org.infiniscope.sim.SimChannel;
import org.infiniscope.sim.SimFabric;
import org.infiniscope.verbs.sim.SimVerbsProvider;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * The runtime's {@link HostCms}: a {@link SimCm} on the simulated fabric the runtime's SM runs on. Its configuration
 * is the SM's ({@value #SM_PID}, property {@code fabric}, which the fabric connection changes when it opens another
 * simulated fabric: the component then restarts on it) overridden by its own ({@value #PID}); without either, the
 * runtime's {@code infiniscope.fabric}, else {@code sim}. The fabric is opened on first use through the channel
 * provider that serves it, reading the host port's LID first, so that a one-shot runtime's fresh fabric is brought up
 * by its SM (which goes on serving the SA for the command). Routes are the SA's PathRecords.
 */
@Component(service = HostCms.class, configurationPid = {RuntimeCms.SM_PID,
        RuntimeCms.PID}, configurationPolicy = ConfigurationPolicy.OPTIONAL)
public final class RuntimeCms implements HostCms {

    /** The SM's configuration: the CM follows its {@code fabric}. */
    static final String SM_PID = "org.infiniscope.sm";
    /** The CM's own configuration ({@code fabric}, {@code sa.timeout.ms}). */
    static final String PID = "org.infiniscope.cm";
    /** How long an SA PathRecord query attempt waits by default. */
    static final Duration SA_TIMEOUT = Duration.ofMillis(500);

    private final String fabric;
    private final Duration saTimeout;
    private final List<ChannelProvider> providers = new CopyOnWriteArrayList<>();
    /** The CMs started, by fabric without its attach point. */
    private final Map<String, SimCm> cms = new java.util.HashMap<>();
    private final List<SimVerbsProvider> verbs = new java.util.ArrayList<>();
    private boolean closed;

    @Activate
    public RuntimeCms(BundleContext context, Map<String, Object> config) {
        this(fabricOf(config.get("fabric"), context.getProperty("infiniscope.fabric")),
                Duration.ofMillis(config.get("sa.timeout.ms") instanceof Number n
                        ? n.longValue()
                        : config.get("sa.timeout.ms") instanceof String s && s.matches("[0-9]{1,6}")
                                ? Long.parseLong(s)
                                : SA_TIMEOUT.toMillis()));
    }

    /** For tests: the CMs of a fabric reached through the providers {@link #addProvider} gives. */
    RuntimeCms(String fabric, Duration saTimeout) {
        this.fabric = fabric;
        this.saTimeout = saTimeout;
    }

    static String fabricOf(Object configured, String runtime) {
        if (configured instanceof String s && !s.isBlank()) {
            return s.strip();
        }
        return runtime == null || runtime.isBlank() ? "sim" : runtime.strip();
    }

    static boolean isSimulator(String fabric) {
        return fabric.equals("sim") || fabric.startsWith("sim:") || fabric.startsWith("sim@");
    }

    @Reference(service = ChannelProvider.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addProvider(ChannelProvider provider) {
        providers.add(provider);
    }

    void removeProvider(ChannelProvider provider) {
        providers.remove(provider);
    }

    @Override
    public String fabric() {
        return fabric;
    }

    @Override
    public String unavailableReason() {
        return whyNot(fabric);
    }

    private static String whyNot(String fabric) {
        return isSimulator(fabric)
                ? ""
                : "the fabric " + fabric + " is not simulated: the CM of real hosts is librdmacm's";
    }

    @Override
    public RdmaCm host(String node) throws CmException {
        return simCm(fabric).host(node);
    }

    @Override
    public RdmaCm host(String fabric, String node) throws CmException {
        return simCm(fabric).host(node);
    }

    /** @return the CM of a simulated fabric's hosts, started on first use */
    synchronized SimCm simCm(String fabric) throws CmException {
        if (closed) {
            throw new CmException("the runtime's CM has stopped");
        }
        String why = whyNot(fabric);
        if (!why.isEmpty()) {
            throw new CmException(why);
        }
        String topology = topologyOf(fabric);
        SimCm cm = cms.get(topology);
        if (cm == null) {
            SimFabric sim = open(topology);
            SimVerbsProvider v = new SimVerbsProvider(sim);
            verbs.add(v);
            cm = new SimCm(sim, v, CmOptions.DEFAULT);
            cm.routesFromSa(saTimeout);
            cms.put(topology, cm);
        }
        return cm;
    }

    /** @return the fabric without its attach point */
    static String topologyOf(String fabric) {
        int at = fabric.lastIndexOf('@');
        return at < 0 ? fabric : fabric.substring(0, at);
    }

    /** Opens the fabric through its provider; reading the port's LID has a one-shot runtime's SM bring it up. */
    private SimFabric open(String fabric) throws CmException {
        for (ChannelProvider p : providers) {
            if (p.handles(fabric)) {
                try (MadChannel channel = p.open(fabric)) {
                    if (channel instanceof SimChannel sc) {
                        sc.localPort();
                        return sc.fabric();
                    }
                } catch (IOException e) {
                    throw new CmException("the CM cannot open " + fabric + ": " + e.getMessage(), e);
                }
            }
        }
        throw new CmException("no simulator serves " + fabric + " in this runtime");
    }

    @Deactivate
    synchronized void close() {
        closed = true;
        cms.values().forEach(SimCm::close);
        cms.clear();
        verbs.forEach(SimVerbsProvider::close);
        verbs.clear();
    }
}
