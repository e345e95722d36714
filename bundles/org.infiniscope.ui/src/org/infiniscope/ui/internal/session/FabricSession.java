package org.infiniscope.ui.internal.session;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.eclipse.swt.widgets.Display;
import org.infiniscope.model.FabricDelta;
import org.infiniscope.model.FabricModelListener;
import org.infiniscope.model.FabricModelService;
import org.infiniscope.model.connection.ConnectionListener;
import org.infiniscope.model.connection.ConnectionState;
import org.infiniscope.model.connection.FabricConnection;
import org.infiniscope.model.connection.FabricConnectionException;
import org.infiniscope.perf.Counter;
import org.infiniscope.perf.PerfEvent;
import org.infiniscope.perf.PerfListener;
import org.infiniscope.perf.PerfManager;
import org.infiniscope.perf.PortStats;
import org.infiniscope.ui.fabric.FabricRef;
import org.infiniscope.ui.internal.session.FabricEvent.Severity;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;

/**
 * The GUI's side of the fabric connection, one per application: it follows the {@link FabricConnection} and the
 * {@link FabricModelService}, keeps a detached copy of the model for the views ({@link FabricView}, taken off the UI
 * thread after each update), the events of the session, and tells its listeners — always on the UI thread.
 */
public final class FabricSession {

    /** Told on the UI thread. */
    public interface Listener {
        /** A new copy of the model after a sweep. */
        default void viewChanged(FabricView view) {
        }

        /** The connection's state changed. */
        default void stateChanged(ConnectionState state) {
        }

        /** Events were added to the log. */
        default void eventsAdded(List<FabricEvent> events) {
        }
    }

    /** At most this many events are kept. */
    static final int MAX_EVENTS = 5000;

