package org.infiniscope.verbs.internal.perftest;

import java.util.Locale;

/** Prints a {@link Perftest.Result} as perftest's {@code ib_send_lat}, {@code ib_read_lat} and {@code ib_write_bw} do. */
final class PerftestReport {

    private static final String RULE = "-".repeat(87);

    private PerftestReport() {
    }

    static String header(Perftest.Mode mode, String device, int txDepth, int mtu, boolean rdmaCm) {
        StringBuilder b = new StringBuilder();
        b.append(RULE).append('\n');
        b.append(String.format(Locale.ROOT, "%s%s%n", " ".repeat(Math.max(0, (87 - mode.title.length()) / 2)),
                mode.title));
        b.append(String.format(Locale.ROOT, " Dual-port       : OFF\t\tDevice         : %s%n", device));
        b.append(" Number of qps   : 1\t\tTransport type : IB\n");
        b.append(" Connection type : RC\t\tUsing SRQ      : OFF\n");
        b.append(String.format(Locale.ROOT, " TX depth        : %d%n", txDepth));
        b.append(String.format(Locale.ROOT, " Mtu             : %d[B]%n", 128 << mtu));
        b.append(" Link type       : IB\n");
        b.append(" Max inline data : 0[B]\n");
        b.append(rdmaCm ? " rdma_cm QPs\t : ON\n" : " rdma_cm QPs\t : OFF\n");
        b.append(rdmaCm ? " Data ex. method : rdma_cm \n" : " Data ex. method : in-process (simulated fabric)\n");
        b.append(RULE).append('\n');
        return b.toString();
    }

    static String addresses(Perftest.Result r) {
        return String.format(Locale.ROOT, " local address: LID %#04x QPN %#06x PSN %#08x%n", r.local().lid(),
                r.local().qpn(), r.local().psn())
                + String.format(Locale.ROOT, " remote address: LID %#04x QPN %#06x PSN %#08x%n", r.remote().lid(),
                        r.remote().qpn(), r.remote().psn())
                + RULE + '\n';
    }

    static String result(Perftest.Result r) {
        StringBuilder b = new StringBuilder();
        if (r.mode() == Perftest.Mode.WRITE_BW) {
            double avg = (double) r.iterations() * r.size() / (r.elapsedNanos() / 1e9);
            b.append(" #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]\n");
            b.append(String.format(Locale.ROOT, " %-10d %-10d     %-18.2f %-18.2f   %.6f%n", r.size(), r.iterations(),
                    r.peakBytesPerSec() / 1e6, avg / 1e6, r.iterations() / (r.elapsedNanos() / 1e9) / 1e6));
        } else {
            long[] s = Perftest.sorted(r.latencies());
            double avg = 0;
            for (long v : s) {
                avg += v;
            }
            avg /= s.length;
            double var = 0;
            for (long v : s) {
                var += (v - avg) * (v - avg);
            }
            double stdev = Math.sqrt(var / s.length);
            b.append(" #bytes #iterations    t_min[usec]    t_max[usec]  t_typical[usec]    t_avg[usec]    "
                    + "t_stdev[usec]   99% percentile[usec]   99.9% percentile[usec] \n");
            b.append(String.format(Locale.ROOT, " %-7d %-10d    %-14.2f %-12.2f %-18.2f %-14.2f %-16.2f %-22.2f %.2f%n",
                    r.size(), r.iterations(), s[0] / 1e3, s[s.length - 1] / 1e3, s[s.length / 2] / 1e3, avg / 1e3,
                    stdev / 1e3, percentile(s, 0.99) / 1e3, percentile(s, 0.999) / 1e3));
        }
        b.append(RULE).append('\n');
        return b.toString();
    }

    private static double percentile(long[] sorted, double p) {
        int i = (int) Math.ceil(p * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }
}
