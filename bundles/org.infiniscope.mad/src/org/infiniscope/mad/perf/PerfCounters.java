package org.infiniscope.mad.perf;

import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Objects;
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
    private final Map<C, Long> values;

    private PerfCounters(Builder<C> builder) {
        this.type = builder.type;
        this.portSelect = builder.portSelect;
        this.counterSelect = builder.counterSelect;
        this.values = Collections.unmodifiableMap(new EnumMap<>(builder.values));
    }

    /** @return a builder for the counters of {@code type}, all absent, PortSelect 0, nothing selected */
    public static <C extends Enum<C> & PerfCounter> Builder<C> builder(Class<C> type) {
        return new Builder<>(type);
    }

    /** @return a builder holding these values */
    public Builder<C> toBuilder() {
        Builder<C> builder = new Builder<>(type).portSelect(portSelect).counterSelect(counterSelect);
        builder.values.putAll(values);
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

    /** @return the counters and their raw values; unmodifiable */
    public Map<C, Long> values() {
        return values;
    }

    /** @return the raw value of a counter, if the attribute carries it */
    public OptionalLong find(C counter) {
        Long value = values.get(counter);
        return value == null ? OptionalLong.empty() : OptionalLong.of(value);
    }

    /**
     * @return the raw value of a counter
     * @throws IllegalArgumentException when this attribute variant does not carry it
     */
    public long get(C counter) {
        Long value = values.get(counter);
        if (value == null) {
            throw new IllegalArgumentException(counter.label() + " is not carried by this attribute");
        }
        return value;
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
        values.forEach((counter, value) -> {
            if (value == counter.max()) {
                saturated.add(counter);
            }
        });
        return Collections.unmodifiableSet(saturated);
    }

    /** @return the counter enum */
    public Class<C> type() {
        return type;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PerfCounters<?> that && type == that.type && portSelect == that.portSelect
                && counterSelect == that.counterSelect && values.equals(that.values);
    }

    @Override
    public int hashCode() {
        return Objects.hash(type, portSelect, counterSelect, values);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder(type.getSimpleName()).append("[PortSelect ").append(portSelect)
                .append(", select 0x").append(Long.toHexString(counterSelect));
        values.forEach((counter, value) -> text.append(", ").append(counter.label()).append(' ')
                .append(Long.toUnsignedString(value)));
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
        private final EnumMap<C, Long> values;
        private int portSelect;
        private long counterSelect;

        private Builder(Class<C> type) {
            this.type = type;
            this.values = new EnumMap<>(type);
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
            values.put(counter, value);
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
            long current = values.getOrDefault(counter, 0L);
            long sum = current + delta;
            boolean overflow = Long.compareUnsigned(sum, current) < 0
                    || Long.compareUnsigned(sum, counter.max()) > 0;
            values.put(counter, overflow ? counter.max() : sum);
            return this;
        }

        /** Sets every carried counter named by the select mask to zero, as a Set of the attribute does. */
        public Builder<C> resetSelected() {
            for (C counter : values.keySet()) {
                if ((counterSelect & (1L << counter.selectBit())) != 0) {
                    values.put(counter, 0L);
                }
            }
            return this;
        }

        /** @return the immutable value */
        public PerfCounters<C> build() {
            return new PerfCounters<>(this);
        }
    }
}
