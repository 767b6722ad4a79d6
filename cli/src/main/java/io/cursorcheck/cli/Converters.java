package io.cursorcheck.cli;

import io.cursorcheck.campaign.Parts;
import io.cursorcheck.conformance.release.Release;
import io.cursorcheck.properties.BroadcastFactory;
import io.cursorcheck.properties.campaign.Subjects;
import io.cursorcheck.properties.engine.Weights;
import io.cursorcheck.spi.Policy;
import io.cursorcheck.stress.StressRun;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * How the command line turns words into values. Each converter refuses a bad word with a
 * message that quotes it; {@link ErrorHandler} puts the option's name in front. The candidate
 * lists are what the usage text prints as {@code ${COMPLETION-CANDIDATES}}, and what the
 * converters accept, so the two cannot drift.
 */
final class Converters {

    private Converters() {}

    /** A whole number that fits a long, with optional {@code _} separators ({@code 20_000_000}). */
    static final class WholeLong implements ITypeConverter<Long> {
        @Override
        public Long convert(String text) {
            try {
                return Long.parseLong(text.replace("_", ""));
            } catch (NumberFormatException e) {
                throw new TypeConversionException("'" + text + "' is not a whole number that fits 64 bits");
            }
        }
    }

    /** A whole number that fits an int; refused, never wrapped, when it does not. */
    static final class WholeInt implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String text) {
            long n = new WholeLong().convert(text);
            if (n != (int) n) {
                throw new TypeConversionException("'" + text + "' does not fit 32 bits");
            }
            return (int) n;
        }
    }

    /**
     * A seed: decimal (negative, or unsigned up to 2^64 - 1) or hex with {@code 0x}, with optional
     * {@code _} separators as every number of the command line ({@code 20_261_201}, {@code 0xdead_beef}).
     */
    static final class Seed implements ITypeConverter<Long> {
        @Override
        public Long convert(String text) {
            String digits = text.replace("_", "");
            try {
                if (digits.startsWith("0x")) {
                    return Long.parseUnsignedLong(digits.substring(2), 16);
                }
                return digits.startsWith("-") ? Long.parseLong(digits) : Long.parseUnsignedLong(digits);
            } catch (NumberFormatException e) {
                throw new TypeConversionException("'" + text + "' is not a 64-bit seed (decimal from "
                        + Long.MIN_VALUE + " to " + Long.toUnsignedString(-1) + ", or hex with 0x; _ may separate"
                        + " digits)");
            }
        }

        /** The seed given, or a fresh one (non-negative, so it prints the same signed or unsigned). */
        static long orFresh(Long seed) {
            return seed != null ? seed : new SecureRandom().nextLong() & Long.MAX_VALUE;
        }
    }

    /** A variant, a mutant or a wrapped one ({@code ...+black-box}), by id. */
    static final class Subject implements ITypeConverter<BroadcastFactory> {
        @Override
        public BroadcastFactory convert(String text) {
            try {
                return Subjects.named(text);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(shorter(e.getMessage()));
            }
        }

        /** The library's answer without its list of every mutant, which would fill the screen. */
        static String shorter(String unknown) {
            return unknown.replaceFirst("; mutants: [^;]*", "; mutants: see bin/cursorcheck variants --mutants");
        }
    }

    /** Generator weights as {@code name=value} pairs over the defaults. */
    static final class WeightsSpec implements ITypeConverter<Weights> {
        @Override
        public Weights convert(String text) {
            try {
                return Weights.DEFAULT.with(text);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("'" + text + "': " + e.getMessage());
            }
        }
    }

    /** A policy as users write it: {@code drop-oldest} or {@code DROP_OLDEST}. */
    static final class PolicyName implements ITypeConverter<Policy> {
        @Override
        public Policy convert(String text) {
            for (Policy p : Policy.values()) {
                if (p.name().equals(text.toUpperCase(Locale.ROOT).replace('-', '_'))) {
                    return p;
                }
            }
            throw new TypeConversionException(
                    "'" + text + "' is not a policy; policies: " + String.join(", ", new PolicyNames()));
        }
    }

    /** The policies as the usage text lists them. */
    static final class PolicyNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(Policy.values())
                    .map(p -> p.name().toLowerCase(Locale.ROOT).replace('_', '-'))
                    .iterator();
        }
    }

    /** How the explorer keys its states. */
    static final class KeyingName implements ITypeConverter<io.cursorcheck.properties.explore.Keying> {
        @Override
        public io.cursorcheck.properties.explore.Keying convert(String text) {
            try {
                return io.cursorcheck.properties.explore.Keying.parse(text);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** A jcstress mode. */
    static final class StressMode implements ITypeConverter<StressRun.Mode> {
        @Override
        public StressRun.Mode convert(String text) {
            try {
                return StressRun.Mode.named(text);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** The jcstress modes as the usage text lists them. */
    static final class StressModes implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(StressRun.Mode.values())
                    .map(m -> m.name().toLowerCase(Locale.ROOT))
                    .iterator();
        }
    }

    /** A part of the campaign that {@code --skip} may leave out. */
    static final class CampaignPart implements ITypeConverter<String> {
        @Override
        public String convert(String text) {
            if (!CampaignParts.NAMES.contains(text)) {
                throw new TypeConversionException("'" + text + "' is not a part that can be skipped; parts: "
                        + String.join(", ", CampaignParts.NAMES));
            }
            return text;
        }
    }

    /** The parts {@code --skip} may leave out (lockstep always runs). */
    static final class CampaignParts implements Iterable<String> {
        static final List<String> NAMES = Parts.SKIPPABLE;

        @Override
        public Iterator<String> iterator() {
            return NAMES.iterator();
        }
    }

    /** A release as {@code node-26.12.1} or {@code bun-1.4.5}. */
    static final class ReleaseId implements ITypeConverter<Release> {
        @Override
        public Release convert(String text) {
            try {
                return Release.parse(text);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("'" + text + "' is not a release: " + e.getMessage());
            }
        }
    }

    /** A regular expression, compiled here so that a bad one is refused before jcstress starts. */
    static final class Regex implements ITypeConverter<String> {
        @Override
        public String convert(String text) {
            try {
                Pattern.compile(text);
                return text;
            } catch (PatternSyntaxException e) {
                throw new TypeConversionException("'" + text + "' is not a regular expression: " + e.getDescription()
                        + " at index " + e.getIndex());
            }
        }
    }
}
