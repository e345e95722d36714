package org.infiniscope.diag.internal;

import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.infiniscope.mad.Gid;
import org.infiniscope.mad.Mad;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.sa.PathRecord;
import org.infiniscope.mad.sa.SaHeader;
import org.infiniscope.mad.sa.SaMad;
import org.infiniscope.mad.sa.SaStatus;
import org.infiniscope.mad.transport.LocalPort;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadRequest;
import org.infiniscope.mad.transport.MadTimeoutException;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.wire.MadFormatException;

/**
 * A port GUID to its LID, as libibmad resolves {@code -G}: one SA Get(PathRecord) from this port's GID to the
 * destination's (both with the default subnet prefix), the SGID and DGID components set; the LID is the DLID.
 */
final class GuidResolver {

    private GuidResolver() {
    }

    static int lid(MadTransport transport, LocalPort local, long guid, Duration timeout) throws QueryException {
        String what = String.format("can't resolve destination port 0x%016x", guid);
        if (local.smLid() == 0) {
            throw new QueryException(what + ": this port knows no SM to ask (no SM LID)");
        }
        PathRecord query = new PathRecord(0, new Gid(Gid.DEFAULT_PREFIX, guid),
                new Gid(Gid.DEFAULT_PREFIX, local.portGuid()), 0, 0, false, 0, 0, 0, false, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0);
        byte[] request = SaMad
                .of(0, Method.GET, SaHeader.withComponents(PathRecord.Components.DGID | PathRecord.Components.SGID),
                        PathRecord.CODEC, query)
                .encode();
        MadRequest send = new MadRequest(request, MadAddress.gsi(local.smLid()), timeout, MadRequest.DEFAULT_RETRIES);
        long bound = timeout.multipliedBy(MadRequest.DEFAULT_RETRIES + 1L).plusSeconds(5).toMillis();
        byte[] answer;
        try {
            answer = transport.send(send).get(bound, TimeUnit.MILLISECONDS).mad();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof MadTimeoutException t) {
                throw new QueryException(what + ": no answer from the SA at Lid " + local.smLid() + " after "
                        + t.attempts() + " attempts of " + timeout.toMillis() + " ms");
            }
            throw new QueryException(
                    what + ": " + (cause instanceof IOException ? "could not send: " + cause.getMessage() : cause));
        } catch (TimeoutException e) {
            throw new QueryException(what + ": no answer from the SA within " + bound + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new QueryException(what + ": interrupted");
        }
        try {
            // the transport hands an SA answer over as RMPP left it: the headers and the record, without the padding
            SaMad mad = SaMad.decode(Arrays.copyOf(answer, Math.max(answer.length, Mad.SIZE)), 0);
            if (mad.header().method() != Method.GET_RESP || mad.header().status() != 0) {
                throw new QueryException(
                        what + ": the SA answered with status 0x" + Integer.toHexString(mad.header().status())
                                + (mad.saStatus() == SaStatus.ERR_NO_RECORDS ? " (no such port)" : ""));
            }
            int lid = mad.record(PathRecord.CODEC).dlid();
            if (lid == 0) {
                throw new QueryException(what + ": the SA's PathRecord has DLID 0");
            }
            return lid;
        } catch (MadFormatException e) {
            throw new QueryException(what + ": malformed SA answer: " + e.getMessage());
        }
    }
}
