package org.infiniscope.cm.internal;

import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.infiniscope.cm.CmAddress;
import org.infiniscope.cm.CmException;
import org.infiniscope.cm.CmRoute;
import org.infiniscope.mad.Gid;
import org.infiniscope.mad.Mad;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.sa.PathRecord;
import org.infiniscope.mad.sa.SaHeader;
import org.infiniscope.mad.sa.SaMad;
import org.infiniscope.mad.transport.LocalPort;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadRequest;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.wire.MadFormatException;

/**
 * Routes from the SA: a Get(PathRecord) from the local port's GID to the destination's, sent to the SM LID the port
 * knows, as rdma_cm's {@code rdma_resolve_route} asks through ib_sa. Addresses are found by {@code directory}.
 */
public final class SaResolver implements Resolver {

    private final Resolver directory;
    private final MadTransport transport;
    private final Duration timeout;

    public SaResolver(Resolver directory, MadTransport transport, Duration timeout) {
        this.directory = directory;
        this.transport = transport;
        this.timeout = timeout;
    }

    @Override
    public Target target(CmAddress address) throws CmException {
        return directory.target(address);
    }

    @Override
    public CmRoute route(int slid, Gid sgid, Target to) throws CmException {
        String what = "no route to LID " + to.lid();
        LocalPort local;
        try {
            local = transport.localPort();
        } catch (IOException e) {
            throw new CmException(what + ": " + e.getMessage(), e);
        }
        if (local.smLid() == 0) {
            throw new CmException(what + ": this port knows no SM to ask (no SM LID)");
        }
        PathRecord query = new PathRecord(0, to.gid(), sgid, 0, 0, false, 0, 0, 0, true, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0);
        byte[] request = SaMad.of(0, Method.GET,
                SaHeader.withComponents(PathRecord.Components.DGID | PathRecord.Components.SGID
                        | PathRecord.Components.REVERSIBLE | PathRecord.Components.NUMB_PATH),
                PathRecord.CODEC, query).encode();
        byte[] answer;
        try {
            answer = transport.send(new MadRequest(request, MadAddress.gsi(local.smLid()), timeout, 3))
                    .get(timeout.multipliedBy(5).toMillis() + 1000, TimeUnit.MILLISECONDS).mad();
        } catch (ExecutionException | TimeoutException e) {
            throw new CmException(what + ": no PathRecord from the SA at LID " + local.smLid(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CmException(what + ": interrupted", e);
        }
        try {
            SaMad mad = SaMad.decode(Arrays.copyOf(answer, Math.max(answer.length, Mad.SIZE)), 0);
            if (mad.header().method() != Method.GET_RESP || mad.header().status() != 0) {
                throw new CmException(
                        what + ": the SA answered with status 0x" + Integer.toHexString(mad.header().status()));
            }
            PathRecord p = mad.record(PathRecord.CODEC);
            return new CmRoute(p.slid(), p.dlid(), p.sgid(), p.dgid(), p.mtu(), p.sl(), p.rate(), p.packetLifeTime(),
                    p.pKey());
        } catch (MadFormatException e) {
            throw new CmException(what + ": a malformed SA answer: " + e.getMessage(), e);
        }
    }
}
