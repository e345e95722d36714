package org.infiniscope.console.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.reflect.Proxy;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.infiniscope.console.CommandService;
import org.infiniscope.console.ToolInfo;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;

/**
 * The subnet manager through the one-shot daemon: its output streams while it runs, a second {@code sm} is refused
 * with an error while one runs, other commands of an exclusive daemon are refused (the client runs them
 * in-process), and a client that closes its sending side (its Ctrl-C or SIGTERM) stops the SM and still gets its
 * last output and exit status. Also the build check a client leaves to the daemon (the launcher's fast path).
 */
class DaemonServerSmTest {

    private Path folder;
    private DaemonServer server;
    private final CountDownLatch smStarted = new CountDownLatch(1);

    /** A command service whose {@code sm} prints SUBNET UP, then runs until interrupted and says so. */
    private final CommandService commands = new CommandService() {
        @Override
        public int execute(List<String> argv, PrintWriter out, PrintWriter err) {
            if (argv.get(0).equals("sm")) {
                out.println("SUBNET UP");
                smStarted.countDown();
                try {
                    new CountDownLatch(1).await(); // until cancelled
                } catch (InterruptedException e) {
                    out.println("SM stopped");
                    return 0;
                }
                return 1;
            }
            out.println("ran " + String.join(" ", argv));
            return 0;
        }

        @Override
        public List<ToolInfo> tools() {
            return List.of();
        }

        @Override
        public String usage(String name) {
            return null;
        }

        @Override
        public String version() {
            return "0";
        }
    };

    @BeforeEach
    void start() throws IOException {
        folder = Files.createTempDirectory("daemon-sm-test");
        server = server(Map.of());
    }

