package org.infiniscope.perf.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

import org.infiniscope.perf.Counter;
import org.infiniscope.perf.PortStats;

import io.prometheus.metrics.expositionformats.ExpositionFormatWriter;
import io.prometheus.metrics.expositionformats.OpenMetricsTextFormatWriter;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;

/**
 * The manager's ports as Prometheus metrics, written by the Prometheus Java client's text formats: every counter's
 * 64-bit total as a counter ({@code infiniband_port_<name>_total}, see {@link #name}), and the rates,
 * utilisation, congestion ratio and reachability as gauges. Each port is labelled with its node GUID, port GUID,
 * port number, node name and LID.
 */
final class PerfMetrics {

    private static final String[] LABELS = {"node_guid", "port_guid", "port", "node", "lid"};

    private PerfMetrics() {
    }

    /** @return the metrics of these ports */
    static MetricSnapshots snapshots(List<PortStats> ports) {
        List<Labels> labels = new ArrayList<>(ports.size());
        for (PortStats p : ports) {
            labels.add(Labels.of(LABELS, new String[]{PerfReport.hex(p.key().nodeGuid()), PerfReport.hex(p.portGuid()),
                    Integer.toString(p.key().port()), p.nodeName(), Integer.toString(p.lid())}));
        }
        List<MetricSnapshot> metrics = new ArrayList<>();
        for (Counter c : Counter.values()) {
            CounterSnapshot.Builder b = CounterSnapshot.builder().name("infiniband_port_" + name(c))
                    .help(c.label() + (c == Counter.PORT_XMIT_DATA || c == Counter.PORT_RCV_DATA ? " in octets" : "")
                            + ", a 64-bit total that never goes backwards");
            for (int i = 0; i < ports.size(); i++) {
                PortStats p = ports.get(i);
                if (p.totals().containsKey(c)) {
                    b.dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder().labels(labels.get(i))
                            .value(p.total(c)).build());
                }
            }
            metrics.add(b.build());
        }
        metrics.add(gauge("infiniband_port_xmit_bytes_per_second", "octets sent a second over the last sweep", ports,
                labels, PortStats::xmitBytesPerSecond));
        metrics.add(gauge("infiniband_port_rcv_bytes_per_second", "octets received a second over the last sweep", ports,
                labels, PortStats::rcvBytesPerSecond));
        metrics.add(gauge("infiniband_port_utilisation_percent",
                "the larger of send and receive rate as a percentage of the active link rate", ports, labels,
                PortStats::utilisation));
        metrics.add(gauge("infiniband_port_xmit_wait_ratio",
                "PortXmitWait growth over PortXmitWait plus PortXmitData words growth", ports, labels,
                PortStats::xmitWaitRatio));
        metrics.add(gauge("infiniband_port_link_bytes_per_second", "the active link's data rate in octets a second",
                ports, labels, p -> p.linkBitsPerSecond() / 8));
        metrics.add(finiteGauge("infiniband_port_symbol_bit_error_rate",
                "SymbolErrorCounter growth over the bits the link carried since the first reading", ports, labels,
                p -> p.ber().symbolSinceStart()));
        metrics.add(finiteGauge("infiniband_port_fec_bit_error_rate",
                "FEC corrections (blocks, or RS-FEC symbols) and uncorrectable blocks over the bits the link carried"
                        + " since the first reading: a lower bound of the raw bit error rate",
                ports, labels, p -> p.ber().fecSinceStart()));
        metrics.add(gauge("infiniband_port_reachable", "1 when the port's PMA answered in the last sweep", ports,
                labels, p -> p.reachable() ? 1 : 0));
        return new MetricSnapshots(metrics);
    }

    private static GaugeSnapshot gauge(String name, String help, List<PortStats> ports, List<Labels> labels,
            ToDoubleFunction<PortStats> value) {
        GaugeSnapshot.Builder b = GaugeSnapshot.builder().name(name).help(help);
        for (int i = 0; i < ports.size(); i++) {
            b.dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder().labels(labels.get(i))
                    .value(value.applyAsDouble(ports.get(i))).build());
        }
        return b.build();
    }

    /** A gauge of the ports that have a value: a rate not known yet is no sample, rather than NaN. */
    private static GaugeSnapshot finiteGauge(String name, String help, List<PortStats> ports, List<Labels> labels,
            ToDoubleFunction<PortStats> value) {
        GaugeSnapshot.Builder b = GaugeSnapshot.builder().name(name).help(help);
        for (int i = 0; i < ports.size(); i++) {
            double v = value.applyAsDouble(ports.get(i));
            if (Double.isFinite(v)) {
                b.dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder().labels(labels.get(i)).value(v).build());
            }
        }
        return b.build();
    }

    /**
     * @return the metric's name after {@code infiniband_port_}: the counter's name without the {@code Port} and
     *         {@code Counter} words promtool objects to, data in bytes ({@code PortXmitData} → {@code xmit_data_bytes})
     */
    static String name(Counter c) {
        return switch (c) {
            case SYMBOL_ERROR_COUNTER -> "symbol_errors";
            case LINK_ERROR_RECOVERY_COUNTER -> "link_error_recoveries";
            case LINK_DOWNED_COUNTER -> "link_downed";
            case PORT_XMIT_DATA, PORT_RCV_DATA -> c.name().substring(5).toLowerCase(Locale.ROOT) + "_bytes";
            case PORT_XMIT_PKTS -> "xmit_packets";
            case SYNC_HEADER_ERROR_COUNTER -> "sync_header_errors";
            case UNKNOWN_BLOCK_COUNTER -> "unknown_blocks";
            case ERROR_DETECTION_COUNTER -> "error_detections";
            case FEC_CORRECTABLE_BLOCKS -> "fec_corrected_blocks";
            case FEC_UNCORRECTABLE_BLOCKS -> "fec_uncorrectable_blocks";
            case FEC_CORRECTED_SYMBOLS -> "fec_corrected_symbols";
            case PORT_RCV_PKTS -> "rcv_packets";
            default -> (c.name().startsWith("PORT_") ? c.name().substring(5) : c.name()).toLowerCase(Locale.ROOT);
        };
    }

    /** @return the writer for a request's Accept header: OpenMetrics when asked for, else Prometheus' text format */
    static ExpositionFormatWriter writer(String accept) {
        OpenMetricsTextFormatWriter open = OpenMetricsTextFormatWriter.create();
        return accept != null && open.accepts(accept) ? open : PrometheusTextFormatWriter.create();
    }

    static void write(List<PortStats> ports, ExpositionFormatWriter writer, OutputStream out) throws IOException {
        writer.write(out, snapshots(ports));
    }
}
