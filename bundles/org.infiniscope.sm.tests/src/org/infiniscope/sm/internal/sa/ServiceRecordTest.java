package org.infiniscope.sm.internal.sa;

import static org.infiniscope.sm.internal.sa.SaFixture.record;
import static org.infiniscope.sm.internal.sa.SaFixture.status;
import static org.infiniscope.sm.internal.sa.SaFixture.table;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.infiniscope.mad.Gid;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.sa.SaMad;
import org.infiniscope.mad.sa.SaStatus;
import org.infiniscope.mad.sa.ServiceRecord;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.topology.Generators;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** ServiceRecords: registration, lookup by ID, name and table, leases that run out on the SA's clock, deletion. */
class ServiceRecordTest {

    private static final long C = ServiceRecord.Components.SERVICE_ID | ServiceRecord.Components.SERVICE_GID
            | ServiceRecord.Components.SERVICE_P_KEY | ServiceRecord.Components.SERVICE_LEASE
            | ServiceRecord.Components.SERVICE_NAME;

    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    private SaFixture fx;
    private MadTransport client;
    private Gid gid;

    @BeforeEach
    void up() throws Exception {
        fx = new SaFixture(SimSubnet.up(Generators.fatTree2(2, 1, 2)), SaServer.Config.DEFAULT.withClock(nanos::get));
        client = fx.client("h00002");
        gid = new Gid(Gid.DEFAULT_PREFIX, fx.fabric().topology().node("h00002").orElseThrow().portGuid(1));
    }

    @AfterEach
    void down() {
        fx.close();
    }

    private static ServiceRecord service(long id, Gid gid, long lease, String name) {
        return new ServiceRecord(id, gid, 0xFFFF, lease, 0, 0, name, Collections.nCopies(16, 0),
                Collections.nCopies(8, 0), Collections.nCopies(4, 0), List.of(7L, 8L));
    }

    private static byte[] data(ServiceRecord r) {
        byte[] t = new byte[SaMad.DATA_LENGTH];
        ServiceRecord.CODEC.encode(r, t, 0);
        return t;
    }

    @Test
    void servicesAreFoundUntilTheirLeaseEndsOrTheyAreDeleted() throws Exception {
        ServiceRecord leased = service(0x1000, gid, 10, "leased-service");
        ServiceRecord forever = service(0x2000, gid, ServiceRecord.INFINITE_LEASE, "forever");
        assertEquals(leased, record(fx.ask(client, Method.SET, ServiceRecord.ATTRIBUTE_ID, 0, C, data(leased)),
                ServiceRecord.CODEC));
        assertEquals(forever, record(fx.ask(client, Method.SET, ServiceRecord.ATTRIBUTE_ID, 0, C, data(forever)),
                ServiceRecord.CODEC));

        assertEquals(leased, record(fx.ask(client, Method.GET, ServiceRecord.ATTRIBUTE_ID, 0,
                ServiceRecord.Components.SERVICE_ID, data(leased)), ServiceRecord.CODEC));
        assertEquals(List.of(forever), table(fx.ask(client, Method.GET_TABLE, ServiceRecord.ATTRIBUTE_ID, 0,
                ServiceRecord.Components.SERVICE_NAME, data(forever)), ServiceRecord.CODEC));
        assertEquals(List.of(leased, forever),
                table(fx.ask(client, Method.GET_TABLE, ServiceRecord.ATTRIBUTE_ID, 0, 0, new byte[SaMad.DATA_LENGTH]),
                        ServiceRecord.CODEC));

        nanos.addAndGet(4_000_000_000L);
        assertEquals(6, record(fx.ask(client, Method.GET, ServiceRecord.ATTRIBUTE_ID, 0,
                ServiceRecord.Components.SERVICE_ID, data(leased)), ServiceRecord.CODEC).serviceLease(),
                "the lease left");
        nanos.addAndGet(7_000_000_000L);
        assertEquals(SaStatus.status(SaStatus.ERR_NO_RECORDS), status(fx.ask(client, Method.GET,
                ServiceRecord.ATTRIBUTE_ID, 0, ServiceRecord.Components.SERVICE_ID, data(leased))), "expired");

        assertEquals(forever, record(fx.ask(client, Method.DELETE, ServiceRecord.ATTRIBUTE_ID, 0,
                ServiceRecord.Components.SERVICE_ID, data(forever)), ServiceRecord.CODEC));
        assertEquals(List.of(),
                table(fx.ask(client, Method.GET_TABLE, ServiceRecord.ATTRIBUTE_ID, 0, 0, new byte[SaMad.DATA_LENGTH]),
                        ServiceRecord.CODEC));
        assertEquals(SaStatus.status(SaStatus.ERR_NO_RECORDS), status(fx.ask(client, Method.DELETE,
                ServiceRecord.ATTRIBUTE_ID, 0, ServiceRecord.Components.SERVICE_ID, data(forever))));
    }

    @Test
    void aRegistrationNamesItsServiceAndPort() throws Exception {
        assertEquals(SaStatus.status(SaStatus.ERR_REQ_INSUFFICIENT_COMPONENTS), status(fx.ask(client, Method.SET,
                ServiceRecord.ATTRIBUTE_ID, 0, ServiceRecord.Components.SERVICE_ID, data(service(1, gid, 5, "x")))));
        assertEquals(SaStatus.status(SaStatus.ERR_REQ_INVALID_GID), status(fx.ask(client, Method.SET,
                ServiceRecord.ATTRIBUTE_ID, 0, C, data(service(1, new Gid(Gid.DEFAULT_PREFIX, 0x42), 5, "x")))));
    }
}
