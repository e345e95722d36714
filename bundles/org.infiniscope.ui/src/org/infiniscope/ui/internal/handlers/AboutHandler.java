package org.infiniscope.ui.internal.handlers;

import org.eclipse.e4.core.di.annotations.Execute;
import org.eclipse.e4.core.di.annotations.Optional;
import org.eclipse.swt.widgets.Shell;
import org.infiniscope.console.CommandService;

/** Help &gt; About Infiniscope. */
public final class AboutHandler {

    @Execute
    public void execute(Shell shell, @Optional CommandService commands) {
        new AboutDialog(shell, commands).open();
    }
}
