package org.infiniscope.headless;

import java.io.DataInputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code DaemonClient --train}: one whole exchange of the client with a stand-in server on a socket of its own, so
 * that {@code -XX:AOTCacheOutput} records every class the client loads on its way (the launcher trains the client's
 * AOT cache with it once per build). The stand-in answers with a line on each stream and status 0.
 */
final class Training {

    private Training() {
    }

    static int run() throws IOException, InterruptedException {
        Path folder = Files.createTempDirectory("infiniscope-client-");
        Path socket = folder.resolve("train.sock");
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(socket));
            Thread stand = new Thread(() -> answer(server), "infiniscope-client-training");
            stand.start();
            int status;
            try (SocketChannel channel = SocketChannel.open(UnixDomainSocketAddress.of(socket))) {
                status = DaemonClient.exchange(channel, folder.toString(), false, List.of("version"));
            }
            stand.join();
            return status;
        } finally {
            Files.deleteIfExists(socket);
            Files.deleteIfExists(folder);
        }
    }

    private static void answer(ServerSocketChannel server) {
        try (SocketChannel client = server.accept()) {
            DataInputStream in = new DataInputStream(Channels.newInputStream(client));
            in.readInt();
            in.readNBytes(in.readInt());
            in.readInt();
            int argc = in.readInt();
            for (int i = 0; i < argc; i++) {
                in.readNBytes(in.readInt());
            }
            byte[] line = "training\n".getBytes(StandardCharsets.UTF_8);
            for (byte kind : new byte[]{DaemonClient.OUT, DaemonClient.ERR}) {
                ByteBuffer frame = ByteBuffer.allocate(5 + line.length).put(kind).putInt(line.length).put(line).flip();
                while (frame.hasRemaining()) {
                    client.write(frame);
                }
            }
            ByteBuffer exit = ByteBuffer.allocate(9).put(DaemonClient.EXIT).putInt(4).putInt(0).flip();
            while (exit.hasRemaining()) {
                client.write(exit);
            }
        } catch (IOException e) {
            System.err.println("infiniscope client training: " + e);
        }
    }
}
