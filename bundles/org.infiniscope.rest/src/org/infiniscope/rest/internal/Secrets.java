package org.infiniscope.rest.internal;

import java.util.regex.Pattern;

/**
 * Hides key values in text a command printed before the API answers it: the tools hide M_Key and SM_Key unless
 * asked, and this is the second line of defence, for any tool's text that reaches a client.
 */
final class Secrets {

    private static final Pattern KEYED = Pattern.compile(
            "(?i)((?:m_?key|sm_?key|b_?key|vs_?key|c_?key|token|password|secret)[^:=\\n]{0,20}?[:=. \\t]+)(0x[0-9a-f]+|[0-9]+|isc_[A-Za-z0-9_\\-]+|\\S+)");
    private static final Pattern TOKEN = Pattern.compile("isc_[0-9a-f]{12}_[A-Za-z0-9_\\-]{20,}");

    private Secrets() {
    }

    static String scrub(String text) {
        if (text == null) {
            return null;
        }
        String hidden = TOKEN.matcher(text).replaceAll("<hidden>");
        return KEYED.matcher(hidden).replaceAll("$1<hidden>");
    }
}
