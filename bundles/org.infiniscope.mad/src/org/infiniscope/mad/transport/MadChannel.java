package org.infiniscope.mad.transport;

import java.io.IOException;
import java.util.Set;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A raw path for MAD datagrams through one local port: what a {@link MadTransport} is built on
 * ({@link MadTransports#over}). Providers: libibumad through FFM, the embedded simulator, ibsim, tests.
 * <p>
 * A channel does no matching, time-outs or retries of its own: the transport does.
 */
@ConsumerType
public interface MadChannel extends AutoCloseable {

    /** @return the local port this channel sends from */
    LocalPort localPort() throws IOException;

    /**
     * @return the local port's GUID: {@code localPort().portGuid()}, which a channel may know without reading the
     *         port again (a port's GUID does not change while it is open)
     */
    default long portGuid() throws IOException {
        return localPort().portGuid();
    }

    /**
     * Declares a management class before its first MAD is sent or received, as libibumad's
     * {@code umad_register} requires.
     *
     * @param mgmtClass the class
     * @param classVersion its version
     * @param rmpp whether the class uses RMPP (then the channel must pass multi-segment transfers through)
     * @param unsolicitedMethods the request methods to receive unsolicited (empty: only answers to our
     *        requests)
     */
    void register(int mgmtClass, int classVersion, boolean rmpp, Set<Integer> unsolicitedMethods) throws IOException;

    /**
     * Sends one MAD.
     *
     * @param mad the MAD bytes (256, or more for an RMPP payload when the channel takes whole transfers)
     * @param length how many bytes of {@code mad} to send
     * @param destination where to
     * @param responseTimeoutMillis how long the sender will wait for an answer (0 when none is expected);
     *        channels to a kernel pass it on, because the kernel matches answers to requests by it
     */
    void send(byte[] mad, int length, MadAddress destination, int responseTimeoutMillis) throws IOException;

    /**
     * Says whether something below this channel (the kernel's MAD layer, for libibumad) segments and
     * reassembles RMPP transfers of a class. When it does, the transport hands whole payloads to
     * {@link #send} and expects whole reassembled payloads from the receiver; when it does not, the transport
     * runs RMPP itself over single 256-byte MADs.
     *
     * @param mgmtClass a management class that uses RMPP (SA, vendor classes 0x30–0x4F)
     * @return whether RMPP transfers of the class pass through this channel whole; {@code false} by default,
     *         as for a simulator that carries single datagrams
     */
    default boolean rmppInKernel(int mgmtClass) {
        return false;
    }

    /**
     * Says whether another user of this process waits for this channel's port: where a process may hold a port only
     * once at a time (libibumad under ibsim's umad2sim), a holder with nothing urgent to do (a warm-up) closes its
     * channel soon, so that the waiting one goes on.
     *
     * @return whether a user waits for this channel's port; {@code false} by default, as where ports are not shared
     */
    default boolean contended() {
        return false;
    }

    /**
     * Starts delivering received MADs, each on a thread of the channel's, until {@link #close()}.
     *
     * @param receiver where MADs go; it must return quickly
     */
    void start(Receiver receiver) throws IOException;

    /** Stops receiving and releases the port. Idempotent. */
    @Override
    void close();

    /** Receives the MADs a channel delivers. */
    @FunctionalInterface
    interface Receiver {

        /**
         * @param mad the bytes received; the receiver may keep the array
         * @param length how many are valid
         * @param source who sent them
         */
        void received(byte[] mad, int length, MadAddress source);
    }
}
