package org.infiniscope.console.vendor;

import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.infiniscope.console.vendor.VendorCallException.Kind;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

/**
 * Runs calls into vendor services within a time bound, on a bounded pool of daemon threads, and isolates what they
 * do wrong. Every core place that calls a vendor SPI goes through here:
 * <ul>
 * <li>a value within the bound is returned;</li>
 * <li>a checked exception is the SPI's own answer (a format refusing an image): it comes back as the cause of a
 * {@link Kind#DECLARED} exception, and the service stays in use;</li>
 * <li>an unchecked exception or error, or no answer within the bound (the call is then interrupted), is a fault:
 * it is logged once, naming the bundle's symbolic name, and the service is <em>quarantined</em>: later calls fail
 * at once with {@link Kind#QUARANTINED}, so a hung service holds one thread at most and costs one wait. The
 * quarantine ends with the service object: a bundle that is updated or reinstalled registers a new one.</li>
 * </ul>
 * The bound is {@value #LIMIT_PROPERTY} (a system property, in milliseconds; {@value #DEFAULT_LIMIT_MS} by default).
 * Callers never call on the UI thread; they fall back on the next service or leave the vendor's part out.
 */
public final class VendorCalls {

    /** The system property that sets the default time bound, in milliseconds. */
    public static final String LIMIT_PROPERTY = "infiniscope.vendor.timeout.ms";
    /** The default time bound, in milliseconds. */
    public static final long DEFAULT_LIMIT_MS = 2000;
    /** Threads at most: vendor calls that hang hold one each until they end (they are interrupted). */
    static final int THREADS = 16;
    private static final int QUEUE = 1024;

    private static final VendorCalls SHARED = new VendorCalls(
            Duration.ofMillis(Long.getLong(LIMIT_PROPERTY, DEFAULT_LIMIT_MS)));

    private final Duration limit;
    private final ThreadPoolExecutor pool;
    /** The services at fault, and why; weak, so that a service of an uninstalled bundle is forgotten with it. */
    private final Map<Object, String> quarantined = Collections.synchronizedMap(new WeakHashMap<>());

    /** A pool of its own with this default bound (tests; the core uses {@link #shared()}). */
    public VendorCalls(Duration limit) {
        if (limit.isNegative() || limit.isZero()) {
            throw new IllegalArgumentException("the time bound must be above zero, not " + limit);
        }
        this.limit = limit;
        AtomicInteger n = new AtomicInteger();
        ThreadFactory threads = r -> {
            Thread t = new Thread(r, "vendor-call-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
        this.pool = new ThreadPoolExecutor(THREADS, THREADS, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(QUEUE),
                threads);
        pool.allowCoreThreadTimeOut(true);
    }

    /** @return the runtime's calls, with the bound of {@value #LIMIT_PROPERTY} */
    public static VendorCalls shared() {
        return SHARED;
    }

    /** @return the default time bound */
    public Duration limit() {
        return limit;
    }

    /** @return whether a service is quarantined (it failed or hung) */
    public boolean isQuarantined(Object service) {
        return quarantined.containsKey(service);
    }

    /**
     * Calls a vendor service within the default bound.
     *
     * @param service the vendor's service object: its bundle is named in messages and it is what is quarantined
     * @param what the call, for messages ({@code "recognizes"}, {@code "decode"})
     * @throws VendorCallException when the call gave no value
     * @throws InterruptedException when the calling thread was interrupted while it waited
     */
    public <T> T call(Object service, String what, Callable<T> call) throws VendorCallException, InterruptedException {
        return call(service, what, limit, call);
    }

    /**
     * Calls a vendor service within a bound of the caller's (a routing engine's budget).
     *
     * @throws VendorCallException when the call gave no value
     * @throws InterruptedException when the calling thread was interrupted while it waited
     */
    public <T> T call(Object service, String what, Duration bound, Callable<T> call)
            throws VendorCallException, InterruptedException {
        String bundle = bundleOf(service);
        String fault = quarantined.get(service);
        if (fault != null) {
            throw new VendorCallException(Kind.QUARANTINED, bundle,
                    bundle + ": " + describe(service) + " is not called since it " + fault, null);
        }
        AtomicBoolean started = new AtomicBoolean();
        Future<T> future;
        try {
            future = pool.submit(() -> {
                started.set(true);
                return call.call();
            });
        } catch (RejectedExecutionException e) {
            throw new VendorCallException(Kind.BUSY, bundle,
                    bundle + ": " + what + " not called: every vendor call thread is taken", e);
        }
        try {
            return future.get(bound.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            if (!started.get()) {
                // not the service's fault: the pool's threads were all held by others that hang
                throw new VendorCallException(Kind.BUSY, bundle, bundle + ": " + what + " not called within "
                        + bound.toMillis() + " ms: every vendor call thread is taken", e);
            }
            throw fault(service, bundle, Kind.TIMED_OUT, what,
                    "gave no answer to " + what + " within " + bound.toMillis() + " ms", null);
        } catch (InterruptedException e) {
            future.cancel(true);
            throw e;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof Exception x && !(cause instanceof RuntimeException)) {
                throw new VendorCallException(Kind.DECLARED, bundle, bundle + ": " + what + ": " + x.getMessage(), x);
            }
            throw fault(service, bundle, Kind.FAILED, what, "threw " + cause + " from " + what, cause);
        }
    }

    private VendorCallException fault(Object service, String bundle, Kind kind, String what, String reason,
            Throwable cause) {
        boolean first = quarantined.putIfAbsent(service, reason) == null;
        String message = bundle + ": " + describe(service) + " " + reason + "; it is not called again";
        if (first) {
            FaultLog.warn(bundle, describe(service), reason);
        }
        return new VendorCallException(kind, bundle, message, cause);
    }

    /**
     * Runs a call that returns nothing; a fault is logged (once) and swallowed: for notifications whose failure
     * changes nothing in the core.
     *
     * @return whether it ran to its end
     */
    public boolean run(Object service, String what, Runnable call) {
        try {
            call(service, what, () -> {
                call.run();
                return null;
            });
            return true;
        } catch (VendorCallException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** @return the symbolic name of the bundle a service's class comes from, or the class's name outside OSGi */
    public static String bundleOf(Object service) {
        Bundle bundle = FrameworkUtil.getBundle(service.getClass());
        return bundle != null && bundle.getSymbolicName() != null
                ? bundle.getSymbolicName()
                : service.getClass().getName();
    }

    private static String describe(Object service) {
        Class<?>[] interfaces = service.getClass().getInterfaces();
        return interfaces.length == 0
                ? service.getClass().getSimpleName()
                : interfaces[0].getSimpleName() + " " + service.getClass().getSimpleName();
    }
}
