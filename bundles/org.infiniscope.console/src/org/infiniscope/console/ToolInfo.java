package org.infiniscope.console;

/**
 * What {@code help} shows of a tool.
 *
 * @param name the command name
 * @param summary one line of description
 * @param bundle the symbolic name of the bundle that provides it
 */
public record ToolInfo(String name, String summary, String bundle) {
}
