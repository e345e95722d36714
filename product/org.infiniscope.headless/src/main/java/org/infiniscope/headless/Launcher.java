package org.infiniscope.headless;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import java.util.stream.Stream;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.launch.FrameworkFactory;

/**
 * Boots the headless Infiniscope runtime: an OSGi framework (Apache Felix, found through
 * {@link FrameworkFactory}) with every bundle of the {@code bundle/} folder beside this jar.
 * <p>
 * {@code --shell} starts the Gogo shell on standard input; the framework stops at end of input. {@code --service} serves
 * the same runtime without a shell until a signal stops it (a system service). Both read their configuration from the
 * {@code etc/} folder beside the runtime (or {@code -Dinfiniscope.etc}) through Felix FileInstall and Configuration
 * Admin, and follow changes of its files while they run.
 * {@code --cli ARGS...} runs one console command without the shell and exits with its status.
 * {@code --daemon} serves one-shot commands on the socket of {@code -Dinfiniscope.daemon.socket} until idle (the
 * console bundle's daemon server; {@link DaemonClient} is its client).
 */
public final class Launcher {

    /** Framework property read by the console bundle's one-shot runner. */
    static final String CLI_ARGS = "infiniscope.cli.args";
    /** Separator of the arguments in {@link #CLI_ARGS}: the ASCII unit separator. */
    static final String SEPARATOR = "\u001f";
    private static final String GOGO_SHELL = "org.apache.felix.gogo.shell_";
    /** Framework properties of the HTTP server (Felix HTTP Jetty): its port and the address it binds. */
    static final String HTTP_PORT = "org.osgi.service.http.port";
    static final String HTTP_HOST = "org.apache.felix.http.host";
    /** The HTTP server's bundle: one-shot commands (--cli, --daemon) serve nothing over HTTP, so it stays stopped. */
    private static final String HTTP_SERVER = "org.apache.felix.http.jetty";
    /** FileInstall: one-shot commands take their settings from their arguments, so it stays stopped too. */
    private static final String FILE_INSTALL = "org.apache.felix.fileinstall";
    /** Bundles that only a serving runtime starts. */
    private static final List<String> SERVING_ONLY = List.of(HTTP_SERVER, FILE_INSTALL);
    /** Framework property (and system property) of the configuration folder; default: {@code etc/} beside the runtime. */
    static final String ETC_PROPERTY = "infiniscope.etc";
    /** The HTTP server's configuration PID (Felix HTTP): its file in etc/ wins over the framework properties. */
    static final String HTTP_PID = "org.apache.felix.http";
    /** The port {@code serve} serves {@code /metrics} (and later the REST API) on unless told otherwise. */
    static final String DEFAULT_HTTP_PORT = "9464";
    static final String DEFAULT_HTTP_HOST = "127.0.0.1";
    /**
     * Bundles started before all others, in this order: SPI Fly (with its ASM) must weave slf4j.api's ServiceLoader
     * call before any bundle first logs, and slf4j.simple must be active by then to be its provider.
     */
    /** SPI Fly logs each provider it registers through java.util.logging at INFO: kept (strongly) at WARNING. */
    private static final java.util.logging.Logger SPI_FLY_LOG = java.util.logging.Logger
            .getLogger("org.apache.aries.spifly");
    private static final List<String> FIRST = List.of("org.objectweb.asm", "org.apache.aries.spifly", "slf4j.api_",
            "slf4j.simple_");

    private Launcher() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /**
     * The runtime's folder: the launcher jar's. Classes loaded from an AOT cache ({@code -XX:AOTCache}, which the
     * one-shot commands use) have a code source without a location, so the class path given to {@code -jar} is the
     * fallback.
     */
    private static Path home() {
        CodeSource source = Launcher.class.getProtectionDomain().getCodeSource();
        try {
            if (source != null && source.getLocation() != null) {
                return Path.of(source.getLocation().toURI()).getParent();
            }
        } catch (URISyntaxException e) {
            throw new IllegalStateException("the launcher jar has no file location", e);
        }
        String jar = System.getProperty("java.class.path", "").split(File.pathSeparator)[0];
        if (jar.isEmpty()) {
            throw new IllegalStateException("the launcher jar has no file location");
        }
        return Path.of(jar).toAbsolutePath().getParent();
    }

