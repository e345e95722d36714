package org.infiniscope.diag.internal;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.infiniscope.console.ConsoleTool;
import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.console.vendor.VendorCalls;
import org.infiniscope.mad.MadStatus;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.transport.ChannelProvider;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadRequest;
import org.infiniscope.mad.transport.MadResponse;
import org.infiniscope.mad.transport.MadTimeoutException;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.vendor.VendorCodec;
import org.infiniscope.mad.vendor.VendorMad;
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
 * {@code vendorquery}: a Get of a vendor-specific class's attribute (classes 0x09–0x0F and 0x30–0x4F) to a LID,
 * its answer decoded by the installed {@link VendorCodec} services (vendor bundles add them), or dumped in hex when
 * none handles it.
 */
@Component(service = ConsoleTool.class)
public final class VendorQueryTool implements ConsoleTool {

    private final String defaultFabric;
    private final FabricChannels channels = new FabricChannels();
    private final VendorDecoders decoders;

    @Activate
    public VendorQueryTool(BundleContext context) {
        this(context.getProperty(SmpQueryTool.FABRIC_PROPERTY), VendorCalls.shared());
    }

    /** For tests: a tool with this default fabric, these calls and no provider or codec yet. */
    VendorQueryTool(String defaultFabric, VendorCalls calls) {
        this.defaultFabric = defaultFabric;
        this.decoders = new VendorDecoders(calls);
    }

    private static int ranking(ServiceReference<?> reference) {
        return reference.getProperty(Constants.SERVICE_RANKING) instanceof Integer i ? i : 0;
    }

