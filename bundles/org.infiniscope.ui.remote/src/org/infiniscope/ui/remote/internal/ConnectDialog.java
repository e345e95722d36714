package org.infiniscope.ui.remote.internal;

import java.net.URI;

import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.dialogs.TitleAreaDialog;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;

/**
 * File › Connect…: a headless runtime's address and a token. The token field hides what is typed; the token is
 * handed to the caller and kept nowhere else.
 */
public final class ConnectDialog extends TitleAreaDialog {

    /** The key of the widgets' IDs (the UI tests find widgets by it), as in the other parts of the GUI. */
    static final String WIDGET_ID = "org.infiniscope.ui.widgetId";

    private final String initialUrl;
    private Text url;
    private Text token;
    private URI resultUrl;
    private String resultToken;

    /** @param initialUrl the address to start from (the last one used), or null */
    public ConnectDialog(Shell parent, String initialUrl) {
        super(parent);
        this.initialUrl = initialUrl == null ? "http://127.0.0.1:9464" : initialUrl;
    }

    /** @return the address, once OK was pressed */
    public URI url() {
        return resultUrl;
    }

    /** @return the token, once OK was pressed */
    public String token() {
        return resultToken;
    }

    @Override
    protected void configureShell(Shell shell) {
        super.configureShell(shell);
        shell.setText("Connect to a Remote Runtime");
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        Composite area = (Composite) super.createDialogArea(parent);
        setTitle("Connect to a remote headless runtime");
        setMessage("Its REST API's address and a token (./infiniscope token add --role viewer, or operator for port"
                + " actions).");
        Composite c = new Composite(area, SWT.NONE);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(c);
        GridLayoutFactory.swtDefaults().numColumns(2).applyTo(c);
        new Label(c, SWT.NONE).setText("&URL:");
        url = new Text(c, SWT.BORDER | SWT.SINGLE);
        url.setText(initialUrl);
        url.setData(WIDGET_ID, "remote.url");
        GridDataFactory.fillDefaults().grab(true, false).hint(360, SWT.DEFAULT).applyTo(url);
        new Label(c, SWT.NONE).setText("&Token:");
        token = new Text(c, SWT.BORDER | SWT.SINGLE | SWT.PASSWORD);
        token.setData(WIDGET_ID, "remote.token");
        GridDataFactory.fillDefaults().grab(true, false).applyTo(token);
        url.addModifyListener(e -> validate());
        token.addModifyListener(e -> validate());
        return area;
    }

    @Override
    protected void createButtonsForButtonBar(Composite parent) {
        super.createButtonsForButtonBar(parent);
        getButton(IDialogConstants.OK_ID).setText("&Connect");
        validate();
    }

    /** @return why the input cannot be used, or null */
    static String problem(String url, String token) {
        URI uri;
        try {
            uri = URI.create(url.strip());
        } catch (IllegalArgumentException e) {
            return "Not a URL: " + e.getMessage();
        }
        if (!"http".equalsIgnoreCase(uri.getScheme()) && !"https".equalsIgnoreCase(uri.getScheme())
                || uri.getHost() == null) {
            return "The URL is http://HOST:PORT or https://HOST:PORT.";
        }
        if (uri.getRawUserInfo() != null) {
            return "Give the token below, not in the URL.";
        }
        if (token.isBlank()) {
            return "A token is needed.";
        }
        return null;
    }

    private void validate() {
        if (url == null || token == null || getButton(IDialogConstants.OK_ID) == null) {
            return;
        }
        String problem = problem(url.getText(), token.getText());
        setErrorMessage(problem);
        getButton(IDialogConstants.OK_ID).setEnabled(problem == null);
    }

    @Override
    protected void okPressed() {
        resultUrl = URI.create(url.getText().strip());
        resultToken = token.getText().strip();
        super.okPressed();
    }
}
