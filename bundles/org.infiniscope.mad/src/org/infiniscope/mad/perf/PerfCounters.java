package org.infiniscope.mad.perf;

import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The decoded value of a PerfMgt counter attribute: PortSelect, the select mask and the counters the
 * attribute carries. Immutable; build one with {@link #builder(Class)}.
 * <p>
 * Counters are unsigned: a 64-bit counter above {@link Long#MAX_VALUE} comes back negative, so compare
 * with {@link Long#compareUnsigned} and print with {@link Long#toUnsignedString(long)}.
 *
 * @param <C> the attribute's counter enum ({@link PortCounter}, {@link ExtendedPortCounter}, …)
 */
public final class PerfCounters<C extends Enum<C> & PerfCounter> {

    /** PortSelect value that addresses every port when {@link PerfCapability#ALL_PORT_SELECT} is set. */
    public static final int ALL_PORTS = 0xFF;

    private final Class<C> type;
    private final int portSelect;
    private final long counterSelect;
    // The perf manager decodes these by the million: raw values by ordinal and a presence bit per ordinal
    // cost one array, where a Map costs a box per counter. An absent counter's slot holds 0, so arrays
    // compare as the values do.
    private final long[] values;
    private final long present;

    /** Takes {@code values} as its own: the caller must not keep it. */
    PerfCounters(Class<C> type, int portSelect, long counterSelect, long[] values, long present) {
        this.type = type;
        this.portSelect = portSelect;
        this.counterSelect = counterSelect;
        this.values = values;
        this.present = present;
    }

    /**
     * @return a builder for the counters of {@code type}, all absent, PortSelect 0, nothing selected
     * @throws IllegalArgumentException when the enum has more than 64 counters
     */
    public static <C extends Enum<C> & PerfCounter> Builder<C> builder(Class<C> type) {
        return new Builder<>(type);
    }

    /** @return a builder holding these values */
    public Builder<C> toBuilder() {
        Builder<C> builder = new Builder<>(type).portSelect(portSelect).counterSelect(counterSelect);
        System.arraycopy(values, 0, builder.values, 0, values.length);
        builder.present = present;
        return builder;
    }

    /** @return the port number, or {@link #ALL_PORTS} */
    public int portSelect() {
        return portSelect;
    }

    /**
     * @return the select mask as on the wire, bit {@link PerfCounter#selectBit()} per counter (CounterSelect
     *         in bits 0–15, CounterSelect2 above); reserved bits are kept so the value re-encodes exactly
     */
    public long counterSelect() {
        return counterSelect;
    }

    /** @return the counters the select mask names: those a Set resets */
    public Set<C> selected() {
        EnumSet<C> selected = EnumSet.noneOf(type);
        for (C counter : type.getEnumConstants()) {
            if ((counterSelect & (1L << counter.selectBit())) != 0) {
                selected.add(counter);
            }
        }
        return Collections.unmodifiableSet(selected);
    }

    /**
     * @return the counters this attribute carries and their raw values, in counter order; unmodifiable. Built
     *         on each call: {@link #get} and {@link #find} read a counter without it.
     */
    public Map<C, Long> values() {
        EnumMap<C, Long> map = new EnumMap<>(type);
        C[] counters = type.getEnumConstants();
        for (int i = 0; i < values.length; i++) {
            if (has(i)) {
                map.put(counters[i], values[i]);
            }
        }
        return Collections.unmodifiableMap(map);
    }

    /** @return the raw value of a counter, if the attribute carries it */
    public OptionalLong find(C counter) {
        int i = counter.ordinal();
        return has(i) ? OptionalLong.of(values[i]) : OptionalLong.empty();
    }

    /**
     * @return the raw value of a counter
     * @throws IllegalArgumentException when this attribute variant does not carry it
     */
    public long get(C counter) {
        int i = counter.ordinal();
        if (!has(i)) {
            throw new IllegalArgumentException(counter.label() + " is not carried by this attribute");
        }
        return values[i];
    }

    /** The raw values by ordinal, 0 where absent, for the encoder: read only, never handed out. */
    long[] raw() {
        return values;
    }

    private boolean has(int ordinal) {
        return (present & (1L << ordinal)) != 0;
    }

    /**
     * @return the octets a data counter stands for (its raw value times 4, as the spec counts data in 32-bit
     *         words), capped at {@link Long#MAX_VALUE}; other counters' raw value as is
     */
    public long octets(C counter) {
        long raw = get(counter);
        if (!counter.countsDataWords()) {
            return raw;
        }
        return Long.compareUnsigned(raw, Long.MAX_VALUE / 4) > 0 ? Long.MAX_VALUE : raw * 4;
    }

    /** @return whether the counter has reached its maximum, where it stops counting until reset */
    public boolean isSaturated(C counter) {
        return get(counter) == counter.max();
    }

    /** @return the counters at their maximum */
    public Set<C> saturated() {
        EnumSet<C> saturated = EnumSet.noneOf(type);
        C[] counters = type.getEnumConstants();
        for (int i = 0; i < values.length; i++) {
            if (has(i) && values[i] == counters[i].max()) {
                saturated.add(counters[i]);
            }
        }
        return Collections.unmodifiableSet(saturated);
    }

    /** @return the counter enum */
    public Class<C> type() {
        return type;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PerfCounters<?> that && type == that.type && portSelect == that.portSelect
                && counterSelect == that.counterSelect && present == that.present && Arrays.equals(values, that.values);
    }

    @Override
    public int hashCode() {
        int hash = type.hashCode();
        hash = 31 * hash + portSelect;
        hash = 31 * hash + Long.hashCode(counterSelect);
        hash = 31 * hash + Long.hashCode(present);
        return 31 * hash + Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder(type.getSimpleName()).append("[PortSelect ").append(portSelect)
                .append(", select 0x").append(Long.toHexString(counterSelect));
        C[] counters = type.getEnumConstants();
        for (int i = 0; i < values.length; i++) {
            if (has(i)) {
                text.append(", ").append(counters[i].label()).append(' ').append(Long.toUnsignedString(values[i]));
            }
        }
        return text.append(']').toString();
    }

    /**
     * Builds {@link PerfCounters}: for decoding, for a simulated port that counts, and for the Set that resets
     * counters.
     *
     * @param <C> the counter enum
     */
    public static final class Builder<C extends Enum<C> & PerfCounter> {

        private final Class<C> type;
        private final long[] values;
        private long present;
        private int portSelect;
        private long counterSelect;

        private Builder(Class<C> type) {
            int size = type.getEnumConstants().length;
            // One presence bit per counter in a long.
            if (size > Long.SIZE) {
                throw new IllegalArgumentException(type.getName() + " has " + size + " counters, more than 64");
            }
            this.type = type;
            this.values = new long[size];
        }

        /** Sets PortSelect, 0 to 255. */
        public Builder<C> portSelect(int port) {
            if (port < 0 || port > 0xFF) {
                throw new IllegalArgumentException("PortSelect " + port + " is outside 0..255");
            }
            this.portSelect = port;
            return this;
        }

        /** Sets the whole select mask as on the wire. */
        public Builder<C> counterSelect(long mask) {
            this.counterSelect = mask;
            return this;
        }

        /** Adds the counters' select bits to the mask: a Set resets exactly these. */
        public Builder<C> select(Set<C> counters) {
            for (C counter : counters) {
                counterSelect |= 1L << counter.selectBit();
            }
            return this;
        }

        /**
         * Sets a counter's raw value.
         *
         * @throws IllegalArgumentException when the value does not fit the counter's width
         */
        public Builder<C> set(C counter, long value) {
            if (counter.width() < 64 && (value < 0 || value > counter.max())) {
                throw new IllegalArgumentException(
                        counter.label() + " " + value + " does not fit in " + counter.width() + " bits");
            }
            put(counter.ordinal(), value);
            return this;
        }

        /**
         * Counts {@code delta} more events (a simulated port): the counter stops at its maximum and stays there
         * until reset, as the spec requires, rather than wrap.
         */
        public Builder<C> add(C counter, long delta) {
            if (delta < 0) {
                throw new IllegalArgumentException("counters only count up: delta " + delta);
            }
            long current = values[counter.ordinal()];
            long sum = current + delta;
            boolean overflow = Long.compareUnsigned(sum, current) < 0 || Long.compareUnsigned(sum, counter.max()) > 0;
            put(counter.ordinal(), overflow ? counter.max() : sum);
            return this;
        }

        /** Sets every carried counter named by the select mask to zero, as a Set of the attribute does. */
        public Builder<C> resetSelected() {
            C[] counters = type.getEnumConstants();
            for (int i = 0; i < values.length; i++) {
                if ((present & (1L << i)) != 0 && (counterSelect & (1L << counters[i].selectBit())) != 0) {
                    values[i] = 0;
                }
            }
            return this;
        }

        private void put(int ordinal, long value) {
            values[ordinal] = value;
            present |= 1L << ordinal;
        }

        /** @return the immutable value */
        public PerfCounters<C> build() {
            return new PerfCounters<>(type, portSelect, counterSelect, values.clone(), present);
        }
    }
}
