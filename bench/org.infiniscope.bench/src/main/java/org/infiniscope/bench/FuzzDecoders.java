package org.infiniscope.bench;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.jar.JarFile;

import org.infiniscope.mad.MadHeader;
import org.infiniscope.mad.MgmtClass;
import org.infiniscope.mad.cm.CmMad;
import org.infiniscope.mad.rmpp.RmppHeader;
import org.infiniscope.mad.sa.PathRecord;
import org.infiniscope.mad.sa.SaMad;
import org.infiniscope.mad.sa.SaTable;
import org.infiniscope.mad.smp.Smp;
import org.infiniscope.mad.vendor.VendorMad;
import org.infiniscope.mad.wire.AttributeCodec;
import org.infiniscope.mad.wire.MadFormatException;

/**
 * The long fuzz run of the MAD decoders: every {@code public static final AttributeCodec CODEC} of the MAD
 * bundle, and the MAD header, fed random and mutated bytes at random offsets and lengths. A decoder may
 * return a value or throw {@link MadFormatException}; anything else is a bug, printed with its input, and
 * the run exits 1. Usage: {@code bench/fuzz.sh [CASES [SEED]]} (default one million cases per decoder).
 */
public final class FuzzDecoders {

    /** A decoder under test. */
    private record Target(String name, Decoder decoder, byte[] seed) {
    }

    @FunctionalInterface
    private interface Decoder {
        Object decode(byte[] buf, int offset) throws MadFormatException;
    }

    private FuzzDecoders() {
    }

    public static void main(String[] args) throws Exception {
        long cases = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000L;
        long seed = args.length > 1 ? Long.parseLong(args[1]) : 20261129L;
        List<Target> targets = targets();
        System.out.printf("fuzzing %d decoders, %,d cases each, seed %d%n", targets.size(), cases, seed);
        int failures = 0;
        for (Target target : targets) {
            long start = System.nanoTime();
            long rejected = run(target, cases, new SplittableRandom(seed));
            if (rejected < 0) {
                failures++;
                continue;
            }
            System.out.printf("  %-45s ok  %5.1f%% rejected  %.1f s%n", target.name(), 100.0 * rejected / cases,
                    (System.nanoTime() - start) / 1e9);
        }
        System.out.println(failures == 0
                ? "no decoder threw anything but MadFormatException"
                : failures + " decoder(s) threw something else");
        System.exit(failures == 0 ? 0 : 1);
    }

    /** @return how many inputs were rejected, or -1 after printing the first input that broke the decoder */
    private static long run(Target target, long cases, SplittableRandom random) {
        long rejected = 0;
        for (long i = 0; i < cases; i++) {
            byte[] input = mutate(target.seed(), random);
            int offset = random.nextInt(8) == 0 ? random.nextInt(-4, input.length + 4) : 0;
            try {
                target.decoder().decode(input, offset);
            } catch (MadFormatException expected) {
                rejected++;
            } catch (RuntimeException | Error e) {
                System.out.printf("  %-45s FAILED on case %d: %s%n    offset %d input %s%n", target.name(), i, e,
                        offset, java.util.HexFormat.of().formatHex(input));
                return -1;
            }
        }
        return rejected;
    }

    /** A random buffer, or the seed with bytes flipped, cut or extended. */
    private static byte[] mutate(byte[] seed, SplittableRandom random) {
        switch (random.nextInt(4)) {
            case 0 -> {
                byte[] noise = new byte[random.nextInt(300)];
                random.nextBytes(noise);
                return noise;
            }
            case 1 -> {
                return java.util.Arrays.copyOf(seed, random.nextInt(seed.length + 1));
            }
            default -> {
                byte[] copy = seed.clone();
                for (int flips = 1 + random.nextInt(8); flips > 0; flips--) {
                    copy[random.nextInt(copy.length)] = (byte) random.nextInt(256);
                }
                return copy;
            }
        }
    }

    private static List<Target> targets() throws IOException, URISyntaxException, IllegalAccessException {
        List<Target> targets = new ArrayList<>();
        byte[] blank = new byte[256];
        blank[0] = 1;
        targets.add(new Target("MadHeader", MadHeader::decode, blank));
        // the whole-MAD decoders, each seeded with a MAD of its class so that mutations reach past the header
        targets.add(new Target("Smp.decode", (b, o) -> Smp.decode(b), seed(blank, MgmtClass.SUBN_DIRECTED_ROUTE, 1)));
        targets.add(new Target("SaMad.decode", SaMad::decode, seed(blank, MgmtClass.SUBN_ADM, 2)));
        targets.add(new Target("RmppHeader.decode", RmppHeader::decode, seed(blank, MgmtClass.SUBN_ADM, 2)));
        targets.add(new Target("CmMad.decode", (b, o) -> CmMad.decode(b),
                withAttribute(seed(blank, MgmtClass.COMM_MGT, 2), 0x14)));
        targets.add(new Target("VendorMad.decode", (b, o) -> VendorMad.decode(b), seed(blank, 0x30, 1)));
        byte[] table = withAttribute(seed(blank, MgmtClass.SUBN_ADM, 2), PathRecord.CODEC.attributeId());
        table[45] = (byte) (SaTable.strideOf(PathRecord.CODEC) / 8); // AttributeOffset, in 8-byte units
        targets.add(new Target("SaTable.decode(PathRecord)", (b, o) -> SaTable.decode(b, PathRecord.CODEC), table));
        for (Class<?> type : madClasses()) {
            for (Field field : type.getDeclaredFields()) {
                int mods = field.getModifiers();
                if (Modifier.isStatic(mods) && Modifier.isPublic(mods)
                        && AttributeCodec.class.isAssignableFrom(field.getType())) {
                    AttributeCodec<?> codec = (AttributeCodec<?>) field.get(null);
                    targets.add(new Target(type.getSimpleName() + "." + field.getName(), codec::decode,
                            new byte[codec.length()]));
                }
            }
        }
        return targets;
    }

    private static byte[] seed(byte[] blank, int mgmtClass, int classVersion) {
        byte[] mad = blank.clone();
        mad[1] = (byte) mgmtClass;
        mad[2] = (byte) classVersion;
        return mad;
    }

    private static byte[] withAttribute(byte[] mad, int attributeId) {
        mad[16] = (byte) (attributeId >>> 8);
        mad[17] = (byte) attributeId;
        return mad;
    }

    /** Every class of the MAD bundle's API packages in this jar (or classes folder). */
    private static List<Class<?>> madClasses() throws IOException, URISyntaxException {
        Path location = Path.of(FuzzDecoders.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> names = new ArrayList<>();
        if (Files.isDirectory(location)) {
            try (var files = Files.walk(location)) {
                files.map(p -> location.relativize(p).toString()).forEach(names::add);
            }
        } else {
            try (JarFile jar = new JarFile(location.toFile())) {
                jar.stream().map(e -> e.getName()).forEach(names::add);
            }
        }
        List<Class<?>> classes = new ArrayList<>();
        for (String name : names) {
            if (name.startsWith("org/infiniscope/mad/") && name.endsWith(".class") && !name.contains("/internal/")
                    && !name.endsWith("package-info.class")) {
                try {
                    classes.add(Class.forName(name.substring(0, name.length() - 6).replace('/', '.'), false,
                            FuzzDecoders.class.getClassLoader()));
                } catch (ClassNotFoundException | LinkageError e) {
                    System.out.println("  skipped " + name + ": " + e);
                }
            }
        }
        return classes;
    }
}
