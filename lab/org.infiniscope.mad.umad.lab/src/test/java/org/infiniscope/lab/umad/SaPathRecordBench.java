package org.infiniscope.lab.umad;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.infiniscope.mad.Mad;
import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.Method;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadRequest;
import org.infiniscope.mad.transport.MadResponse;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.mad.umad.UmadChannels;
import org.infiniscope.mad.wire.Bits;

/**
 * SA PathRecord queries a second: SubnAdmGet(PathRecord) with SLID and DLID between random LIDs of the fabric, sent
 * through the umad transport to whichever SA this port's SM LID names (OpenSM's or ours), with a given number in
 * flight. Run by {@code bench/sa-pathrecord-vs-opensm.sh} under umad2sim; prints one line:
 * {@code sa window=W queries=N ok=K cold=S1 seconds=S}: the first round's time and the best of the later ones.
 */
public final class SaPathRecordBench {

    private SaPathRecordBench() {
    }

    /** @param args the window, the queries a round, the highest LID to ask for, the rounds (default 5) */
    public static void main(String[] args) throws Exception {
        int window = Integer.parseInt(args[0]);
        int queries = Integer.parseInt(args[1]);
        int maxLid = Integer.parseInt(args[2]);
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 5;
        try (MadTransport transport = MadTransports.over(UmadChannels.open("umad"),
                new TransportConfig(window, window))) {
            int sa = transport.localPort().smLid();
            double cold = 0;
            double best = Double.MAX_VALUE;
            int ok = 0;
            for (int round = 0; round < rounds; round++) {
                Random random = new Random(round);
                long start = System.nanoTime();
                List<CompletableFuture<MadResponse>> answers = new ArrayList<>(queries);
                for (int i = 0; i < queries; i++) {
                    answers.add(transport.send(MadRequest
                            .of(get(1 + random.nextInt(maxLid), 1 + random.nextInt(maxLid)), MadAddress.gsi(sa))));
                }
                ok = 0;
                for (CompletableFuture<MadResponse> f : answers) {
                    if (Bits.u16(f.get(5, TimeUnit.MINUTES).mad(), 4) == 0) {
                        ok++;
                    }
                }
                double seconds = (System.nanoTime() - start) / 1e9;
                cold = round == 0 ? seconds : cold;
                best = round == 0 && rounds > 1 ? best : Math.min(best, seconds);
            }
            System.out.printf("sa window=%d queries=%d ok=%d cold=%.4f seconds=%.4f%n", window, queries, ok, cold,
                    best);
        }
    }

    private static byte[] get(int slid, int dlid) {
        byte[] mad = new byte[Mad.SIZE];
        new MadHeader(MadHeader.BASE_VERSION, MgmtClass.SUBN_ADM, 2, Method.GET, 0, 0, 0, Mads.PATH_RECORD, 0)
                .encode(mad, 0);
        Bits.put64(mad, 48, (1L << 4) | (1L << 5)); // DLID, SLID
        Bits.put16(mad, Mads.SA_DATA + 40, dlid);
        Bits.put16(mad, Mads.SA_DATA + 42, slid);
        return mad;
    }
}