    private final Display display;
    private final FabricConnection connection;
    private final FabricModelService model;
    private final PerfManager perf;
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    private final List<FabricEvent> events = new ArrayList<>();
    private final ExecutorService copier = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "infiniscope-ui-model");
        t.setDaemon(true);
        return t;
    });
    private final AtomicBoolean copyPending = new AtomicBoolean();
    private final AtomicLong generation = new AtomicLong();
    private volatile FabricView view = FabricView.EMPTY;
    private volatile Set<FabricRef.PortRef> portsWithErrors = Set.of();
    private volatile ConnectionState state;
    /** The sweep time of the last connection announced in the events. */
    private Instant announced;
    private final List<AutoCloseable> closers = new ArrayList<>();
    private boolean disposed;

    /**
     * @param perf the performance manager, for the ports with errors and counter events; may be null
     */
    public FabricSession(Display display, FabricConnection connection, FabricModelService model, PerfManager perf) {
        this.display = display;
        this.connection = connection;
        this.model = model;
        this.perf = perf;
    }

    /** Starts following the services; call once, on the UI thread. */
    public void start(BundleContext context) {
        FabricModelListener modelListener = this::modelChanged;
        model.addListener(modelListener);
        closers.add(() -> model.removeListener(modelListener));
        try {
            closers.add(connection.addListener(new ConnectionListener() {
                @Override
                public void stateChanged(ConnectionState s) {
                    connectionChanged(s);
                }
            }));
        } catch (RuntimeException e) {
            throw e;
        }
        if (context != null) {
            ServiceRegistration<PerfListener> reg = context.registerService(PerfListener.class, this::ruleBroken, null);
            closers.add(reg::unregister);
        }
        scheduleCopy();
    }

    /** Stops following; call on the UI thread when the application closes. */
    public void dispose() {
        disposed = true;
        for (AutoCloseable c : closers) {
            try {
                c.close();
            } catch (Exception e) {
                // the framework is stopping
            }
        }
        copier.shutdownNow();
    }

    /** @return the connection */
    public FabricConnection connection() {
        return connection;
    }

    /** @return the live model service (for saving it; views read {@link #view()}) */
    public FabricModelService model() {
        return model;
    }

    /** @return the copy the views show */
    public FabricView view() {
        return view;
    }

    /** @return the ports whose error counters are above zero in the performance manager, or that broke a rule */
    public Set<FabricRef.PortRef> portsWithErrors() {
        return portsWithErrors;
    }

    /** @return the connection's last state */
    public ConnectionState state() {
        ConnectionState s = state;
        return s != null ? s : connection.state();
    }

    /** @return the events so far, oldest first (UI thread) */
    public List<FabricEvent> events() {
        return Collections.unmodifiableList(new ArrayList<>(events));
    }

    /**
     * Adds a listener (UI thread).
     *
     * @return removes it
     */
    public Runnable addListener(Listener listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    /** Opens a fabric; see {@link FabricConnection#connect}. */
    public CompletableFuture<FabricDelta> connect(String fabric) {
        return connection.connect(fabric);
    }

    /** Sweeps again. */
    public CompletableFuture<FabricDelta> resweep() {
        return connection.resweep();
    }

    /** Adds an event (UI thread). */
    public void log(FabricEvent event) {
        addEvents(List.of(event));
    }

    /** Adds an event from any thread; it is added on the UI thread. */
    public void logLater(FabricEvent event) {
        ui(() -> addEvents(List.of(event)));
    }

    /**
     * Shows a remote runtime's own events (rules broken, SM, actions, its connection) among the session's, until the
     * returned handle is closed.
     */
    public Runnable follow(org.infiniscope.ui.remote.RemoteFabric remote) {
        RemoteEvents listener = new RemoteEvents(this, remote.base().toString());
        remote.addListener(listener);
        return () -> remote.removeListener(listener);
    }

    private void modelChanged(FabricDelta delta) {
        // the update's thread, the model consistent: the delta's live objects may be read here, and only here
        List<FabricEvent> found = DeltaEvents.of(delta, Instant.now());
        scheduleCopy();
        if (!found.isEmpty()) {
            ui(() -> addEvents(found));
        }
    }

    private synchronized void connectionChanged(ConnectionState s) {
        ConnectionState before = state;
        state = s;
        List<FabricEvent> found = new ArrayList<>();
        // a connection's first sweep (a re-sweep counts on from there), or the one the session found at its start
        boolean first = before == null && announced == null;
        if (s.phase() == ConnectionState.Phase.CONNECTED && s.lastSweep() != null
                && (first || s.sweeps() == 1 && !s.lastSweep().equals(announced))) {
            announced = s.lastSweep();
            found.add(new FabricEvent(Instant.now(), Severity.INFO, "connection",
                    "connected to " + s.fabric() + ": " + s.nodes() + " nodes", null));
        }
        if (s.message() != null && (before == null || !s.message().equals(before.message()))) {
            found.add(new FabricEvent(Instant.now(), Severity.ERROR, "connection", s.message(), null));
        }
        ui(() -> {
            for (Listener l : listeners) {
                l.stateChanged(s);
            }
            if (!found.isEmpty()) {
                addEvents(found);
            }
        });
    }

    private void ruleBroken(PerfEvent e) {
        FabricEvent event = new FabricEvent(Instant.now(), Severity.WARNING, "counter",
                e.nodeName() + " port " + e.port().port() + ": " + e.rule() + " (" + format(e.value()) + ")",
                new FabricRef.PortRef(e.port().nodeGuid(), e.port().port()));
        ui(() -> addEvents(List.of(event)));
    }

    private static String format(double value) {
        return value == Math.rint(value) ? String.valueOf((long) value) : String.format("%.1f", value);
    }

    private void addEvents(List<FabricEvent> found) {
        events.addAll(found);
        if (events.size() > MAX_EVENTS) {
            events.subList(0, events.size() - MAX_EVENTS).clear();
        }
        for (Listener l : listeners) {
            l.eventsAdded(found);
        }
    }

    /** Takes a copy of the model off the UI thread; updates that come while one is taken share the next. */
    private void scheduleCopy() {
        if (!copyPending.compareAndSet(false, true)) {
            return;
        }
        try {
            copier.execute(() -> {
                copyPending.set(false);
                FabricView next = FabricView.of(model.copy(), generation.incrementAndGet());
                Set<FabricRef.PortRef> errors = errors();
                ui(() -> {
                    if (next.generation() < view.generation()) {
                        return;
                    }
                    view = next;
                    portsWithErrors = errors;
                    for (Listener l : listeners) {
                        l.viewChanged(next);
                    }
                });
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            // disposed
        }
    }

    private Set<FabricRef.PortRef> errors() {
        if (perf == null) {
            return Set.of();
        }
        Set<FabricRef.PortRef> found = new HashSet<>();
        for (PortStats s : perf.ports()) {
            long sum = 0;
            for (Counter c : Counter.values()) {
                if (c.isError()) {
                    sum += s.total(c);
                }
            }
            if (sum > 0 && s.key().port() <= 254) {
                found.add(new FabricRef.PortRef(s.key().nodeGuid(), s.key().port()));
            }
        }
        for (PerfEvent e : perf.events()) {
            found.add(new FabricRef.PortRef(e.port().nodeGuid(), e.port().port()));
        }
        return Set.copyOf(found);
    }

    private void ui(Runnable r) {
        if (display.isDisposed()) {
            return;
        }
        display.asyncExec(() -> {
            if (!disposed) {
                r.run();
            }
        });
    }

    /** @return a failure's message for a dialog: the connection's own words */
    public static String message(Throwable failure) {
        Throwable t = failure;
        while (t instanceof java.util.concurrent.CompletionException
                || t instanceof java.util.concurrent.ExecutionException) {
            if (t.getCause() == null) {
                break;
            }
            t = t.getCause();
        }
        if (t instanceof FabricConnectionException e) {
            return e.getMessage();
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }
}
