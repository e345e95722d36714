package org.infiniscope.topology;

import java.util.List;

/**
 * Parses generator specifications, the part of {@code --fabric sim:SPEC} that names a generated fabric.
 *
 * <pre>
 * spec   = ft2 | ft3 | torus | dfly | random
 * ft2    = "ft2:" LEAVES ":" SPINES [ ":" HOSTS ]      HOSTS per leaf, default SPINES
 * ft3    = "ft3:" RADIX                                 even, 2..254: RADIX³/4 hosts
 * torus  = "torus:" X ":" Y [ ":" Z ]                   2 hosts a switch
 * dfly   = "dfly:" GROUPS ":" SWITCHES [ ":" HOSTS ]    SWITCHES per group, HOSTS per switch, default 2
 * random = "random:" SWITCHES ":" HOSTS ":" SEED       SEED a signed 64-bit decimal
 * </pre>
 *
 * Every field but SEED is a decimal integer. The kind is case-sensitive; nothing may follow the last field. Errors
 * name the field at fault ({@code "ft2:4:x": SPINES: "x" is not a number}).
 */
public final class TopologySpec {

    private TopologySpec() {
    }

    /** @return whether the text starts as a generator spec does ({@code KIND:}), not a file path */
    public static boolean isSpec(String text) {
        int colon = text.indexOf(':');
        return colon > 0 && List.of("ft2", "ft3", "torus", "dfly", "random").contains(text.substring(0, colon));
    }

    /**
     * @return the fabric the spec describes
     * @throws TopologySpecException naming the field that is missing, not a number or out of range
     */
    public static Topology parse(String spec) throws TopologySpecException {
        String[] parts = spec.split(":", -1);
        String kind = parts[0];
        try {
            return switch (kind) {
                case "ft2" -> {
                    Fields f = new Fields(spec, parts, "LEAVES", "SPINES", "[HOSTS]");
                    yield Generators.fatTree2(f.get(0), f.get(1), f.has(2) ? f.get(2) : f.get(1));
                }
                case "ft3" -> Generators.fatTree3(new Fields(spec, parts, "RADIX").get(0));
                case "torus" -> {
                    Fields f = new Fields(spec, parts, "X", "Y", "[Z]");
                    yield f.has(2)
                            ? Generators.torus(f.get(0), f.get(1), f.get(2))
                            : Generators.torus(f.get(0), f.get(1));
                }
                case "dfly" -> {
                    Fields f = new Fields(spec, parts, "GROUPS", "SWITCHES", "[HOSTS]");
                    yield Generators.dragonfly(f.get(0), f.get(1), f.has(2) ? f.get(2) : 2);
                }
                case "random" -> {
                    Fields f = new Fields(spec, parts, "SWITCHES", "HOSTS", "SEED");
                    yield Generators.random(f.get(0), f.get(1), f.seed(2));
                }
                default -> throw new TopologySpecException(spec, "kind",
                        "\"" + kind + "\" is not ft2, ft3, torus, dfly or random");
            };
        } catch (IllegalArgumentException e) {
            // the generators' messages start with the field's name: "SPINES: 0 is below 1"
            String message = e.getMessage();
            int colon = message.indexOf(": ");
            String field = colon > 0 ? message.substring(0, colon) : kind;
            throw new TopologySpecException(spec, field, colon > 0 ? message.substring(colon + 2) : message);
        }
    }

    /** The numeric fields after the kind; names in brackets are optional. */
    private static final class Fields {
        private final String spec;
        private final String[] parts;
        private final String[] names;

        Fields(String spec, String[] parts, String... names) throws TopologySpecException {
            this.spec = spec;
            this.parts = parts;
            this.names = names;
            int required = (int) java.util.Arrays.stream(names).filter(n -> !n.startsWith("[")).count();
            if (parts.length - 1 < required) {
                throw new TopologySpecException(spec, name(parts.length - 1), "missing");
            }
            if (parts.length - 1 > names.length) {
                throw new TopologySpecException(spec, "kind",
                        parts[0] + " takes " + String.join(":", names) + ", not " + (parts.length - 1) + " fields");
            }
        }

        boolean has(int i) {
            return i + 1 < parts.length;
        }

        private String name(int i) {
            return names[i].replace("[", "").replace("]", "");
        }

        int get(int i) throws TopologySpecException {
            String text = parts[i + 1];
            if (text.isEmpty() || text.length() > 9 || !text.chars().allMatch(Character::isDigit)) {
                throw new TopologySpecException(spec, name(i), "\"" + text + "\" is not a number");
            }
            return Integer.parseInt(text);
        }

        long seed(int i) throws TopologySpecException {
            try {
                return Long.parseLong(parts[i + 1]);
            } catch (NumberFormatException e) {
                throw new TopologySpecException(spec, name(i), "\"" + parts[i + 1] + "\" is not a 64-bit integer");
            }
        }
    }
}
