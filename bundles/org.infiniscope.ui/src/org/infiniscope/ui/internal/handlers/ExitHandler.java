package org.infiniscope.ui.internal.handlers;

import org.eclipse.e4.core.di.annotations.Execute;
import org.eclipse.e4.ui.workbench.IWorkbench;

/** File &gt; Exit. */
public final class ExitHandler {

    @Execute
    public void execute(IWorkbench workbench) {
        workbench.close();
    }
}