    @Reference(service = ChannelProvider.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addProvider(ServiceReference<ChannelProvider> reference, ChannelProvider provider) {
        channels.add(provider, ranking(reference), (Long) reference.getProperty(Constants.SERVICE_ID));
    }

    void removeProvider(ServiceReference<ChannelProvider> reference) {
        channels.remove((Long) reference.getProperty(Constants.SERVICE_ID));
    }

    @Reference(service = VendorCodec.class, cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addCodec(ServiceReference<VendorCodec> reference, VendorCodec codec) {
        decoders.add(codec, ranking(reference), (Long) reference.getProperty(Constants.SERVICE_ID));
    }

    void removeCodec(ServiceReference<VendorCodec> reference) {
        decoders.remove((Long) reference.getProperty(Constants.SERVICE_ID));
    }

    /** For tests. */
    void provide(ChannelProvider provider, long serviceId) {
        channels.add(provider, 0, serviceId);
    }

    /** For tests. */
    void provide(VendorCodec codec, int ranking, long serviceId) {
        decoders.add(codec, ranking, serviceId);
    }

    @Override
    public String name() {
        return "vendorquery";
    }

    @Override
    public String summary() {
        return "get a vendor-specific class's attribute from a LID, decoded by the installed vendor codecs";
    }

    @Override
    public String usage() {
        return """
                usage: infiniscope vendorquery [--fabric F] [-t TIMEOUT_MS] [--oui OUI] [--class-version V]
                                               LID CLASS ATTRIBUTE [MODIFIER]
                  CLASS       a vendor class: 0x09-0x0f, or 0x30-0x4f (these carry the vendor's OUI)
                  ATTRIBUTE   the attribute ID; MODIFIER the attribute modifier (default 0)
                  --oui OUI   the 24-bit OUI a class 0x30-0x4f MAD carries (required for those classes)
                  --class-version V  the class version (default 1)
                  --fabric F  sim, umad, umad:CA:PORT or ibsim:SOCKET[@NODE]; default: the launcher's --fabric
                  -t          how long to wait for each of the 4 attempts, in ms (default 1000)
                The answer is decoded by the vendor codec that handles the class, OUI and attribute (vendor bundles
                install them; the highest service.ranking first), else printed in hex.""";
    }

    @Override
    public int run(ToolInvocation invocation) throws UsageException {
        String fabric = null;
        Duration timeout = MadRequest.DEFAULT_TIMEOUT;
        int oui = VendorMad.NO_OUI;
        int classVersion = 1;
        List<String> positional = new ArrayList<>();
        List<String> args = invocation.args();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            switch (arg) {
                case "--fabric" -> fabric = SmpQueryArgs.value(args, ++i, arg);
                case "-t", "--timeout" -> timeout = SmpQueryArgs.timeout(SmpQueryArgs.value(args, ++i, arg));
                case "--oui" -> oui = SmpQueryArgs.number(SmpQueryArgs.value(args, ++i, arg), "--oui", 0, 0xFFFFFF);
                case "--class-version" ->
                    classVersion = SmpQueryArgs.number(SmpQueryArgs.value(args, ++i, arg), "--class-version", 0, 255);
                default -> {
                    if (arg.startsWith("-") && arg.length() > 1) {
                        throw new UsageException("unknown option '" + arg + "'");
                    }
                    positional.add(arg);
                }
            }
        }
        if (positional.size() < 3 || positional.size() > 4) {
            throw new UsageException("expected LID CLASS ATTRIBUTE [MODIFIER]");
        }
        int lid = SmpQueryArgs.number(positional.get(0), "LID", 1, 0xBFFF);
        int mgmtClass = SmpQueryArgs.number(positional.get(1), "CLASS", 0, 255);
        if (!MgmtClass.isVendor(mgmtClass)) {
            throw new UsageException(
                    String.format("CLASS 0x%02x is not a vendor class (0x09-0x0f, 0x30-0x4f)", mgmtClass));
        }
        if (VendorMad.isRange2(mgmtClass) && oui == VendorMad.NO_OUI) {
            throw new UsageException(String.format("class 0x%02x carries an OUI: give --oui", mgmtClass));
        }
        if (!VendorMad.isRange2(mgmtClass) && oui != VendorMad.NO_OUI) {
            throw new UsageException(String.format("class 0x%02x carries no OUI: leave --oui out", mgmtClass));
        }
        int attribute = SmpQueryArgs.number(positional.get(2), "ATTRIBUTE", 0, 0xFFFF);
        long modifier = positional.size() == 4 ? parseModifier(positional.get(3)) : 0;
        VendorMad request = VendorMad.get(mgmtClass, classVersion, oui, attribute, (int) modifier,
                ThreadLocalRandom.current().nextLong() >>> 16);
        Duration wait = timeout;
        return ToolFabric.with(name(), fabric, defaultFabric, channels, invocation.err(), transport -> {
            VendorMad answer = exchange(transport, lid, request, wait);
            invocation.out().print(describe(answer, lid, invocation));
            invocation.out().flush();
            return ExitStatus.OK;
        });
    }

    private static long parseModifier(String text) throws UsageException {
        try {
            long v = text.startsWith("0x") || text.startsWith("0X")
                    ? Long.parseLong(text.substring(2), 16)
                    : Long.parseLong(text);
            if (v >= 0 && v <= 0xFFFF_FFFFL) {
                return v;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new UsageException("MODIFIER '" + text + "' is not a 32-bit number");
    }

    private String describe(VendorMad answer, int lid, ToolInvocation invocation) throws QueryException {
        StringBuilder out = new StringBuilder();
        out.append(String.format("Vendor MAD: class 0x%02x", answer.mgmtClass()));
        if (answer.oui() != VendorMad.NO_OUI) {
            out.append(String.format(" OUI 0x%06x", answer.oui()));
        }
        out.append(String.format(" attribute 0x%04x modifier 0x%08x from Lid %d%n", answer.attributeId(),
                answer.attributeModifier(), lid));
        VendorDecoders.Decoded decoded;
        try {
            decoded = decoders.decode(answer, VendorMad.NO_OUI);
        } catch (MadFormatException e) {
            throw new QueryException("the vendor codec refused the answer: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new QueryException("interrupted while a vendor codec decoded the answer");
        }
        for (String s : decoded.skipped()) {
            invocation.err().println("infiniscope vendorquery: codec skipped: " + s);
        }
        if (decoded.value() == null) {
            out.append("No installed vendor codec decodes it; payload:\n");
            byte[] payload = answer.payload().toByteArray();
            HexFormat hex = HexFormat.of();
            for (int i = 0; i < payload.length; i += 16) {
                out.append(
                        String.format("  %03x: %s%n", i, hex.formatHex(payload, i, Math.min(payload.length, i + 16))));
            }
        } else {
            out.append("Decoded by ").append(decoded.bundle()).append(":\n").append(decoded.value()).append('\n');
        }
        return out.toString();
    }

    private static VendorMad exchange(MadTransport transport, int lid, VendorMad request, Duration timeout)
            throws QueryException {
        MadRequest mad = new MadRequest(request.encode(), MadAddress.gsi(lid), timeout, MadRequest.DEFAULT_RETRIES);
        long bound = timeout.multipliedBy(MadRequest.DEFAULT_RETRIES + 1L).plusSeconds(5).toMillis();
        MadResponse response;
        try {
            response = transport.send(mad).get(bound, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof MadTimeoutException t) {
                throw new QueryException("no answer from Lid " + lid + " after " + t.attempts() + " attempts of "
                        + timeout.toMillis() + " ms");
            }
            throw new QueryException(
                    cause instanceof IOException ? "could not send: " + cause.getMessage() : String.valueOf(cause));
        } catch (TimeoutException e) {
            throw new QueryException("no answer from Lid " + lid + " within " + bound + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new QueryException("interrupted");
        }
        VendorMad answer;
        try {
            answer = VendorMad.decode(response.mad());
        } catch (MadFormatException e) {
            throw new QueryException("malformed answer from Lid " + lid + ": " + e.getMessage());
        }
        if (answer.header().method() != Method.GET_RESP || answer.header().status() != 0) {
            throw new QueryException(
                    "Lid " + lid + " answered with status 0x" + Integer.toHexString(answer.header().status()) + " ("
                            + MadStatus.describe(answer.header().status()) + ")");
        }
        return answer;
    }
}
