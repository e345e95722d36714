package org.infiniscope.sm.internal.sa;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

import org.infiniscope.mad.Gid;
import org.infiniscope.mad.sa.SaStatus;
import org.infiniscope.mad.sa.ServiceRecord;
import org.infiniscope.mad.wire.MadFormatException;

/**
 * The services registered with the SA (IBA 15.2.5.14): SubnAdmSet registers or renews one, keyed by ServiceID,
 * ServiceGID and ServiceP_Key; a record whose lease ran out is gone; SubnAdmDelete removes the records that match.
 * Answers carry the lease time left. Thread-safe.
 */
final class ServiceRegistry {

    /** What a registration must give. */
    static final long REQUIRED = ServiceRecord.Components.SERVICE_ID | ServiceRecord.Components.SERVICE_GID;

    private record Key(long id, Gid gid, int pKey) {
    }

    /** A record and when its lease ends (Long.MAX_VALUE: never), in the clock's nanoseconds. */
    private record Entry(ServiceRecord record, long expires) {
    }

    private final Map<Key, Entry> services = new LinkedHashMap<>();
    private final LongSupplier nanos;

    ServiceRegistry(LongSupplier nanos) {
        this.nanos = nanos;
    }

    /** Registers or renews a service; returns the record as stored. */
    synchronized ServiceRecord register(ServiceRecord q, long mask, SubnetView view) throws SaError {
        FieldLayout.SERVICE.check(mask);
        if ((mask & REQUIRED) != REQUIRED) {
            throw SaError.sa(SaStatus.ERR_REQ_INSUFFICIENT_COMPONENTS,
                    "a service registration gives ServiceID and " + "ServiceGID");
        }
        if (!view.isLocal(q.serviceGid()) || view.subnet().byPortGuid(q.serviceGid().interfaceId()).isEmpty()) {
            throw SaError.sa(SaStatus.ERR_REQ_INVALID_GID, "ServiceGID " + q.serviceGid() + " names no port here");
        }
        int pKey = (mask & ServiceRecord.Components.SERVICE_P_KEY) != 0 ? q.servicePKey() : 0xFFFF;
        long lease = (mask & ServiceRecord.Components.SERVICE_LEASE) != 0
                ? q.serviceLease()
                : ServiceRecord.INFINITE_LEASE;
        ServiceRecord stored = new ServiceRecord(q.serviceId(), q.serviceGid(), pKey, lease, q.serviceKeyHigh(),
                q.serviceKeyLow(), q.serviceName(), q.serviceData8(), q.serviceData16(), q.serviceData32(),
                q.serviceData64());
        long expires = lease == ServiceRecord.INFINITE_LEASE
                ? Long.MAX_VALUE
                : nanos.getAsLong() + lease * 1_000_000_000L;
        Key key = new Key(q.serviceId(), q.serviceGid(), pKey);
        services.remove(key); // a renewal goes to the end, as a new registration
        services.put(key, new Entry(stored, expires));
        return withLeaseLeft(stored, expires, nanos.getAsLong());
    }

    /** @return the live records matching the template, each with its lease left */
    synchronized List<ServiceRecord> find(byte[] template, long mask) throws SaError {
        FieldLayout.SERVICE.check(mask);
        long now = nanos.getAsLong();
        expire(now);
        List<ServiceRecord> found = new ArrayList<>();
        byte[] scratch = new byte[ServiceRecord.LENGTH];
        for (Entry e : services.values()) {
            ServiceRecord.CODEC.encode(e.record, scratch, 0);
            if (FieldLayout.SERVICE.matches(mask & ~ServiceRecord.Components.SERVICE_LEASE, template, 0, scratch, 0)) {
                found.add(withLeaseLeft(e.record, e.expires, now));
            }
            java.util.Arrays.fill(scratch, (byte) 0);
        }
        return found;
    }

    /** Removes the records matching the template; returns them. */
    synchronized List<ServiceRecord> delete(byte[] template, long mask) throws SaError {
        if ((mask & REQUIRED) == 0) {
            throw SaError.sa(SaStatus.ERR_REQ_INSUFFICIENT_COMPONENTS, "a delete names the service by ID or GID");
        }
        List<ServiceRecord> gone = find(template, mask);
        services.values().removeIf(e -> gone.stream().anyMatch(r -> same(r, e.record)));
        return gone;
    }

    private static boolean same(ServiceRecord a, ServiceRecord b) {
        return a.serviceId() == b.serviceId() && a.serviceGid().equals(b.serviceGid())
                && a.servicePKey() == b.servicePKey();
    }

    private void expire(long now) {
        for (Iterator<Entry> i = services.values().iterator(); i.hasNext();) {
            if (i.next().expires <= now) {
                i.remove();
            }
        }
    }

    private static ServiceRecord withLeaseLeft(ServiceRecord r, long expires, long now) {
        if (expires == Long.MAX_VALUE) {
            return r;
        }
        long left = Math.max(0, (expires - now + 999_999_999L) / 1_000_000_000L);
        return new ServiceRecord(r.serviceId(), r.serviceGid(), r.servicePKey(), Math.min(left, 0xFFFF_FFFEL),
                r.serviceKeyHigh(), r.serviceKeyLow(), r.serviceName(), r.serviceData8(), r.serviceData16(),
                r.serviceData32(), r.serviceData64());
    }

    /** @return the record in a request's data */
    static ServiceRecord decode(byte[] data) throws SaError {
        try {
            return ServiceRecord.CODEC.decode(data, 0);
        } catch (MadFormatException e) {
            throw SaError.sa(SaStatus.ERR_REQ_INVALID, "malformed ServiceRecord: " + e.getMessage());
        }
    }
}
