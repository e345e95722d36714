package org.infiniscope.lab.umad;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HexFormat;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.infiniscope.mad.transport.LocalPort;
import org.infiniscope.mad.transport.MadAddress;
import org.infiniscope.mad.transport.MadRequest;
import org.infiniscope.mad.transport.MadResponse;
import org.infiniscope.mad.transport.MadTransport;
import org.infiniscope.mad.transport.MadTransports;
import org.infiniscope.mad.transport.TransportConfig;
import org.infiniscope.mad.umad.UmadChannels;

/**
 * The child JVM of the lab tests: the only process that runs with umad2sim preloaded. It opens a transport over
 * {@code UmadChannels.open(args[0])} and relays requests read from stdin, one per line:
 *
 * <pre>
 * port                                   -> port CA PORT LID SMLID GUID
 * send LID QPN QKEY TIMEOUT_MS MAD_HEX   -> ok ANSWER_HEX | error MESSAGE
 * quit
 * </pre>
 */
public final class UmadProbe {

    private UmadProbe() {
    }

    public static void main(String[] args) throws Exception {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        HexFormat hex = HexFormat.of();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        try (MadTransport transport = MadTransports.over(UmadChannels.open(args[0]), TransportConfig.DEFAULT)) {
            out.println("ready");
            for (String line = in.readLine(); line != null && !line.equals("quit"); line = in.readLine()) {
                String[] words = line.split(" ");
                try {
                    switch (words[0]) {
                        case "port" -> {
                            LocalPort port = transport.localPort();
                            out.println("port " + port.caName() + " " + port.portNumber() + " " + port.lid() + " "
                                    + port.smLid() + " " + Long.toHexString(port.portGuid()));
                        }
                        case "send" -> {
                            int qpn = Integer.parseInt(words[2]);
                            MadAddress to = new MadAddress(Integer.parseInt(words[1]), qpn,
                                    Integer.parseUnsignedInt(words[3], 16), 0, 0, null);
                            MadRequest request = new MadRequest(hex.parseHex(words[5]), to,
                                    Duration.ofMillis(Integer.parseInt(words[4])), 0);
                            MadResponse answer = transport.send(request).get(30, TimeUnit.SECONDS);
                            out.println("ok " + hex.formatHex(answer.mad()));
                        }
                        default -> out.println("error unknown command " + words[0]);
                    }
                } catch (ExecutionException e) {
                    out.println("error " + e.getCause());
                } catch (Exception e) {
                    out.println("error " + e);
                }
            }
        } catch (Exception e) {
            out.println("error " + e);
        }
    }
}
