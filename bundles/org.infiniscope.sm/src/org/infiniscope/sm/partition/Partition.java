package org.infiniscope.sm.partition;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A partition as OpenSM makes it from the statements of a file: statements with the same P_Key are one partition
 * under the first name given; a statement without a P_Key joins the earlier partition of its name, else gets the
 * next free P_Key counted from 1 (OpenSM's generator). The default partition 0x7fff ("Default") always exists.
 *
 * @param name the name OpenSM logs it under
 * @param pkey the 15-bit P_Key
 * @param definitions its statements in file order (none for a default partition no statement names)
 */
public record Partition(String name, int pkey, List<PartitionDefinition> definitions) {

    /** The default partition's P_Key. */
    public static final int DEFAULT_PKEY = 0x7fff;

    /** Copies the list. */
    public Partition {
        definitions = List.copyOf(definitions);
    }

    /** @return whether a statement of it has {@code ipoib} */
    public boolean ipoib() {
        return definitions.stream().anyMatch(PartitionDefinition::ipoib);
    }

    /** @return every member of every statement, in file order */
    public List<Member> members() {
        return definitions.stream().flatMap(d -> d.members().stream()).toList();
    }

    /** @return the membership {@code member} of {@code definition} has, its own or the statement's default */
    public static Membership membershipOf(PartitionDefinition definition, Member member) {
        return member.membership() != null ? member.membership() : definition.defaultMembership();
    }

    /** @return the partitions of the statements, Default first, then in the order their first statement comes */
    static List<Partition> merge(List<PartitionDefinition> definitions) {
        Map<Integer, String> names = new LinkedHashMap<>();
        Map<Integer, List<PartitionDefinition>> statements = new LinkedHashMap<>();
        names.put(DEFAULT_PKEY, "Default");
        statements.put(DEFAULT_PKEY, new ArrayList<>());
        int counter = 0;
        for (PartitionDefinition definition : definitions) {
            int pkey = definition.basePkey();
            if (pkey == 0 && definition.name() != null) {
                pkey = names.entrySet().stream().filter(e -> e.getValue().equals(definition.name()))
                        .mapToInt(Map.Entry::getKey).findFirst().orElse(0);
            }
            while (pkey == 0 && counter < DEFAULT_PKEY - 1) {
                counter++;
                if (!names.containsKey(counter)) {
                    pkey = counter;
                }
            }
            if (pkey == 0) {
                continue; // OpenSM runs out of P_Keys and rejects the file; 32,766 statements are not a real case
            }
            int key = pkey;
            names.putIfAbsent(key, definition.name() != null ? definition.name() : String.format("%04x", key));
            statements.computeIfAbsent(key, k -> new ArrayList<>()).add(definition);
        }
        List<Partition> partitions = new ArrayList<>();
        statements.forEach((pkey, list) -> partitions.add(new Partition(names.get(pkey), pkey, list)));
        return partitions;
    }
}
