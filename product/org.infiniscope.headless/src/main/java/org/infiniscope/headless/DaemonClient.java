package org.infiniscope.headless;

import java.io.File;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The one-shot client of the daemon ({@code ./infiniscope} runs it for a one-shot command unless
 * {@code INFINISCOPE_DAEMON=0}): sends the command line to the daemon's socket, copies what the daemon sends back to
 * its own standard output and error, and exits with the command's status. It loads no framework and few classes, so
 * that it starts in a few tens of milliseconds.
 * <p>
 * Without a daemon on the socket it asks the launcher to start one ({@code LAUNCHER daemon start}) and connects
 * again; when that fails too, or the daemon refuses the command, it runs the command in-process
 * ({@code INFINISCOPE_DAEMON=0 LAUNCHER ARGS...}) with the same standard streams. Ctrl-C or SIGTERM closes its sending
 * side of the socket, so that the daemon cancels the command (a subnet manager stops), and the client waits (up to
 * {@link #STOP_WAIT_SECONDS} s) for the command's end before it exits. The wire format is the console
 * bundle's {@code DaemonServer}'s. Its C twin ({@code src/main/c/daemon-client.c}) does the same without a JVM's
 * start; the launcher takes this one where no C compiler is, or with {@code INFINISCOPE_DAEMON_CLIENT=java}.
 * <p>
 * Arguments: {@code SOCKET FOLDER TTY LAUNCHER COMMAND [ARGS...]}: TTY is {@code 1} when the caller's standard error
 * is a terminal; the launcher has put the fabric into {@code INFINISCOPE_FABRIC} for the daemon it starts and for
 * the fallback. {@code --train} exercises the whole exchange against a server of its own, to train the client's
 * AOT cache.
 */
public final class DaemonClient {

    static final int MAGIC = 0x49534431; // "ISD1"
    static final byte OUT = 1;
    static final byte ERR = 2;
    static final byte EXIT = 3;
    static final byte REFUSED = 4;
    /** The client's status when the daemon went away in the middle of a command. */
    static final int LOST = 1;
    /** How long a client stopped by a signal waits for the command it cancelled to end. */
    static final int STOP_WAIT_SECONDS = 15;

    private DaemonClient() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 1 && args[0].equals("--train")) {
            System.exit(Training.run());
        }
        if (args.length < 5) {
            System.err.println("usage: DaemonClient SOCKET FOLDER TTY LAUNCHER COMMAND [ARGS...]");
            System.exit(2);
        }
        String socket = args[0];
        String folder = args[1];
        boolean tty = args[2].equals("1");
        String launcher = args[3];
        List<String> argv = Arrays.asList(args).subList(4, args.length);
        System.exit(run(socket, folder, tty, launcher, argv));
    }

    static int run(String socket, String folder, boolean tty, String launcher, List<String> argv)
            throws IOException, InterruptedException {
        SocketChannel channel = connect(socket);
        if (channel == null && start(launcher)) {
            channel = connect(socket);
        }
        if (channel == null) {
            return inProcess(launcher, argv);
        }
        int status;
        java.util.concurrent.CountDownLatch ended = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.atomic.AtomicBoolean stopped = new java.util.concurrent.atomic.AtomicBoolean();
        SocketChannel open = channel;
        Thread stop = new Thread(() -> {
            // a signal: the daemon cancels the command on the end of the request stream, and sends what follows
            stopped.set(true);
            try {
                open.shutdownOutput();
                ended.await(STOP_WAIT_SECONDS, java.util.concurrent.TimeUnit.SECONDS);
            } catch (IOException | InterruptedException e) {
                // exiting anyway
            }
        }, "infiniscope-client-stop");
        Runtime.getRuntime().addShutdownHook(stop);
        try (SocketChannel connected = channel) {
            status = exchange(connected, folder, tty, argv);
        } finally {
            ended.countDown();
        }
        if (stopped.get()) {
            return LOST; // System.exit waits for the shutdown that the signal started
        }
        try {
            Runtime.getRuntime().removeShutdownHook(stop);
        } catch (IllegalStateException e) {
            return LOST; // the signal came just now
        }
        return status == Integer.MIN_VALUE ? inProcess(launcher, argv) : status;
    }

    private static SocketChannel connect(String socket) {
        try {
            return SocketChannel.open(UnixDomainSocketAddress.of(socket));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** {@code LAUNCHER daemon start}: starts this configuration's daemon and returns once it serves, or fails. */
    private static boolean start(String launcher) throws InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(launcher, "daemon", "start")
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
        try {
            return builder.start().waitFor() == 0;
        } catch (IOException e) {
            return false;
        }
    }

    /** Runs the command without the daemon, on this client's own standard streams. */
    private static int inProcess(String launcher, List<String> argv) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(launcher);
        command.addAll(argv);
        ProcessBuilder builder = new ProcessBuilder(command).inheritIO();
        builder.environment().put("INFINISCOPE_DAEMON", "0");
        return builder.start().waitFor();
    }

    /**
     * Sends the request and copies the frames until the exit status.
     *
     * @return the command's status, {@link Integer#MIN_VALUE} when the daemon refused the command
     */
    static int exchange(SocketChannel channel, String folder, boolean tty, List<String> argv) throws IOException {
        List<byte[]> strings = new ArrayList<>();
        int size = 16;
        for (String s : prepend(folder, argv)) {
            byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
            strings.add(bytes);
            size += 4 + bytes.length;
        }
        ByteBuffer request = ByteBuffer.allocate(size).putInt(MAGIC);
        putString(request, strings.get(0));
        request.putInt(tty ? 1 : 0).putInt(argv.size());
        for (byte[] s : strings.subList(1, strings.size())) {
            putString(request, s);
        }
        request.flip();
        while (request.hasRemaining()) {
            channel.write(request);
        }
        Sink out = new Sink(new FileOutputStream(FileDescriptor.out));
        Sink err = new Sink(new FileOutputStream(FileDescriptor.err));
        ByteBuffer buffer = ByteBuffer.allocate(1 << 17);
        while (true) {
            while (buffer.position() < 5 || buffer.position() < 5 + buffer.getInt(1)) {
                if (!buffer.hasRemaining()) {
                    buffer = grow(buffer);
                }
                if (channel.read(buffer) < 0) {
                    byte[] message = "infiniscope: the daemon went away in the middle of the command\n"
                            .getBytes(StandardCharsets.UTF_8);
                    err.write(message, 0, message.length);
                    return LOST;
                }
            }
            byte kind = buffer.get(0);
            int length = buffer.getInt(1);
            switch (kind) {
                case OUT -> out.write(buffer.array(), 5, length);
                case ERR -> err.write(buffer.array(), 5, length);
                case EXIT -> {
                    return buffer.getInt(5);
                }
                case REFUSED -> {
                    return Integer.MIN_VALUE;
                }
                default -> throw new IOException("unknown frame " + kind + " from the daemon");
            }
            int next = 5 + length;
            buffer.limit(buffer.position()).position(next);
            buffer.compact();
        }
    }

    private static List<String> prepend(String folder, List<String> argv) {
        List<String> all = new ArrayList<>(argv.size() + 1);
        all.add(folder);
        all.addAll(argv);
        return all;
    }

    private static void putString(ByteBuffer buffer, byte[] bytes) {
        buffer.putInt(bytes.length).put(bytes);
    }

    private static ByteBuffer grow(ByteBuffer buffer) {
        ByteBuffer larger = ByteBuffer.allocate(buffer.capacity() * 2);
        return larger.put(buffer.flip());
    }

    /** A standard stream that, like {@code System.out}, drops output once writing failed (a closed pipe). */
    private static final class Sink {
        private final FileOutputStream stream;
        private boolean broken;

        Sink(FileOutputStream stream) {
            this.stream = stream;
        }

        void write(byte[] bytes, int offset, int length) {
            if (broken || length == 0) {
                return;
            }
            try {
                stream.write(bytes, offset, length);
            } catch (IOException e) {
                broken = true;
            }
        }
    }
}
