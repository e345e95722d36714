package org.infiniscope.ui.internal.handlers;

import jakarta.inject.Named;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;

import org.eclipse.e4.core.di.annotations.CanExecute;
import org.eclipse.e4.core.di.annotations.Execute;
import org.eclipse.e4.core.di.annotations.Optional;
import org.eclipse.e4.ui.services.IServiceConstants;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Shell;
import org.infiniscope.ui.internal.session.FabricSession;
import org.infiniscope.ui.internal.session.UiPreferences;

/** File › Save Snapshot…: writes the model as XMI (Open Fabric reads it back), off the UI thread. */
public final class SaveSnapshotHandler {

    @CanExecute
    public boolean canExecute(@Optional FabricSession session) {
        return session != null && !session.view().isEmpty();
    }

    @Execute
    public void execute(@Named(IServiceConstants.ACTIVE_SHELL) Shell shell, @Optional FabricSession session) {
        if (session == null) {
            return;
        }
        FileDialog files = new FileDialog(shell, SWT.SAVE);
        files.setOverwrite(true);
        files.setFilterExtensions(new String[]{"*.xmi", "*"});
        files.setFileName("fabric.xmi");
        files.setFilterPath(UiPreferences.get(UiPreferences.LAST_FOLDER, System.getProperty("user.home")));
        String chosen = files.open();
        if (chosen == null) {
            return;
        }
        Path file = Path.of(chosen);
        CompletableFuture.runAsync(() -> {
            Path part = file.resolveSibling(file.getFileName() + ".part");
            try (OutputStream out = Files.newOutputStream(part)) {
                session.model().save(out);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            try {
                Files.move(part, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }).whenComplete((v, failure) -> {
            if (failure != null && !shell.isDisposed()) {
                shell.getDisplay().asyncExec(() -> MessageDialog.openError(shell, "Cannot save the snapshot",
                        "Cannot write " + file + ": " + FabricSession.message(failure)));
            }
        });
    }
}
