package org.infiniscope.console.audit;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Masks secrets (M_Key, SM_Key, tokens, passwords) in command lines and free text before they are logged, audited or
 * answered. P_Keys are not secrets and stay as they are.
 */
public final class Secrets {

    /** What stands in for a secret. */
    public static final String MASK = "****";

    /** Short options whose value is a secret: infiniband-diags' {@code -y} (M_Key). */
    private static final List<String> SECRET_SHORT_OPTIONS = List.of("-y");

    /** {@code name=value} or {@code name: value} in free text, with a secret's name. */
    private static final Pattern ASSIGNMENT = Pattern.compile(
            "(?i)(\\b[\\w.-]*(?:m_?key|sm_?key|token|password|passwd|secret|keystore_?password)[\\w.-]*\"?\\s*[=:]\\s*)"
                    + "(\"[^\"]*\"|'[^']*'|[^\\s,;&\"'}]+)");
    /** An HTTP authorisation value. */
    private static final Pattern BEARER = Pattern.compile("(?i)\\b(bearer|basic)\\s+[A-Za-z0-9._~+/=-]+");
    /** A secret option followed by its value, as one command line. */
    private static final Pattern OPTION = Pattern.compile(
            "(?i)((?:^|\\s)(?:-y|--?[\\w-]*(?:m_?key|sm_?key|token|password|passwd|secret)[\\w-]*))(\\s+)(\\S+)");

    private Secrets() {
    }

    /**
     * @param option a command-line option without its value, such as {@code --m_key} or {@code -y}
     * @return whether its value is a secret
     */
    public static boolean isSecretOption(String option) {
        if (!option.startsWith("-")) {
            return false;
        }
        if (SECRET_SHORT_OPTIONS.contains(option)) {
            return true;
        }
        return isSecretName(option.replaceFirst("^-+", ""));
    }

    /**
     * @param name a setting's or option's name without dashes, such as {@code sm_key} or {@code token}
     * @return whether its value is a secret (P_Keys are not)
     */
    public static boolean isSecretName(String name) {
        String n = name.toLowerCase(Locale.ROOT).replace("_", "").replace("-", "").replace(".", "");
        return n.contains("mkey") || n.contains("token") || n.contains("password") || n.contains("passwd")
                || n.contains("secret");
    }

    /**
     * @param argv a command line
     * @return a copy with the value of every secret option ({@code --m_key V}, {@code --m_key=V}, {@code -y V})
     *         replaced by {@link #MASK}, and secrets in the other words masked as by {@link #maskText}
     */
    public static List<String> mask(List<String> argv) {
        List<String> masked = new ArrayList<>(argv.size());
        for (int i = 0; i < argv.size(); i++) {
            String arg = argv.get(i);
            int eq = arg.indexOf('=');
            if (arg.startsWith("-") && eq > 0 && isSecretOption(arg.substring(0, eq))) {
                masked.add(arg.substring(0, eq + 1) + MASK);
            } else if (isSecretOption(arg) && i + 1 < argv.size()) {
                masked.add(arg);
                masked.add(MASK);
                i++;
            } else {
                masked.add(maskText(arg));
            }
        }
        return List.copyOf(masked);
    }

    /**
     * @param text free text, such as an error message or a command line joined by spaces; may be null
     * @return the text with the values of {@code m_key=V}, {@code token: V}, {@code --sm_key V}, {@code -y V} and
     *         {@code Bearer V} replaced by {@link #MASK}
     */
    public static String maskText(String text) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        String masked = replace(ASSIGNMENT.matcher(text), 1);
        masked = replace(OPTION.matcher(masked), 2);
        Matcher bearer = BEARER.matcher(masked);
        StringBuilder out = new StringBuilder();
        while (bearer.find()) {
            bearer.appendReplacement(out, Matcher.quoteReplacement(bearer.group(1) + " " + MASK));
        }
        bearer.appendTail(out);
        return out.toString();
    }

    /** Keeps the groups up to {@code keep} and masks the last one. */
    private static String replace(Matcher matcher, int keep) {
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            StringBuilder kept = new StringBuilder();
            for (int g = 1; g <= keep; g++) {
                kept.append(matcher.group(g));
            }
            String value = matcher.group(keep + 1);
            String quote = value.length() > 1 && (value.charAt(0) == '"' || value.charAt(0) == '\'')
                    ? value.substring(0, 1)
                    : "";
            matcher.appendReplacement(out, Matcher.quoteReplacement(kept + quote + MASK + quote));
        }
        matcher.appendTail(out);
        return out.toString();
    }
}
