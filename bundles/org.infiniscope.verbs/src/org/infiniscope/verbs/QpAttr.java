package org.infiniscope.verbs;

/**
 * The attributes of {@code ibv_modify_qp} and {@code ibv_query_qp} ({@code struct ibv_qp_attr}): a mutable holder
 * whose fields count only where the mask passed with it says so. Setters return {@code this} for chaining.
 */
public final class QpAttr {

    private QpState qpState = QpState.RESET;
    private QpState curQpState = QpState.RESET;
    private int pathMtu = Mtu.MTU_1024;
    private int qkey;
    private int rqPsn;
    private int sqPsn;
    private int destQpNum;
    private int qpAccessFlags;
    private QpCap cap;
    private AhAttr ahAttr;
    private AhAttr altAhAttr;
    private int pkeyIndex;
    private boolean sqDrainNotify;
    private int maxRdAtomic;
    private int maxDestRdAtomic;
    private int minRnrTimer;
    private int portNum;
    private int timeout;
    private int retryCnt;
    private int rnrRetry;

    public QpState qpState() {
        return qpState;
    }

    public QpAttr qpState(QpState v) {
        qpState = v;
        return this;
    }

    public QpState curQpState() {
        return curQpState;
    }

    public QpAttr curQpState(QpState v) {
        curQpState = v;
        return this;
    }

    /** @return the path MTU as {@link Mtu} codes it (1 for 256 bytes .. 5 for 4096) */
    public int pathMtu() {
        return pathMtu;
    }

    public QpAttr pathMtu(int v) {
        pathMtu = v;
        return this;
    }

    public int qkey() {
        return qkey;
    }

    public QpAttr qkey(int v) {
        qkey = v;
        return this;
    }

    public int rqPsn() {
        return rqPsn;
    }

    public QpAttr rqPsn(int v) {
        rqPsn = v;
        return this;
    }

    public int sqPsn() {
        return sqPsn;
    }

    public QpAttr sqPsn(int v) {
        sqPsn = v;
        return this;
    }

    public int destQpNum() {
        return destQpNum;
    }

    public QpAttr destQpNum(int v) {
        destQpNum = v;
        return this;
    }

    /** @return {@link Access} flags for what remote peers may do through the QP */
    public int qpAccessFlags() {
        return qpAccessFlags;
    }

    public QpAttr qpAccessFlags(int v) {
        qpAccessFlags = v;
        return this;
    }

    public QpCap cap() {
        return cap;
    }

    public QpAttr cap(QpCap v) {
        cap = v;
        return this;
    }

    public AhAttr ahAttr() {
        return ahAttr;
    }

    public QpAttr ahAttr(AhAttr v) {
        ahAttr = v;
        return this;
    }

    public AhAttr altAhAttr() {
        return altAhAttr;
    }

    public QpAttr altAhAttr(AhAttr v) {
        altAhAttr = v;
        return this;
    }

    public int pkeyIndex() {
        return pkeyIndex;
    }

    public QpAttr pkeyIndex(int v) {
        pkeyIndex = v;
        return this;
    }

    public boolean sqDrainNotify() {
        return sqDrainNotify;
    }

    public QpAttr sqDrainNotify(boolean v) {
        sqDrainNotify = v;
        return this;
    }

    public int maxRdAtomic() {
        return maxRdAtomic;
    }

    public QpAttr maxRdAtomic(int v) {
        maxRdAtomic = v;
        return this;
    }

    public int maxDestRdAtomic() {
        return maxDestRdAtomic;
    }

    public QpAttr maxDestRdAtomic(int v) {
        maxDestRdAtomic = v;
        return this;
    }

    /** @return the RNR NAK timer code (0..31, IBA table 45: 0 is 655.36 ms, 1 is 0.01 ms .. 31 is 491.52 ms) */
    public int minRnrTimer() {
        return minRnrTimer;
    }

    public QpAttr minRnrTimer(int v) {
        minRnrTimer = v;
        return this;
    }

    public int portNum() {
        return portNum;
    }

    public QpAttr portNum(int v) {
        portNum = v;
        return this;
    }

    /** @return the local ACK timeout code: 4.096 µs × 2^timeout, 0 for infinite */
    public int timeout() {
        return timeout;
    }

    public QpAttr timeout(int v) {
        timeout = v;
        return this;
    }

    public int retryCnt() {
        return retryCnt;
    }

    public QpAttr retryCnt(int v) {
        retryCnt = v;
        return this;
    }

    /** @return the RNR retries, 7 for infinite */
    public int rnrRetry() {
        return rnrRetry;
    }

    public QpAttr rnrRetry(int v) {
        rnrRetry = v;
        return this;
    }

    /** @return a copy of every field */
    public QpAttr copy() {
        QpAttr c = new QpAttr();
        c.qpState = qpState;
        c.curQpState = curQpState;
        c.pathMtu = pathMtu;
        c.qkey = qkey;
        c.rqPsn = rqPsn;
        c.sqPsn = sqPsn;
        c.destQpNum = destQpNum;
        c.qpAccessFlags = qpAccessFlags;
        c.cap = cap;
        c.ahAttr = ahAttr;
        c.altAhAttr = altAhAttr;
        c.pkeyIndex = pkeyIndex;
        c.sqDrainNotify = sqDrainNotify;
        c.maxRdAtomic = maxRdAtomic;
        c.maxDestRdAtomic = maxDestRdAtomic;
        c.minRnrTimer = minRnrTimer;
        c.portNum = portNum;
        c.timeout = timeout;
        c.retryCnt = retryCnt;
        c.rnrRetry = rnrRetry;
        return c;
    }
}
