package org.infiniscope.console.internal;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntConsumer;

import org.infiniscope.console.CommandService;
import org.infiniscope.console.ExitStatus;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.FrameworkListener;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;

/**
 * The one-shot daemon: when the launcher passes a socket path in {@value #SOCKET_PROPERTY}, serves one-shot commands
 * to the launcher's small client ({@code org.infiniscope.headless.DaemonClient}, or its C twin
 * {@code product/org.infiniscope.headless/src/main/c/daemon-client.c}: a change of the wire format below changes
 * both) over that Unix-domain socket, so
 * that a command costs neither a JVM and framework start nor the JIT's warm-up.
 * <p>
 * The runtime was started with the caller's framework properties (fabric, folder) and environment: the launcher
 * keys a daemon on them, so one daemon only ever serves callers of one configuration. Each connection is one
 * command with output streams of its own; commands run concurrently unless {@value #EXCLUSIVE_PROPERTY} is
 * {@code true} (umad2sim: one ibsim client per process, whose agent table one command at a time may hold). A client
 * that closes its side (its Ctrl-C or SIGTERM half-closes it, and a client that dies closes it) interrupts its
 * command, whose last output and exit status still go back to a client that reads on. The daemon exits after
 * {@value #IDLE_PROPERTY} seconds without a command (default {@value #DEFAULT_IDLE_SECONDS}).
 * <p>
 * The subnet manager ({@code sm}, which runs until cancelled) runs here too, streaming its output; one at a time: a
 * second {@code sm} while one runs is an error. While it holds an exclusive daemon's port, other commands are
 * refused (the client then runs them in-process, as they ran beside an in-process SM before).
 * <p>
 * The wire format, all integers big-endian: the client sends {@code int} {@link #MAGIC}, the folder it runs in
 * (a string: {@code int} length and UTF-8 bytes), {@code int} flags ({@link #FLAG_TTY}: its standard error is a
 * terminal), {@code int} argc and the arguments as strings, then nothing until it closes. The daemon answers with
 * frames: a {@code byte} kind ({@link #OUT}, {@link #ERR}, {@link #EXIT}, {@link #REFUSED}, {@link #UNCHECKED}), an
 * {@code int} length and that many bytes; {@link #EXIT} carries the exit status as an {@code int} and ends the
 * exchange.
 * <p>
 * A client that has not checked the build ({@link #FLAG_UNCHECKED}: the launcher's fast path) leaves that to the
 * daemon, which watches the sources of the build it runs from ({@link SourceWatch}, given by the launcher's
 * {@value #SOURCES_PROPERTY} and the properties beside it): while no source changed, the command runs at once;
 * otherwise the daemon answers {@link #UNCHECKED} alone, runs nothing, and the client checks for itself.
 */
@Component(immediate = true)
public final class DaemonServer implements FrameworkListener {

    /** Framework property: the socket path to serve on; without it this component does nothing. */
    public static final String SOCKET_PROPERTY = "infiniscope.daemon.socket";
    /** Framework property: seconds without a command after which the daemon exits. */
    public static final String IDLE_PROPERTY = "infiniscope.daemon.idle";
    /** Framework property: {@code true} runs one command at a time. */
    public static final String EXCLUSIVE_PROPERTY = "infiniscope.daemon.exclusive";
    /** Framework property: the folder the daemon serves (the launcher's {@code infiniscope.cwd}). */
    public static final String FOLDER_PROPERTY = "infiniscope.cwd";
    /** The per-run property that says whether the caller's standard error is a terminal ({@code tty}). */
    static final String PROGRESS_PROPERTY = "infiniscope.progress";
    /**
     * Framework property: {@code false} skips the warm-up, in which the daemon, while no command runs, sweeps a small
     * simulated fabric a few times so that the sweep, the codecs and the topology printer are compiled before the
     * first commands rather than during them.
     */
    public static final String WARMUP_PROPERTY = "infiniscope.daemon.warmup";
    /**
     * Framework properties: the build's list of sources ({@code .infiniscope/build.sources}), the checkout it lists,
     * the build's stamp and the launcher's record of its last check; without them the daemon vouches for no build.
     */
    public static final String SOURCES_PROPERTY = "infiniscope.daemon.sources";
    public static final String ROOT_PROPERTY = "infiniscope.daemon.root";
    public static final String STAMP_PROPERTY = "infiniscope.daemon.stamp";
    public static final String CHECKED_PROPERTY = "infiniscope.daemon.checked";
    static final long DEFAULT_IDLE_SECONDS = 600;
    /** The warm-up: a 128-host three-level fat tree on the embedded simulator, printed nowhere. */
    static final List<String> WARMUP_COMMAND = List.of("discover", "--fabric", "sim:ft3:8", "-o", "64");
    static final int WARMUP_ROUNDS = 12;
    /**
     * Then requests to the daemon's own socket ({@code version --short}, with and without the build check left to
     * the daemon), so that the first client's request finds the request path linked and its classes loaded (about
     * 5 ms of a fresh daemon's first command, measured on a 2-core machine).
     */
    static final int WARMUP_REQUESTS = 4;

