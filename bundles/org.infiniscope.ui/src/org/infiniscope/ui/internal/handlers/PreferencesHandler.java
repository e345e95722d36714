package org.infiniscope.ui.internal.handlers;

import jakarta.inject.Named;

import org.eclipse.e4.core.di.annotations.Execute;
import org.eclipse.e4.core.di.annotations.Optional;
import org.eclipse.e4.ui.services.IServiceConstants;
import org.eclipse.swt.widgets.Shell;
import org.infiniscope.ui.internal.session.FabricSession;

/** File › Preferences…. */
public final class PreferencesHandler {

    @Execute
    public void execute(@Named(IServiceConstants.ACTIVE_SHELL) Shell shell, @Optional FabricSession session) {
        new PreferencesDialog(shell, session == null ? "sim" : session.connection().configuredFabric()).open();
    }
}
