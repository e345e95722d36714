package org.infiniscope.verbs.internal.resource;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.infiniscope.verbs.resource.CmIdResource;
import org.infiniscope.verbs.resource.QpResource;
import org.infiniscope.verbs.resource.ResourceSource;

/** The resource sources a command reads: the host's kernel ({@code netlink}) or this runtime's (all the others). */
final class Sources {

    static final String SYSTEM = "netlink";

    private final List<ResourceSource> all = new CopyOnWriteArrayList<>();

    void add(ResourceSource s) {
        all.add(s);
    }

    void remove(ResourceSource s) {
        all.remove(s);
    }

    /** @return the sources of the system view, or of this runtime's */
    List<ResourceSource> select(boolean system) {
        return all.stream().filter(s -> s.name().equals(SYSTEM) == system)
                .sorted(Comparator.comparing(ResourceSource::name)).toList();
    }

    /** @return the QPs of the sources, sorted by node, device and number */
    static List<QpResource> qps(List<ResourceSource> sources) throws IOException {
        List<QpResource> qps = new ArrayList<>();
        for (ResourceSource s : sources) {
            qps.addAll(s.qps());
        }
        qps.sort(Comparator.comparing(QpResource::node).thenComparing(QpResource::device)
                .thenComparingInt(QpResource::lqpn));
        return qps;
    }

    static List<CmIdResource> cmIds(List<ResourceSource> sources) throws IOException {
        List<CmIdResource> ids = new ArrayList<>();
        for (ResourceSource s : sources) {
            ids.addAll(s.cmIds());
        }
        return ids;
    }

    /** @return why none of the sources can be read, or empty when one can */
    static String unavailable(List<ResourceSource> sources, boolean system) {
        if (sources.isEmpty()) {
            return system
                    ? "the rdma-core bundle (RDMA netlink) is not installed in this runtime"
                    : "no resource source is installed";
        }
        List<String> why = new ArrayList<>();
        for (ResourceSource s : sources) {
            String r = s.unavailableReason();
            if (r.isEmpty()) {
                return "";
            }
            why.add(r);
        }
        return String.join("; ", why);
    }
}