    static final int MAGIC = 0x49534431; // "ISD1"
    static final int FLAG_TTY = 1;
    /** The client did not check the build: the daemon runs the command only while its sources are unchanged. */
    static final int FLAG_UNCHECKED = 2;
    static final byte OUT = 1;
    static final byte ERR = 2;
    static final byte EXIT = 3;
    static final byte REFUSED = 4;
    /** The daemon cannot vouch for the build ({@link #FLAG_UNCHECKED}): nothing ran, the client checks it. */
    static final byte UNCHECKED = 5;
    private static final int MAX_ARGS = 4096;
    private static final int MAX_STRING = 1 << 20;

    private final BundleContext context;
    private final CommandService commands;
    private final IntConsumer exitHook;
    private final String socket;
    private final String folder;
    private final long idleNanos;
    private final ReentrantLock exclusive;
    private final AtomicBoolean started = new AtomicBoolean();
    private final AtomicBoolean stopping = new AtomicBoolean();
    private final AtomicInteger active = new AtomicInteger();
    private final AtomicLong lastActive = new AtomicLong(System.nanoTime());
    private final AtomicInteger connections = new AtomicInteger();
    /** Whether a subnet manager runs in this daemon: one at a time. */
    private final AtomicBoolean smRunning = new AtomicBoolean();
    private volatile ServerSocketChannel server;
    private volatile ScheduledExecutorService timer;
    private volatile SourceWatch sourceWatch;

    @Activate
    public DaemonServer(BundleContext context, @Reference CommandService commands,
            @Reference(target = "(infiniscope.launcher=exit)", cardinality = ReferenceCardinality.OPTIONAL) IntConsumer exitHook) {
        this.context = context;
        this.commands = commands;
        this.exitHook = exitHook;
        this.socket = context.getProperty(SOCKET_PROPERTY);
        this.folder = context.getProperty(FOLDER_PROPERTY);
        this.idleNanos = TimeUnit.SECONDS.toNanos(idleSeconds(context.getProperty(IDLE_PROPERTY)));
        this.exclusive = Boolean.parseBoolean(context.getProperty(EXCLUSIVE_PROPERTY)) ? new ReentrantLock(true) : null;
        if (socket != null) {
            context.addFrameworkListener(this);
            if (context.getBundle(0).getState() == Bundle.ACTIVE) {
                startOnce();
            }
        }
    }

    static long idleSeconds(String value) {
        if (value == null || value.isBlank()) {
            return DEFAULT_IDLE_SECONDS;
        }
        try {
            return Math.max(1, Long.parseLong(value.strip()));
        } catch (NumberFormatException e) {
            return DEFAULT_IDLE_SECONDS;
        }
    }

    @Override
    public void frameworkEvent(FrameworkEvent event) {
        if (event.getType() == FrameworkEvent.STARTED) {
            startOnce();
        }
    }

