package org.infiniscope.firmware.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.infiniscope.console.ExitStatus;
import org.infiniscope.console.ToolInvocation;
import org.infiniscope.console.UsageException;
import org.infiniscope.firmware.ImageSpec;

/** {@code fw mkimage}'s arguments, and the run. */
final class MkImageArgs {

    private MkImageArgs() {
    }

    static int run(List<String> args, ToolInvocation invocation) throws UsageException {
        Path out = null;
        ImageSpec d = FwTool.defaults(args.contains("switch"));
        int major = d.major();
        int minor = d.minor();
        int sub = d.subMinor();
        int year = d.year();
        int month = d.month();
        int day = d.day();
        String psid = d.psid();
        int deviceId = d.deviceId();
        String description = d.description();
        long guid = d.baseGuid();
        int guids = d.guids();
        long mac = d.baseMac();
        int macs = d.macs();
        List<String> security = d.security();
        boolean fs3 = false;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            String v = i + 1 < args.size() ? args.get(i + 1) : null;
            if (v == null && !a.startsWith("-")) {
                throw new UsageException("unexpected argument '" + a + "'");
            }
            if (v == null) {
                throw new UsageException(a + " needs a value");
            }
            i++;
            switch (a) {
                case "-o", "--output" -> out = Path.of(v);
                case "--format" -> {
                    if (!v.equals("fs4") && !v.equals("fs3")) {
                        throw new UsageException("--format fs4 or --format fs3, not '" + v + "'");
                    }
                    fs3 = v.equals("fs3");
                }
                case "--for" -> {
                    if (!v.equals("hca") && !v.equals("switch")) {
                        throw new UsageException("--for hca or --for switch, not '" + v + "'");
                    }
                }
                case "--version" -> {
                    String[] p = v.split("\\.");
                    if (p.length != 3) {
                        throw new UsageException("--version wants MAJOR.MINOR.SUBMINOR, got '" + v + "'");
                    }
                    major = number(p[0], "--version", 0xFFFF);
                    minor = number(p[1], "--version", 0xFFFF);
                    sub = number(p[2], "--version", 0xFFFF);
                }
                case "--psid" -> psid = v;
                case "--device-id" -> deviceId = number(v, a, 0xFFFF);
                case "--guid" -> guid = longNumber(v, a);
                case "--guids" -> guids = number(v, a, 0xFFFF);
                case "--mac" -> mac = longNumber(v, a);
                case "--macs" -> macs = number(v, a, 0xFFFF);
                case "--description" -> description = v;
                case "--security" -> security = v.isEmpty() ? List.of() : Arrays.asList(v.split(","));
                case "--date" -> {
                    if (!v.matches("\\d{4}-\\d{2}-\\d{2}")) {
                        throw new UsageException("--date wants YYYY-MM-DD, got '" + v + "'");
                    }
                    year = Integer.parseInt(v.substring(0, 4), 16); // BCD, as images hold it
                    month = Integer.parseInt(v.substring(5, 7), 16);
                    day = Integer.parseInt(v.substring(8, 10), 16);
                }
                default -> throw new UsageException("unknown mkimage option '" + a + "'");
            }
        }
        if (out == null) {
            throw new UsageException("mkimage needs -o OUT");
        }
        ImageSpec spec;
        try {
            spec = new ImageSpec(major, minor, sub, year, month, day, psid, deviceId, description, guid, guids, mac,
                    macs, security);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        try {
            Files.write(out, fs3 ? Fs3Builder.build(spec) : Fs4Builder.build(spec));
        } catch (IOException e) {
            invocation.err().println("fw mkimage: cannot write " + out + ": " + e.getMessage());
            return ExitStatus.FAILURE;
        }
        invocation.out().println("-I- wrote " + (fs3 ? "FS3" : "FS4") + " image " + spec.version() + " PSID "
                + spec.psid() + " to " + out);
        return ExitStatus.OK;
    }

    private static int number(String s, String option, int max) throws UsageException {
        try {
            int v = s.startsWith("0x") ? Integer.parseInt(s.substring(2), 16) : Integer.parseInt(s);
            if (v < 0 || v > max) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new UsageException(option + ": '" + s + "' is not a number from 0 to " + max);
        }
    }

    private static long longNumber(String s, String option) throws UsageException {
        try {
            return s.startsWith("0x") ? Long.parseUnsignedLong(s.substring(2), 16) : Long.parseUnsignedLong(s);
        } catch (NumberFormatException e) {
            throw new UsageException(option + ": '" + s + "' is not a 64-bit number");
        }
    }
}
