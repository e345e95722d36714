package org.infiniscope.sm.routing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the unicast forwarding tables another SM programmed, as infiniband-diags' {@code ibroute} prints them (one
 * switch after another) or OpenSM's {@code opensm-lfts.dump} holds them: a header line
 * {@code Unicast lids [0x1-0x3c] of switch ... guid 0x0008f10500000100 (...):} then one line a LID,
 * {@code 0x0001 001 : (Channel Adapter portguid ...)}. Switches are matched to the graph by node GUID; a switch
 * the dump does not have gets an empty table.
 */
public final class LftDump {

    private static final Pattern HEADER = Pattern.compile("^\\s*Unicast lids .*?guid (0x[0-9a-fA-F]+)");
    private static final Pattern ENTRY = Pattern.compile("^\\s*0x([0-9a-fA-F]{1,4})\\s+(\\d{1,3})\\b");

    private LftDump() {
    }

    /**
     * @param engine the name the result gets (the other SM's engine)
     * @return the tables, indexed as {@code graph}'s switches
     * @throws IOException when the reader fails
     * @throws IllegalArgumentException naming the line of an entry that comes before any switch header
     */
    public static RoutingResult parse(Reader in, RoutingGraph graph, String engine) throws IOException {
        byte[][] tables = new byte[graph.switchCount()][graph.maxLid() + 1];
        for (byte[] t : tables) {
            Arrays.fill(t, (byte) RoutingResult.NO_ROUTE);
        }
        BufferedReader reader = new BufferedReader(in);
        String line;
        int number = 0;
        byte[] current = null;
        boolean inSwitch = false;
        while ((line = reader.readLine()) != null) {
            number++;
            Matcher header = HEADER.matcher(line);
            if (header.find()) {
                int s = graph.switchIndex(Long.parseUnsignedLong(header.group(1).substring(2), 16));
                current = s == RoutingGraph.NONE ? null : tables[s];
                inSwitch = true;
                continue;
            }
            Matcher entry = ENTRY.matcher(line);
            if (entry.find()) {
                if (!inSwitch) {
                    throw new IllegalArgumentException("line " + number + ": a LID entry before any switch header");
                }
                int lid = Integer.parseInt(entry.group(1), 16);
                int port = Integer.parseInt(entry.group(2));
                if (current != null && lid < current.length && port <= 255) {
                    current[lid] = (byte) port;
                }
            }
        }
        return new RoutingResult(engine, tables);
    }
}
