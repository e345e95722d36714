package org.infiniscope.ui.internal.handlers;

import jakarta.inject.Named;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;

import org.eclipse.e4.core.di.annotations.Execute;
import org.eclipse.e4.core.di.annotations.Optional;
import org.eclipse.e4.ui.model.application.MApplication;
import org.eclipse.e4.ui.services.IServiceConstants;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.window.Window;
import org.eclipse.swt.widgets.Shell;
import org.infiniscope.ui.internal.session.FabricSession;
import org.infiniscope.ui.remote.RemoteFabric;

/** File › Open Fabric…: asks for a fabric, then opens it in the background; a failure is shown in a dialog. */
public final class OpenFabricHandler {

    /** The title of the dialog that says why a fabric did not open. */
    public static final String ERROR_TITLE = "Cannot open the fabric";

    @Execute
    public void execute(@Named(IServiceConstants.ACTIVE_SHELL) Shell shell, @Optional FabricSession session,
            MApplication application) {
        if (session == null) {
            MessageDialog.openInformation(shell, "Open Fabric", "The fabric connection service is not running.");
            return;
        }
        OpenFabricDialog dialog = new OpenFabricDialog(shell, session.state().fabric());
        if (dialog.open() != Window.OK || dialog.fabric() == null) {
            return;
        }
        // a remote runtime's fabric shown now (File › Connect…) gives way: the local one takes the model
        RemoteFabric remote = application.getContext().get(RemoteFabric.class);
        if (remote != null) {
            application.getContext().remove(RemoteFabric.class);
            remote.close();
        }
        open(shell, session, dialog.fabric());
    }

    /** Opens a fabric without waiting; the status bar shows the progress, a dialog the failure. */
    static void open(Shell shell, FabricSession session, String fabric) {
        session.connect(fabric).whenComplete((delta, failure) -> {
            Throwable cause = failure instanceof CompletionException c && c.getCause() != null ? c.getCause() : failure;
            if (cause == null || cause instanceof CancellationException || shell.isDisposed()) {
                return;
            }
            shell.getDisplay().asyncExec(() -> {
                if (!shell.isDisposed()) {
                    MessageDialog.openError(shell, ERROR_TITLE, FabricSession.message(cause));
                }
            });
        });
    }
}
