package org.infiniscope.mad;

/** MAD methods (IBA 13.4.5); a response has bit 7 set. */
public final class Method {

    public static final int GET = 0x01;
    public static final int SET = 0x02;
    public static final int SEND = 0x03;
    public static final int TRAP = 0x05;
    public static final int REPORT = 0x06;
    public static final int TRAP_REPRESS = 0x07;
    public static final int GET_TABLE = 0x12;
    public static final int GET_TRACE_TABLE = 0x13;
    public static final int GET_MULTI = 0x14;
    public static final int DELETE = 0x15;
    public static final int RESPONSE = 0x80;
    public static final int GET_RESP = GET | RESPONSE;
    public static final int REPORT_RESP = REPORT | RESPONSE;
    public static final int GET_TABLE_RESP = GET_TABLE | RESPONSE;
    public static final int GET_MULTI_RESP = GET_MULTI | RESPONSE;
    public static final int DELETE_RESP = DELETE | RESPONSE;

    private Method() {
    }

    public static boolean isResponse(int method) {
        return (method & RESPONSE) != 0;
    }

    /**
     * @return the method that answers {@code method}: Set is answered by GetResp, every other request by
     *         itself with the response bit
     */
    public static int responseOf(int method) {
        return method == SET ? GET_RESP : (method | RESPONSE);
    }

    /** @return a readable name such as {@code GetTableResp} */
    public static String name(int method) {
        String base = switch (method & 0x7F) {
            case GET -> "Get";
            case SET -> "Set";
            case SEND -> "Send";
            case TRAP -> "Trap";
            case REPORT -> "Report";
            case TRAP_REPRESS -> "TrapRepress";
            case GET_TABLE -> "GetTable";
            case GET_TRACE_TABLE -> "GetTraceTable";
            case GET_MULTI -> "GetMulti";
            case DELETE -> "Delete";
            default -> String.format("Method(0x%02x)", method & 0x7F);
        };
        return isResponse(method) ? base + "Resp" : base;
    }
}
