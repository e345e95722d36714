package org.infiniscope.ui.remote.internal;

import jakarta.inject.Named;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.eclipse.e4.core.contexts.IEclipseContext;
import org.eclipse.e4.core.di.annotations.Execute;
import org.eclipse.e4.ui.model.application.MApplication;
import org.eclipse.e4.ui.services.IServiceConstants;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.window.Window;
import org.eclipse.swt.widgets.Shell;
import org.infiniscope.model.FabricModelService;
import org.infiniscope.model.connection.ConnectionState;
import org.infiniscope.model.connection.FabricConnection;
import org.infiniscope.ui.remote.RemoteFabric;
import org.infiniscope.ui.remote.RemoteFabricException;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceReference;

/**
 * File › Connect…: asks for a headless runtime's URL and a token, then reads its fabric into the application's
 * fabric model in the background and keeps it live ({@link RemoteFabric}); the views show it as they show a local
 * fabric. The connection is kept in the application's context (one at a time: a new one closes the previous one).
 * A local fabric that is connected would overwrite the remote one with its own sweeps: it is closed first, once the
 * user agrees.
 */
public final class ConnectHandler {

    /** The title of the dialog that says why the connection failed. */
    public static final String ERROR_TITLE = "Cannot connect to the remote runtime";

    /** The title of the question whether to close the local fabric. */
    public static final String QUESTION_TITLE = "Close the local fabric?";

    private static final long DISCONNECT_SECONDS = 30;

    /** The address used last in this session (the token is never kept here). */
    private static volatile String lastUrl;

    @Execute
    public void execute(@Named(IServiceConstants.ACTIVE_SHELL) Shell shell, MApplication application) {
        BundleContext bundles = FrameworkUtil.getBundle(ConnectHandler.class).getBundleContext();
        FabricModelService model = service(bundles, FabricModelService.class);
        if (model == null) {
            MessageDialog.openInformation(shell, "Connect", "The fabric model service is not running.");
            return;
        }
        ConnectDialog dialog = new ConnectDialog(shell, lastUrl);
        if (dialog.open() != Window.OK) {
            return;
        }
        lastUrl = dialog.url().toString();
        FabricConnection local = service(bundles, FabricConnection.class);
        String inTheWay = local == null ? null : localFabricInTheWay(local.state());
        if (inTheWay != null && !MessageDialog.openQuestion(shell, QUESTION_TITLE, inTheWay)) {
            return;
        }
        IEclipseContext context = application.getContext();
        RemoteFabric previous = context.get(RemoteFabric.class);
        if (previous != null) {
            context.remove(RemoteFabric.class);
            previous.close();
        }
        RemoteFabric remote;
        try {
            remote = new RemoteFabric(dialog.url(), dialog.token(), model);
        } catch (IllegalArgumentException e) {
            MessageDialog.openError(shell, ERROR_TITLE, e.getMessage());
            return;
        }
        Thread.ofVirtual().name("remote-connect").start(() -> {
            try {
                if (inTheWay != null) {
                    local.disconnect().get(DISCONNECT_SECONDS, TimeUnit.SECONDS);
                }
                remote.connect();
                shell.getDisplay().asyncExec(() -> context.set(RemoteFabric.class, remote));
            } catch (RemoteFabricException e) {
                fail(shell, remote, (e.status() == 0 ? "" : "HTTP " + e.status() + ": ") + e.getMessage());
            } catch (ExecutionException | TimeoutException e) {
                fail(shell, remote, "The local fabric could not be closed: " + e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                remote.close();
            }
        });
    }

    private static void fail(Shell shell, RemoteFabric remote, String message) {
        remote.close();
        shell.getDisplay().asyncExec(() -> {
            if (!shell.isDisposed()) {
                MessageDialog.openError(shell, ERROR_TITLE, message);
            }
        });
    }

    /** @return the question to ask before a local fabric is closed for the remote one, or null when none runs */
    static String localFabricInTheWay(ConnectionState state) {
        if (state.busy() || state.phase() == ConnectionState.Phase.CONNECTED) {
            return "A local fabric (" + (state.fabric() != null ? state.fabric() : state.target())
                    + ") is connected: its sweeps would overwrite the remote fabric in the views. Close it and show"
                    + " the remote runtime's fabric?";
        }
        return null;
    }

    private static <T> T service(BundleContext bundles, Class<T> type) {
        ServiceReference<T> ref = bundles == null ? null : bundles.getServiceReference(type);
        return ref == null ? null : bundles.getService(ref);
    }
}
