package org.infiniscope.sm.internal.sa;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import org.infiniscope.mad.Gid;
import org.infiniscope.mad.sa.InformInfo;
import org.infiniscope.mad.sa.InformInfoRecord;
import org.infiniscope.mad.sa.SaStatus;
import org.infiniscope.mad.smp.Notice;
import org.infiniscope.mad.transport.MadAddress;

/**
 * The InformInfo subscriptions the SA holds (IBA 13.4.8.3, 15.2.5.12): a SubnAdmSet(InformInfo) with Subscribe 1 adds
 * one for the requesting port, with Subscribe 0 removes the requester's equal ones. Reports of a notice go to the
 * subscriptions that match it. Thread-safe.
 */
final class Subscriptions {

    /** A subscription: who, under which Enum, to what, and where the reports go. */
    record Subscription(Gid subscriber, int number, InformInfo info, MadAddress address) {

        InformInfoRecord record() {
            return new InformInfoRecord(subscriber, number, info);
        }

        /** @return whether a notice from {@code issuer} (LID in the notice) is one the subscriber asked for */
        boolean wants(Notice notice, Gid issuer) {
            InformInfo i = info;
            if (i.isGeneric() != notice.generic()) {
                return false;
            }
            if (i.type() != 0xFFFF && i.type() != notice.type()) {
                return false;
            }
            if (i.trapNumberOrDeviceId() != 0xFFFF && i.trapNumberOrDeviceId() != notice.trapNumberOrDeviceId()) {
                return false;
            }
            if (i.producerTypeOrVendorId() != 0xFFFFFF
                    && i.producerTypeOrVendorId() != notice.producerTypeOrVendorId()) {
                return false;
            }
            if (!i.gid().equals(Gid.ZERO)) {
                return i.gid().equals(issuer);
            }
            return i.lidRangeBegin() == 0xFFFF
                    || notice.issuerLid() >= i.lidRangeBegin() && notice.issuerLid() <= i.lidRangeEnd();
        }
    }

    private final List<Subscription> subscriptions = new ArrayList<>();
    private int nextNumber;

    /**
     * Subscribes or unsubscribes.
     *
     * @param info the request
     * @param subscriber the requester's port GID
     * @param address where its reports go
     * @return the InformInfo to answer with
     */
    synchronized InformInfo set(InformInfo info, Gid subscriber, MadAddress address, SubnetView view) throws SaError {
        check(info, view);
        if (info.subscribe()) {
            for (Subscription s : subscriptions) {
                if (s.subscriber.equals(subscriber) && sameSubject(s.info, info)) {
                    return info; // subscribed already: one subscription, one report per notice
                }
            }
            subscriptions.add(new Subscription(subscriber, nextNumber++ & 0xFFFF, info, address));
            return info;
        }
        boolean removed = false;
        for (Iterator<Subscription> i = subscriptions.iterator(); i.hasNext();) {
            Subscription s = i.next();
            if (s.subscriber.equals(subscriber) && sameSubject(s.info, info)) {
                i.remove();
                removed = true;
            }
        }
        if (!removed) {
            throw SaError.sa(SaStatus.ERR_REQ_INVALID, "no such subscription of " + subscriber + " to unsubscribe");
        }
        return info;
    }

    /** Removes a subscription whose subscriber stopped answering reports. */
    synchronized void remove(Subscription s) {
        subscriptions.remove(s);
    }

    /** @return the subscriptions */
    synchronized List<Subscription> all() {
        return List.copyOf(subscriptions);
    }

    /** @return the subscriptions a notice goes to */
    synchronized List<Subscription> matching(Notice notice, Gid issuer) {
        return subscriptions.stream().filter(s -> s.wants(notice, issuer)).toList();
    }

    private static boolean sameSubject(InformInfo a, InformInfo b) {
        return a.gid().equals(b.gid()) && a.lidRangeBegin() == b.lidRangeBegin() && a.lidRangeEnd() == b.lidRangeEnd()
                && a.isGeneric() == b.isGeneric() && a.type() == b.type()
                && a.trapNumberOrDeviceId() == b.trapNumberOrDeviceId()
                && a.producerTypeOrVendorId() == b.producerTypeOrVendorId();
    }

    private static void check(InformInfo info, SubnetView view) throws SaError {
        if (info.type() != 0xFFFF && info.type() > 4) {
            throw SaError.sa(SaStatus.ERR_REQ_INVALID, "trap type " + info.type() + " does not exist");
        }
        if (info.lidRangeBegin() != 0xFFFF && info.lidRangeEnd() < info.lidRangeBegin()) {
            throw SaError.sa(SaStatus.ERR_REQ_INVALID,
                    "LIDRangeEnd " + info.lidRangeEnd() + " is below LIDRangeBegin " + info.lidRangeBegin());
        }
        if (!info.gid().equals(Gid.ZERO)
                && (!view.isLocal(info.gid()) || view.subnet().byPortGuid(info.gid().interfaceId()).isEmpty())) {
            throw SaError.sa(SaStatus.ERR_REQ_INVALID_GID, "GID " + info.gid() + " names no port of the subnet");
        }
    }
}
