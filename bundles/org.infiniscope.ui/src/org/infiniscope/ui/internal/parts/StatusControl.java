package org.infiniscope.ui.internal.parts;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Inject;

import org.eclipse.e4.core.di.annotations.Optional;
import org.eclipse.e4.core.services.events.IEventBroker;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.ProgressBar;
import org.infiniscope.model.connection.ConnectionState;
import org.infiniscope.ui.fabric.UiTopics;
import org.infiniscope.ui.internal.session.FabricSession;
import org.infiniscope.ui.remote.RemoteFabric;

/**
 * The status bar: the connection's state, a progress bar while it connects or sweeps, and a Cancel button that stops
 * it (the fabric connected before stays). It only shows what the connection tells; it never waits on it.
 */
public final class StatusControl {

    private Label text;
    private ProgressBar progress;
    private Button cancel;
    private FabricSession session;
    private Runnable unsubscribe;
    private RemoteFabric remote;
    private RemoteFabric.Listener remoteListener;
    @Inject
    @Optional
    private IEventBroker broker;

    @PostConstruct
    public void create(Composite parent) {
        Composite area = new Composite(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(3).margins(6, 2).applyTo(area);
        text = new Label(area, SWT.NONE);
        text.setData(ConsolePart.WIDGET_ID, "status.text");
        text.setText("Not connected");
        // as wide as its text (a fabric's file path is long): the trim bar lays it out again when it changes
        GridDataFactory.fillDefaults().grab(true, false).align(SWT.FILL, SWT.CENTER).minSize(300, SWT.DEFAULT)
                .applyTo(text);
        progress = new ProgressBar(area, SWT.HORIZONTAL | SWT.SMOOTH);
        progress.setData(ConsolePart.WIDGET_ID, "status.progress");
        GridDataFactory.swtDefaults().hint(160, SWT.DEFAULT).applyTo(progress);
        cancel = new Button(area, SWT.PUSH);
        cancel.setText("Cancel");
        cancel.setData(ConsolePart.WIDGET_ID, "status.cancel");
        cancel.addListener(SWT.Selection, e -> {
            if (session != null) {
                session.connection().cancel();
            }
        });
        show(null);
        if (session != null) { // injected before the widgets existed
            FabricSession s = session;
            session = null;
            setSession(s);
        }
    }

    @Inject
    @Optional
    void setSession(FabricSession session) {
        if (this.session == session) {
            return;
        }
        if (unsubscribe != null) {
            unsubscribe.run();
        }
        this.session = session;
        if (session != null && text != null) {
            unsubscribe = session.addListener(new FabricSession.Listener() {
                @Override
                public void stateChanged(ConnectionState state) {
                    show(state);
                }
            });
            show(session.state());
        }
    }

    /**
     * The remote runtime whose fabric is shown (File › Connect…): while it is there the status is its state, not the
     * local connection's.
     */
    @Inject
    @Optional
    void setRemote(RemoteFabric remote) {
        if (this.remote == remote) {
            return;
        }
        if (this.remote != null && remoteListener != null) {
            this.remote.removeListener(remoteListener);
        }
        this.remote = remote;
        if (remote != null) {
            Display display = Display.getCurrent();
            remoteListener = new RemoteFabric.Listener() {
                @Override
                public void stateChanged(RemoteFabric.State state, String message) {
                    refresh();
                }

                @Override
                public void loaded(org.infiniscope.model.FabricDelta delta) {
                    refresh();
                }

                private void refresh() {
                    if (display != null && !display.isDisposed()) {
                        display.asyncExec(() -> show(session == null ? null : session.state()));
                    }
                }
            };
            remote.addListener(remoteListener);
        }
        show(session == null ? null : session.state());
    }

    /** @return the status of the remote fabric shown, or null when the local one is */
    private String remoteStatus() {
        RemoteFabric r = remote;
        if (r == null || r.state() == RemoteFabric.State.CLOSED) {
            return null;
        }
        String nodes = session == null ? "" : ": " + session.model().read(f -> f.getNodes().size()) + " nodes";
        return switch (r.state()) {
            case LIVE -> r.base() + nodes + " (remote, live)";
            case RECONNECTING -> r.base() + nodes + " (remote, reconnecting)";
            case CONNECTING -> "connecting to " + r.base();
            case FAILED -> r.base() + " (remote, failed)";
            case CLOSED -> null;
        };
    }

    private void show(ConnectionState state) {
        if (text == null || text.isDisposed()) {
            return;
        }
        String remoteText = remoteStatus();
        if (remoteText != null) {
            text.setText(remoteText);
            text.setToolTipText(null);
            progress.setVisible(false);
            cancel.setVisible(false);
            text.requestLayout();
            if (broker != null) {
                broker.post(UiTopics.FABRIC_STATE, remoteText);
            }
            return;
        }
        boolean busy = state != null && state.busy();
        text.setText(state == null ? "Not connected" : state.describe());
        text.setToolTipText(state == null || state.message() == null ? null : state.message());
        progress.setVisible(busy);
        cancel.setVisible(busy);
        if (busy) {
            long total = state.answered() + state.pending();
            progress.setMaximum(1000);
            progress.setSelection(total == 0 ? 0 : (int) (1000 * state.answered() / total));
        }
        text.requestLayout(); // the trim bar gives the status its new width
        if (broker != null && state != null) {
            broker.post(UiTopics.FABRIC_STATE, state.describe());
        }
    }

    @PreDestroy
    public void dispose() {
        if (unsubscribe != null) {
            unsubscribe.run();
        }
        if (remote != null && remoteListener != null) {
            remote.removeListener(remoteListener);
        }
    }
}