    /** Binds once every bundle has started, so that the first command already finds every tool. */
    private void startOnce() {
        if (!started.compareAndSet(false, true)) {
            return;
        }
        Path path = Path.of(socket);
        try {
            if (answers(path)) {
                System.err.println("infiniscope daemon: another daemon serves " + path + "; exiting");
                exit(ExitStatus.OK);
                return;
            }
            Files.deleteIfExists(path); // left by a daemon that died
            ServerSocketChannel channel = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            channel.bind(UnixDomainSocketAddress.of(path));
            server = channel;
            writePid(path);
        } catch (IOException | RuntimeException e) {
            System.err.println("infiniscope daemon: cannot serve on " + path + ": " + e);
            exit(ExitStatus.FAILURE);
            return;
        }
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "infiniscope-daemon-idle");
            t.setDaemon(true);
            return t;
        });
        timer = scheduler;
        long period = Math.max(TimeUnit.MILLISECONDS.toNanos(200),
                Math.min(idleNanos / 4, TimeUnit.SECONDS.toNanos(10)));
        scheduler.scheduleWithFixedDelay(this::checkIdle, period, period, TimeUnit.NANOSECONDS);
        sourceWatch = watchSources();
        Thread acceptor = new Thread(this::accept, "infiniscope-daemon");
        acceptor.start();
        if (!"false".equals(context.getProperty(WARMUP_PROPERTY))) {
            Thread warmup = new Thread(this::warmUp, "infiniscope-daemon-warmup");
            warmup.setDaemon(true);
            warmup.setPriority(Thread.MIN_PRIORITY);
            warmup.start();
        }
    }

    /** The watch over the build's sources, when the launcher named them. */
    private SourceWatch watchSources() {
        String sources = context.getProperty(SOURCES_PROPERTY);
        String root = context.getProperty(ROOT_PROPERTY);
        String stamp = context.getProperty(STAMP_PROPERTY);
        String checked = context.getProperty(CHECKED_PROPERTY);
        if (sources == null || root == null || stamp == null || checked == null) {
            return null;
        }
        return new SourceWatch(Path.of(root), Path.of(stamp), Path.of(sources), Path.of(checked)).startInBackground();
    }

    /** Runs the warm-up command while no client's command runs; stops at the first client, or once done. */
    private void warmUp() {
        PrintWriter nowhere = new PrintWriter(Writer.nullWriter());
        for (int round = 0; round < WARMUP_ROUNDS && !stopping.get() && active.get() == 0; round++) {
            try {
                commands.execute(WARMUP_COMMAND, nowhere, nowhere, Map.of(PROGRESS_PROPERTY, ""));
            } catch (RuntimeException e) {
                return; // a warm-up is worth no error
            }
        }
        for (int i = 0; i < WARMUP_REQUESTS && !stopping.get() && active.get() == 0; i++) {
            try (SocketChannel self = SocketChannel.open(UnixDomainSocketAddress.of(Path.of(socket)))) {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                DataOutputStream request = new DataOutputStream(bytes);
                request.writeInt(MAGIC);
                writeString(request, folder == null ? "" : folder);
                request.writeInt(i % 2 == 0 ? FLAG_UNCHECKED : 0);
                request.writeInt(2);
                writeString(request, "version");
                writeString(request, "--short");
                self.write(ByteBuffer.wrap(bytes.toByteArray()));
                ByteBuffer answer = ByteBuffer.allocate(256);
                while (self.read(answer.clear()) >= 0) {
                    // to the end of the exchange: the daemon closes it
                }
            } catch (IOException e) {
                return;
            }
            for (int wait = 0; wait < 100 && active.get() > 0; wait++) {
                try {
                    Thread.sleep(1); // the exchange's end is counted just after the socket closes
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    private static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static boolean answers(Path path) {
        if (!Files.exists(path)) {
            return false;
        }
        try (SocketChannel probe = SocketChannel.open(UnixDomainSocketAddress.of(path))) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static Path pidFile(Path socketPath) {
        String name = socketPath.getFileName().toString();
        String base = name.endsWith(".sock") ? name.substring(0, name.length() - 5) : name;
        return socketPath.resolveSibling(base + ".pid");
    }

    private static void writePid(Path socketPath) throws IOException {
        Path pid = pidFile(socketPath);
        Path temp = pid.resolveSibling(pid.getFileName() + "." + ProcessHandle.current().pid());
        Files.writeString(temp, ProcessHandle.current().pid() + "\n");
        Files.move(temp, pid, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private void accept() {
        ServerSocketChannel channel = server;
        while (!stopping.get()) {
            SocketChannel client;
            try {
                client = channel.accept();
            } catch (ClosedChannelException e) {
                return;
            } catch (IOException e) {
                if (!stopping.get()) {
                    System.err.println("infiniscope daemon: accept failed: " + e);
                }
                return;
            }
            active.incrementAndGet();
            lastActive.set(System.nanoTime());
            Thread worker = new Thread(() -> serve(client), "infiniscope-daemon-" + connections.incrementAndGet());
            worker.start();
        }
    }

    private void checkIdle() {
        if (active.get() == 0 && System.nanoTime() - lastActive.get() >= idleNanos) {
            System.err.println(
                    "infiniscope daemon: idle for " + TimeUnit.NANOSECONDS.toSeconds(idleNanos) + " s; exiting");
            exit(ExitStatus.OK);
        }
    }

    /** One connection: reads the request, runs the command with streams of its own, sends the exit status. */
    private void serve(SocketChannel client) {
        Connection connection = new Connection(client, Thread.currentThread());
        try (client) {
            Request request;
            try {
                request = Request.read(Channels.newInputStream(client));
            } catch (IOException e) {
                connection.refuse("bad request: " + e.getMessage());
                return;
            }
            SourceWatch watch = sourceWatch;
            if (request.unchecked() && (watch == null || !watch.unchanged())) {
                connection.unchecked();
                return;
            }
            if (folder != null && !folder.equals(request.folder())) {
                connection.refuse("this daemon serves " + folder + ", not " + request.folder());
                return;
            }
            if (exclusive != null && smRunning.get() && !subnetManager(request.argv())) {
                // the SM holds the port until it is stopped: this command runs beside it, in-process
                connection.refuse("a subnet manager runs in this daemon");
                return;
            }
            Thread watcher = new Thread(connection::watch, Thread.currentThread().getName() + "-watch");
            watcher.setDaemon(true);
            watcher.start();
            int status = run(request, connection);
            connection.finish(status);
        } catch (IOException e) {
            // the client went away; its command was interrupted
        } finally {
            lastActive.set(System.nanoTime());
            active.decrementAndGet();
        }
    }

    /** @return whether the command runs a subnet manager ({@code sm}, not its {@code partitions} file commands) */
    static boolean subnetManager(List<String> argv) {
        if (argv.isEmpty() || !argv.get(0).equals("sm")) {
            return false;
        }
        return argv.size() < 2 || !List.of("partitions", "-h", "--help").contains(argv.get(1));
    }

    private int run(Request request, Connection connection) {
        Charset charset = outputCharset();
        PrintWriter out = new PrintWriter(
                new OutputStreamWriter(new BufferedOutputStream(connection.stream(OUT), 1 << 16), charset), true);
        PrintWriter err = new PrintWriter(
                new OutputStreamWriter(new BufferedOutputStream(connection.stream(ERR), 1 << 14), charset), true);
        boolean sm = subnetManager(request.argv());
        if (sm && !smRunning.compareAndSet(false, true)) {
            err.println("infiniscope sm: a subnet manager already runs on this fabric in the daemon; stop it first");
            err.flush();
            return ExitStatus.FAILURE;
        }
        try {
            return runCommand(request, connection, out, err);
        } finally {
            if (sm) {
                smRunning.set(false);
            }
        }
    }

    private int runCommand(Request request, Connection connection, PrintWriter out, PrintWriter err) {
        Map<String, String> properties = Map.of(PROGRESS_PROPERTY, request.tty() ? "tty" : "");
        connection.running(true); // from here, the client's going away interrupts this thread
        boolean locked = false;
        try {
            if (exclusive != null) {
                exclusive.lockInterruptibly();
                locked = true;
            }
            return commands.execute(request.argv(), out, err, properties);
        } catch (InterruptedException e) {
            return 130; // cancelled while waiting for its turn
        } finally {
            connection.running(false);
            Thread.interrupted(); // a late cancel must not outlive its command
            if (locked) {
                exclusive.unlock();
            }
            out.flush();
            err.flush();
        }
    }

    /** The charset the in-process CLI prints with: its standard output's. */
    private static Charset outputCharset() {
        String name = System.getProperty("stdout.encoding", System.getProperty("native.encoding"));
        try {
            return name == null ? Charset.defaultCharset() : Charset.forName(name);
        } catch (RuntimeException e) {
            return Charset.defaultCharset();
        }
    }

    private void exit(int status) {
        if (!stopping.compareAndSet(false, true)) {
            return;
        }
        close();
        if (exitHook != null) {
            exitHook.accept(status);
            return;
        }
        Thread stopper = new Thread(() -> {
            try {
                context.getBundle(0).stop();
            } catch (BundleException | IllegalStateException e) {
                System.err.println("infiniscope daemon: could not stop the framework: " + e.getMessage());
            }
        }, "infiniscope-daemon-exit");
        stopper.start();
    }

    /** Stops accepting and removes the socket and pid files (while they are still this daemon's). */
    private void close() {
        ScheduledExecutorService scheduler = timer;
        if (scheduler != null) {
            scheduler.shutdownNow();
        }
        SourceWatch watch = sourceWatch;
        if (watch != null) {
            watch.close();
        }
        ServerSocketChannel channel = server;
        if (channel == null) {
            return;
        }
        server = null;
        try {
            channel.close();
        } catch (IOException e) {
            // closing anyway
        }
        Path path = Path.of(socket);
        Path pid = pidFile(path);
        try {
            String owner = Files.readString(pid).strip();
            if (owner.equals(Long.toString(ProcessHandle.current().pid()))) {
                Files.deleteIfExists(path);
                Files.deleteIfExists(pid);
            }
        } catch (IOException e) {
            // another daemon took over the files, or they are gone already
        }
    }

    @Deactivate
    void deactivate() {
        context.removeFrameworkListener(this);
        stopping.set(true);
        close();
    }

    /**
     * What a client asks: its folder, whether its standard error is a terminal, whether it left the build check to
     * the daemon, and the command line.
     */
    record Request(String folder, boolean tty, boolean unchecked, List<String> argv) {

        static Request read(InputStream stream) throws IOException {
            DataInputStream in = new DataInputStream(stream);
            int magic = in.readInt();
            if (magic != MAGIC) {
                throw new IOException("not an infiniscope client (magic 0x" + Integer.toHexString(magic) + ")");
            }
            String folder = string(in);
            int flags = in.readInt();
            int argc = in.readInt();
            if (argc < 0 || argc > MAX_ARGS) {
                throw new IOException("bad argument count " + argc);
            }
            List<String> argv = new ArrayList<>(argc);
            for (int i = 0; i < argc; i++) {
                argv.add(string(in));
            }
            return new Request(folder, (flags & FLAG_TTY) != 0, (flags & FLAG_UNCHECKED) != 0, List.copyOf(argv));
        }

        private static String string(DataInputStream in) throws IOException {
            int length = in.readInt();
            if (length < 0 || length > MAX_STRING) {
                throw new IOException("bad string length " + length);
            }
            return new String(in.readNBytes(length), StandardCharsets.UTF_8);
        }
    }

    /** One client's connection: frames written under one lock, and the cancel on the client's going away. */
    private static final class Connection {
        private final SocketChannel channel;
        private final Thread worker;
        private final Object lock = new Object();
        private boolean running;
        private volatile boolean gone;

        Connection(SocketChannel channel, Thread worker) {
            this.channel = channel;
            this.worker = worker;
        }

        void running(boolean value) {
            synchronized (lock) {
                running = value;
                if (value && gone) {
                    worker.interrupt(); // the client left before its command started
                }
            }
        }

        /**
         * Waits for the client to close its side: it sends nothing after the request, so any end means it left or
         * asks the command to stop (a signal); the command's last output still goes back while the client reads.
         */
        void watch() {
            ByteBuffer buffer = ByteBuffer.allocate(256);
            try {
                while (channel.read(buffer.clear()) >= 0) {
                    // nothing is expected; ignore
                }
            } catch (IOException e) {
                // closed by either side
            }
            synchronized (lock) {
                gone = true;
                if (running) {
                    worker.interrupt();
                }
            }
        }

        OutputStream stream(byte kind) {
            return new OutputStream() {
                @Override
                public void write(int b) throws IOException {
                    write(new byte[]{(byte) b}, 0, 1);
                }

                @Override
                public void write(byte[] bytes, int offset, int length) throws IOException {
                    if (length > 0) {
                        frame(kind, bytes, offset, length);
                    }
                }
            };
        }

        void frame(byte kind, byte[] bytes, int offset, int length) throws IOException {
            ByteBuffer header = ByteBuffer.allocate(5).put(kind).putInt(length).flip();
            ByteBuffer body = ByteBuffer.wrap(bytes, offset, length);
            synchronized (this) {
                while (header.hasRemaining() || body.hasRemaining()) {
                    channel.write(new ByteBuffer[]{header, body});
                }
            }
        }

        void finish(int status) throws IOException {
            byte[] code = ByteBuffer.allocate(4).putInt(status).array();
            frame(EXIT, code, 0, code.length);
        }

        void unchecked() {
            try {
                frame(UNCHECKED, new byte[0], 0, 0);
            } catch (IOException e) {
                // the client is gone
            }
        }

        void refuse(String message) {
            byte[] bytes = message.getBytes(StandardCharsets.UTF_8);
            try {
                frame(REFUSED, bytes, 0, bytes.length);
            } catch (IOException e) {
                // the client is gone
            }
        }
    }
}
