package org.infiniscope.ui.fabric;

/**
 * Event broker topics the views use to ask each other for something (posted with {@code IEventBroker.post}, so
 * received on the UI thread through {@code @Inject @Optional @UIEventTopic(...)}).
 */
public final class UiTopics {

    /** Show a path in the topology: the data is a {@link PathRequest}. The topology highlights it hop by hop. */
    public static final String PATH_SHOW = "org/infiniscope/ui/path/show";

    /** The fabric session changed state (connecting, connected, swept, failed): the data is a String message. */
    public static final String FABRIC_STATE = "org/infiniscope/ui/fabric/state";

    private UiTopics() {
    }

    /** A path between two ports, to be traced hop by hop from the switches' forwarding tables. */
    public record PathRequest(FabricRef.PortRef from, FabricRef.PortRef to) {
    }
}