    static int run(String[] args) {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("infiniscope-launcher: " + e.getMessage());
            System.err
                    .println("usage: java -jar infiniscope-launcher.jar --shell | --cli COMMAND [ARGS...] | --daemon");
            return 2;
        }
        Path home = home();
        Path bundles = home.resolve("bundle");
        if (!Files.isDirectory(bundles)) {
            System.err.println("infiniscope-launcher: no bundle folder at " + bundles);
            return 1;
        }
        Path storage = null;
        try {
            storage = Files.createTempDirectory("infiniscope-felix-");
            return boot(options, bundles, storage, etc(home));
        } catch (IOException e) {
            System.err.println("infiniscope-launcher: " + e.getMessage());
            return 1;
        } finally {
            delete(storage);
        }
    }

    /** @return the configuration folder: {@code -Dinfiniscope.etc}, else {@code etc/} beside the runtime */
    static Path etc(Path home) {
        String given = System.getProperty(ETC_PROPERTY);
        return given != null && !given.isBlank() ? Path.of(given).toAbsolutePath() : home.resolve("etc");
    }

    private static int boot(Options options, Path bundles, Path storage, Path etc) throws IOException {
        Map<String, String> config = configuration(options, storage);
        // etc/org.infiniscope.rest.cfg: also for one-shot commands (token writes the token file it names)
        config = EtcFolder.rest(etc, config);
        Tls.apply(config);
        if (options.serves()) {
            config.putAll(EtcFolder.fileInstall(etc));
            config = EtcFolder.http(etc, config);
        }
        if ((options.cli() || options.daemon())
                && System.getProperty("org.slf4j.simpleLogger.defaultLogLevel") == null) {
            // a one-shot command prints its result alone; warnings and errors still reach stderr
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        }
        FrameworkFactory factory = ServiceLoader.load(FrameworkFactory.class).findFirst()
                .orElseThrow(() -> new IllegalStateException("no OSGi framework on the class path"));
        Framework framework = factory.newFramework(config);
        AtomicInteger status = new AtomicInteger(0);
        try {
            framework.init();
            BundleContext context = framework.getBundleContext();
            context.addFrameworkListener(event -> {
                if (event.getType() == FrameworkEvent.ERROR) {
                    System.err.println("infiniscope-launcher: " + describe(event));
                    status.compareAndSet(0, 1);
                }
            });
            registerExitHook(framework, status);
            Path shell = install(context, bundles, options.serves());
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                stopQuietly(framework);
                if (options.daemon()) {
                    // a daemon ends by a signal (./infiniscope daemon stop) as often as by itself: its cache goes too
                    delete(storage);
                }
            }, "infiniscope-shutdown"));
            framework.start();
            if (options.serves()) {
                announceHttp(config, bundles);
                if (!options.service()) {
                    startShell(context, shell);
                }
            }
            framework.waitForStop(0);
            return status.get();
        } catch (BundleException e) {
            System.err.println("infiniscope-launcher: the framework could not start: " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 130;
        }
    }

    private static Map<String, String> configuration(Options options, Path storage) throws IOException {
        Map<String, String> config = new HashMap<>();
        config.put(Constants.FRAMEWORK_STORAGE, storage.toString());
        config.put(Constants.FRAMEWORK_STORAGE_CLEAN, Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT);
        config.put("felix.log.level", "1");
        config.put("gosh.args", "--quiet");
        System.getProperties().stringPropertyNames().stream().filter(k -> k.startsWith("infiniscope.")
                || k.startsWith("felix.") || k.startsWith("gosh.") || k.startsWith("org.osgi.framework."))
                .forEach(k -> config.put(k, System.getProperty(k)));
        System.getProperties().stringPropertyNames().stream()
                .filter(k -> k.startsWith("org.osgi.service.http.") || k.startsWith("org.apache.felix.http."))
                .forEach(k -> config.put(k, System.getProperty(k)));
        config.putIfAbsent(HTTP_PORT, DEFAULT_HTTP_PORT);
        config.putIfAbsent(HTTP_HOST, DEFAULT_HTTP_HOST);
        // Jetty's and Felix HTTP's start and stop notes at INFO are noise on the shell's terminal (the launcher says
        // where it serves); their warnings still show
        for (String logger : List.of("org.eclipse.jetty", "org.apache.felix.http")) {
            if (System.getProperty("org.slf4j.simpleLogger.log." + logger) == null) {
                System.setProperty("org.slf4j.simpleLogger.log." + logger, "warn");
            }
        }
        if (SPI_FLY_LOG.getLevel() == null) {
            SPI_FLY_LOG.setLevel(java.util.logging.Level.WARNING);
        }
        if (options.cli()) {
            config.put(CLI_ARGS, String.join(SEPARATOR, options.command()));
        }
        return config;
    }

    /** The console bundle hands the one-shot command's status to this hook, then the framework stops. */
    private static void registerExitHook(Framework framework, AtomicInteger status) {
        Hashtable<String, Object> properties = new Hashtable<>();
        properties.put("infiniscope.launcher", "exit");
        IntConsumer hook = code -> {
            status.set(code);
            Thread stopper = new Thread(() -> stopQuietly(framework), "infiniscope-exit");
            stopper.start();
        };
        framework.getBundleContext().registerService(IntConsumer.class, hook, properties);
    }

    /**
     * Installs and starts every bundle but the Gogo shell (and, unless {@code serve}, the HTTP server); returns the
     * shell's jar, if there is one.
     */
    private static Path install(BundleContext context, Path folder, boolean serve) throws IOException {
        List<Bundle> installed = new ArrayList<>();
        Path shell = null;
        try (Stream<Path> jars = Files.list(folder)) {
            for (Path jar : jars.filter(p -> p.toString().endsWith(".jar"))
                    .sorted(Comparator.comparingInt(Launcher::rank).thenComparing(Comparator.naturalOrder()))
                    .toList()) {
                if (jar.getFileName().toString().startsWith(GOGO_SHELL)) {
                    shell = jar;
                    continue;
                }
                try {
                    installed.add(context.installBundle(jar.toUri().toString()));
                } catch (BundleException e) {
                    throw new IOException("cannot install " + jar.getFileName() + ": " + e.getMessage(), e);
                }
            }
        }
        for (Bundle bundle : installed) {
            if (bundle.getHeaders().get(Constants.FRAGMENT_HOST) == null
                    && (serve || SERVING_ONLY.stream().noneMatch(bundle.getSymbolicName()::startsWith))) {
                try {
                    bundle.start();
                } catch (BundleException e) {
                    throw new IOException("cannot start " + bundle.getSymbolicName() + ": " + e.getMessage(), e);
                }
            }
        }
        return shell;
    }

    /** @return where a jar starts: the logging bundles of {@link #FIRST} in their order, then all others */
    private static int rank(Path jar) {
        String name = jar.getFileName().toString();
        for (int i = 0; i < FIRST.size(); i++) {
            if (name.startsWith(FIRST.get(i))) {
                return i;
            }
        }
        return FIRST.size();
    }

    /** Says where the runtime's HTTP server serves the metrics, when the runtime has one. */
    private static void announceHttp(Map<String, String> config, Path bundles) throws IOException {
        boolean http;
        try (Stream<Path> jars = Files.list(bundles)) {
            http = jars.anyMatch(p -> p.getFileName().toString().startsWith(HTTP_SERVER));
        }
        if (http) {
            EtcFolder.urls(config).forEach(url -> System.out.println("infiniscope: metrics at " + url + "/metrics"));
            System.out.flush();
        }
    }

    /**
     * Starts the shell once the framework has started everything else, so that the first command read from
     * standard input already sees a started runtime.
     */
    private static void startShell(BundleContext context, Path shell) throws BundleException {
        if (shell == null) {
            throw new BundleException("the Gogo shell bundle is missing from the bundle folder");
        }
        context.installBundle(shell.toUri().toString()).start();
    }

    private static String describe(FrameworkEvent event) {
        Bundle bundle = event.getBundle();
        String source = bundle == null ? "framework" : bundle.getSymbolicName();
        Throwable cause = event.getThrowable();
        return source + ": " + (cause == null ? "error" : cause.getMessage());
    }

    private static void stopQuietly(Framework framework) {
        try {
            if ((framework.getState() & (Bundle.ACTIVE | Bundle.STARTING)) != 0) {
                framework.stop();
                framework.waitForStop(10_000);
            }
        } catch (BundleException | InterruptedException e) {
            System.err.println("infiniscope-launcher: stopping the framework: " + e.getMessage());
        }
    }

    private static void delete(Path root) {
        if (root == null || !Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            System.err.println("infiniscope-launcher: could not remove " + root + ": " + e.getMessage());
        }
    }
}
