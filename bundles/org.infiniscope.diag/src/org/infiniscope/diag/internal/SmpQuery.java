package org.infiniscope.diag.internal;

import java.util.LinkedHashMap;
import java.util.Map;

import org.infiniscope.console.json.Json;
import org.infiniscope.diag.format.SmpFormat;
import org.infiniscope.mad.smp.NodeDescription;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.smp.SwitchInfo;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.MadFormatException;

/**
 * Runs one {@code smpquery} operation: the same Gets as the real tool, in the same order, and its text or our
 * JSON of the same fields. Nothing is printed until every Get has been answered, as the tool does.
 */
final class SmpQuery {

    private SmpQuery() {
    }

    /**
     * @return what to print on standard output
     * @throws QueryException naming the query that failed, as the tool does ({@code node info query failed: ...})
     */
    static String run(SmpQueryArgs args, SmpGetter smps) throws QueryException {
        return run(args, smps, NodeNames.DESCRIPTIONS);
    }

    /**
     * @param names the names of nodes ({@code --node-name-map}): {@code nodedesc} prints a node's name from it
     * @return what to print on standard output
     */
    static String run(SmpQueryArgs args, SmpGetter smps, NodeNames names) throws QueryException {
        Destination to = args.destination();
        Gets gets = new Gets(smps);
        return switch (args.op()) {
            case NODE_INFO -> {
                Map<String, String> fields = SmpFormat.nodeInfo(get(smps, SmpOp.NODE_INFO, NodeInfo.CODEC, 0));
                yield args.json()
                        ? json(args, fields)
                        : "# Node info: " + to.describe() + "\n" + SmpFormat.text(fields);
            }
            case NODE_DESC -> {
                // the tool reads NodeInfo first (for the node name map keyed by GUID), and fails if that fails
                NodeInfo info = get(smps, SmpOp.NODE_INFO, NodeInfo.CODEC, 0);
                String text = names.name(info.nodeGuid(), get(smps, SmpOp.NODE_DESC, NodeDescription.CODEC, 0).text());
                yield args.json() ? json(args, Map.of("NodeDesc", text)) : SmpFormat.nodeDescription(text) + "\n";
            }
            case PORT_INFO -> {
                PortInfo info = get(smps, SmpOp.PORT_INFO, PortInfo.CODEC, args.port());
                yield args.json()
                        ? json(args, SmpFormat.portInfo(info))
                        : "# Port info: " + to.describe() + " port " + args.port() + "\n"
                                + SmpFormat.portInfoText(info);
            }
            case SWITCH_INFO -> {
                Map<String, String> fields = SmpFormat.switchInfo(get(smps, SmpOp.SWITCH_INFO, SwitchInfo.CODEC, 0));
                yield args.json()
                        ? json(args, fields)
                        : "# Switch info: " + to.describe() + "\n" + SmpFormat.text(fields);
            }
            case PKEY_TABLE -> table(args, SmpTables.pKeys(gets, args.port()));
            case SL2VL_TABLE -> table(args, SmpTables.sl2vl(gets, to, args.port()));
            case VL_ARBITRATION -> table(args, SmpTables.vlArbitration(gets, to, args.port()));
            case GUID_INFO -> table(args, SmpTables.guidInfo(gets));
        };
    }

    private static String table(SmpQueryArgs args, SmpTables.Result result) {
        return args.json() ? json(args, result.json()) : result.text();
    }

    /** Gets that fail with the tools' words: "node info query failed: ...". */
    static final class Gets {

        private final SmpGetter smps;

        Gets(SmpGetter smps) {
            this.smps = smps;
        }

        /**
         * @param op the operation, which names the query unless {@code what} does
         * @param what the query's name in a failure, such as "node info"; {@code null} for the operation's own
         */
        <T> T get(SmpOp op, AttributeCodec<T> codec, int modifier, String what) throws QueryException {
            String name = what == null ? op.what() : what;
            try {
                return Smp.decodeAttribute(smps.get(codec.attributeId(), modifier), codec);
            } catch (QueryException e) {
                throw new QueryException(name + " query failed: " + e.getMessage());
            } catch (MadFormatException | IllegalArgumentException e) {
                throw new QueryException(name + " query failed: malformed answer: " + e.getMessage());
            }
        }
    }

    private static <T> T get(SmpGetter smps, SmpOp query, AttributeCodec<T> codec, int modifier) throws QueryException {
        try {
            return Smp.decodeAttribute(smps.get(codec.attributeId(), modifier), codec);
        } catch (QueryException e) {
            throw new QueryException(query.what() + " query failed: " + e.getMessage());
        } catch (MadFormatException | IllegalArgumentException e) {
            throw new QueryException(query.what() + " query failed: malformed answer: " + e.getMessage());
        }
    }

    private static String json(SmpQueryArgs args, Map<String, ?> fields) {
        Map<String, Object> object = new LinkedHashMap<>();
        object.put("operation", args.op().id());
        object.put("destination", args.destination().describe());
        if (args.op().takesPort()) {
            object.put("port", args.port());
        }
        object.put("fields", fields);
        return Json.write(object) + "\n";
    }
}
