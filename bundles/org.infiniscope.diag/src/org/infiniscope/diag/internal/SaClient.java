package org.infiniscope.diag.internal;

import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.infiniscope.mad.ClassPortInfo;
import org.infiniscope.mad.Mad;
import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.sa.SaHeader;
import org.infiniscope.mad.sa.SaMad;
import org.infiniscope.mad.sa.SaStatus;
import org.infiniscope.mad.sa.SaTable;
import org.infiniscope.mad.transport.LocalPort;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadRequest;
import org.infiniscope.mad.transport.MadTimeoutException;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.RmppTransferException;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.MadFormatException;

/**
 * SA queries as saquery sends them: a SubnAdmGetTable with a template record and a component mask, to the SA at the
 * master SM's LID that this port's PortInfo names, SM_Key 0 (untrusted) unless given; the transport reassembles the
 * RMPP answer.
 */
final class SaClient {

    /** Beyond the transport's own time-outs: only a transport that lost the request would need it. */
    private static final Duration GRACE = Duration.ofSeconds(5);

    private final MadTransport transport;
    private final int saLid;
    private final Duration timeout;
    private final long smKey;

    private SaClient(MadTransport transport, int saLid, Duration timeout, long smKey) {
        this.transport = transport;
        this.saLid = saLid;
        this.timeout = timeout;
        this.smKey = smKey;
    }

    /**
     * @return a client of the SA this port knows
     * @throws QueryException when the port knows no SM (SM LID 0): then no SA can answer
     */
    static SaClient of(MadTransport transport, Duration timeout) throws QueryException {
        return of(transport, timeout, 0);
    }

    /**
     * @param smKey the SM_Key of the requests ({@code --smkey}): an SA trusts a requester with its own key, and
     *        answers some queries (OpenSM: PKeyTableRecords of other ports) only to one it trusts
     * @return a client of the SA this port knows
     */
    static SaClient of(MadTransport transport, Duration timeout, long smKey) throws QueryException {
        LocalPort local;
        try {
            local = transport.localPort();
        } catch (IOException e) {
            throw new QueryException("cannot read the local port: " + e.getMessage());
        }
        if (local.smLid() == 0) {
            throw new QueryException("no SA to ask: port " + local.portNumber() + " of " + local.caName()
                    + " knows no subnet manager (its SM LID is 0; is an SM running on this fabric?)");
        }
        return new SaClient(transport, local.smLid(), timeout, smKey);
    }

    int saLid() {
        return saLid;
    }

    /**
     * @param template the request's data: the template record's bytes (fields outside the mask are ignored)
     * @return the records of the table, in the SA's order
     */
    <T> List<T> getTable(AttributeCodec<T> codec, int modifier, long componentMask, byte[] template)
            throws QueryException {
        byte[] answer = send(Method.GET_TABLE, codec.attributeId(), modifier, componentMask, template);
        try {
            return SaTable.decode(answer, codec);
        } catch (MadFormatException e) {
            throw new QueryException("malformed SA answer: " + e.getMessage());
        }
    }

    /** @return the SA's ClassPortInfo (a SubnAdmGet) */
    ClassPortInfo classPortInfo() throws QueryException {
        byte[] answer = send(Method.GET, ClassPortInfo.ATTRIBUTE_ID, 0, 0, new byte[0]);
        try {
            return ClassPortInfo.CODEC.decode(Arrays.copyOf(answer, Math.max(answer.length, Mad.SIZE)),
                    SaMad.DATA_OFFSET);
        } catch (MadFormatException e) {
            throw new QueryException("malformed SA ClassPortInfo: " + e.getMessage());
        }
    }

    private byte[] send(int method, int attributeId, int modifier, long componentMask, byte[] template)
            throws QueryException {
        MadHeader header = new MadHeader(MadHeader.BASE_VERSION, MgmtClass.SUBN_ADM, SaMad.CLASS_VERSION, method, 0, 0,
                0, attributeId, modifier);
        SaHeader sa = SaHeader.withComponents(componentMask);
        sa = new SaHeader(sa.rmpp(), smKey, sa.attributeOffset(), sa.componentMask());
        byte[] request = new SaMad(header, sa, template).encode();
        MadRequest send = new MadRequest(request, MadAddress.gsi(saLid), timeout, MadRequest.DEFAULT_RETRIES);
        long bound = timeout.multipliedBy(MadRequest.DEFAULT_RETRIES + 1L).plus(GRACE).toMillis();
        byte[] answer;
        try {
            answer = transport.send(send).get(bound, TimeUnit.MILLISECONDS).mad();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof MadTimeoutException t) {
                throw new QueryException("no answer from the SA at LID " + saLid + " after " + t.attempts()
                        + " attempts of " + timeout.toMillis() + " ms");
            }
            if (cause instanceof RmppTransferException r) {
                throw new QueryException("the SA's answer broke off: " + r.getMessage());
            }
            throw new QueryException("query SA failed: "
                    + (cause instanceof IOException ? "could not send: " + cause.getMessage() : cause));
        } catch (TimeoutException e) {
            throw new QueryException("no answer from the SA at LID " + saLid + " within " + bound + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new QueryException("interrupted");
        }
        MadHeader got;
        try {
            got = MadHeader.decode(answer, 0);
        } catch (MadFormatException e) {
            throw new QueryException("malformed SA answer: " + e.getMessage());
        }
        if (got.status() != 0) {
            // saquery's words: "ERROR: Query result returned 0x0c00,  SA(ERR_NO_RECORDS)"
            throw new QueryException(String.format("query result returned 0x%04x (%s)", got.status(),
                    SaStatus.describeStatus(got.status())));
        }
        if (got.method() != (method | Method.RESPONSE)) {
            throw new QueryException("the SA answered with method " + Method.name(got.method()));
        }
        return answer;
    }
}