    /** A daemon on folder/d.sock, exclusive, with more framework properties. */
    private DaemonServer server(Map<String, String> more) {
        Map<String, String> properties = new HashMap<>(more);
        properties.putAll(Map.of(DaemonServer.SOCKET_PROPERTY, folder.resolve("d.sock").toString(),
                DaemonServer.EXCLUSIVE_PROPERTY, "true", DaemonServer.WARMUP_PROPERTY, "false",
                DaemonServer.FOLDER_PROPERTY, folder.toString()));
        Bundle framework = (Bundle) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[]{Bundle.class},
                (proxy, method, args) -> method.getName().equals("getState") ? Bundle.ACTIVE : null);
        BundleContext context = (BundleContext) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[]{BundleContext.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "getProperty" -> properties.get((String) args[0]);
                    case "getBundle" -> framework;
                    default -> null;
                });
        return new DaemonServer(context, commands, null);
    }

    @AfterEach
    void stop() throws IOException {
        server.deactivate();
        try (var files = Files.walk(folder)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        }
    }

    @Test
    void oneSmRunsAtATimeStreamsItsOutputAndStopsWhenItsClientStops() throws Exception {
        try (SocketChannel sm = send("sm", "--once")) {
            assertTrue(smStarted.await(10, TimeUnit.SECONDS), "the SM never ran");
            assertEquals(new Frame(DaemonServer.OUT, "SUBNET UP\n"), read(sm), "the SM's output, while it runs");

            try (SocketChannel second = send("sm")) {
                Frame error = read(second);
                assertEquals(DaemonServer.ERR, error.kind());
                assertTrue(error.text().contains("a subnet manager already runs"), error.text());
                assertEquals(1, exitStatus(read(second)));
            }
            try (SocketChannel other = send("discover")) {
                assertEquals(DaemonServer.REFUSED, read(other).kind(), "a command beside the SM runs in-process");
            }

            sm.shutdownOutput(); // what the client does on Ctrl-C or SIGTERM
            assertEquals(new Frame(DaemonServer.OUT, "SM stopped\n"), read(sm), "the SM's last output");
            assertEquals(0, exitStatus(read(sm)));
        }
        try (SocketChannel after = send("discover")) {
            assertEquals(new Frame(DaemonServer.OUT, "ran discover\n"), read(after), "the port is free again");
            assertEquals(0, exitStatus(read(after)));
        }
        try (SocketChannel again = send("sm")) {
            assertEquals(new Frame(DaemonServer.OUT, "SUBNET UP\n"), read(again), "an SM runs again");
        }
    }

    @Test
    void aClientThatLeftTheBuildCheckToTheDaemonRunsOnlyWhileTheDaemonVouchesForIt() throws Exception {
        try (SocketChannel unchecked = send(DaemonServer.FLAG_UNCHECKED, "discover")) {
            assertEquals(DaemonServer.UNCHECKED, read(unchecked).kind(),
                    "a daemon told of no sources vouches for none");
            assertEquals(-1, unchecked.read(ByteBuffer.allocate(1)), "and runs nothing");
        }
        server.deactivate();

        // a checkout of one source, built: its list carries the stamp's time, no earlier than the source
        Path checkout = Files.createDirectories(folder.resolve("checkout"));
        Path source = Files.writeString(checkout.resolve("pom.xml"), "<project/>");
        Path stamp = Files.write(folder.resolve("build.stamp"), new byte[0]);
        Path sources = Files.writeString(folder.resolve("build.sources"), "pom.xml\0");
        FileTime built = FileTime.from(Instant.now());
        Files.setLastModifiedTime(stamp, built);
        Files.setLastModifiedTime(sources, built);
        Thread.sleep(20);
        server = server(Map.of(DaemonServer.ROOT_PROPERTY, checkout.toString(), DaemonServer.STAMP_PROPERTY,
                stamp.toString(), DaemonServer.SOURCES_PROPERTY, sources.toString(), DaemonServer.CHECKED_PROPERTY,
                folder.resolve("build.sources.checked").toString()));
        Frame first = new Frame(DaemonServer.UNCHECKED, "");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (first.kind() == DaemonServer.UNCHECKED && System.nanoTime() < deadline) { // its watch starts
            try (SocketChannel unchecked = send(DaemonServer.FLAG_UNCHECKED, "discover")) {
                first = read(unchecked);
                if (first.kind() != DaemonServer.UNCHECKED) {
                    assertEquals(0, exitStatus(read(unchecked)));
                }
            }
        }
        assertEquals(new Frame(DaemonServer.OUT, "ran discover\n"), first, "run once the daemon vouches for the build");

        Files.writeString(source, "<project><modules/></project>");
        try (SocketChannel unchecked = send(DaemonServer.FLAG_UNCHECKED, "discover")) {
            assertEquals(DaemonServer.UNCHECKED, read(unchecked).kind(), "a source changed: the client checks");
        }
        try (SocketChannel checked = send(0, "discover")) {
            assertEquals(new Frame(DaemonServer.OUT, "ran discover\n"), read(checked), "a client that checked runs");
            assertEquals(0, exitStatus(read(checked)));
        }
    }

    @Test
    void onlyTheSmRunIsTheSubnetManager() {
        assertTrue(DaemonServer.subnetManager(List.of("sm")));
        assertTrue(DaemonServer.subnetManager(List.of("sm", "--once", "--routing", "updn")));
        assertFalse(DaemonServer.subnetManager(List.of("sm", "partitions", "list")));
        assertFalse(DaemonServer.subnetManager(List.of("sm", "--help")));
        assertFalse(DaemonServer.subnetManager(List.of("smpquery", "nodeinfo", "1")));
        assertFalse(DaemonServer.subnetManager(List.of()));
    }

    private record Frame(byte kind, String text) {
    }

    private SocketChannel send(String... argv) throws IOException {
        return send(0, argv);
    }

    private SocketChannel send(int flags, String... argv) throws IOException {
        // the server binds in its constructor when the framework has started
        SocketChannel channel = SocketChannel.open(UnixDomainSocketAddress.of(folder.resolve("d.sock")));
        ByteArrayOutputStream request = new ByteArrayOutputStream();
        ByteBuffer b = ByteBuffer.allocate(1 << 12).putInt(DaemonServer.MAGIC);
        put(b, folder.toString());
        b.putInt(flags).putInt(argv.length);
        for (String a : argv) {
            put(b, a);
        }
        request.write(b.array(), 0, b.position());
        channel.write(ByteBuffer.wrap(request.toByteArray()));
        return channel;
    }

    private static void put(ByteBuffer b, String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        b.putInt(bytes.length).put(bytes);
    }

    private static Frame read(SocketChannel channel) throws IOException {
        ByteBuffer header = ByteBuffer.allocate(5);
        fill(channel, header);
        ByteBuffer body = ByteBuffer.allocate(header.getInt(1));
        fill(channel, body);
        return new Frame(header.get(0), new String(body.array(), StandardCharsets.UTF_8));
    }

    private static int exitStatus(Frame frame) {
        assertEquals(DaemonServer.EXIT, frame.kind());
        return ByteBuffer.wrap(frame.text().getBytes(StandardCharsets.ISO_8859_1)).getInt();
    }

    private static void fill(SocketChannel channel, ByteBuffer buffer) throws IOException {
        while (buffer.hasRemaining()) {
            if (channel.read(buffer) < 0) {
                throw new IOException("the daemon closed the connection");
            }
        }
    }
}
