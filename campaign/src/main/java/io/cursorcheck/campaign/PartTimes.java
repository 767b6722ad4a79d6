package io.cursorcheck.campaign;

import io.cursorcheck.properties.io.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one source of the campaign's time figures: seconds per part per profile, each with where it was measured,
 * in {@value #RESOURCE} (committed). The campaign's estimate, its help and {@code docs/times.md} are rendered from
 * it; {@code bin/cursorcheck campaign --record-times} replaces a profile's figures with a finished campaign's
 * ({@code reports/<run>/index.json}), so no figure is written by hand.
 */
public final class PartTimes {

    /** The data file, on the class path of this package. */
    public static final String RESOURCE = "part-times.json";

    /** The data file in the source tree, where {@code --record-times} writes. */
    public static final String SOURCE_FILE = "campaign/src/main/resources/io/cursorcheck/campaign/" + RESOURCE;

    /**
     * One part's measured time.
     *
     * @param seconds how long it took
     * @param source  where it was measured (a run, its date, its conditions)
     */
    public record Time(long seconds, String source) {}

    /**
     * One profile's times.
     *
     * @param lockstepSeconds the lockstep time they were measured at
     * @param parts           each part's time, by its name in the registry, in the order they run
     */
    public record ProfileTimes(long lockstepSeconds, Map<String, Time> parts) {

        /** The sum of the parts' times. */
        public long totalSeconds() {
            return parts.values().stream().mapToLong(Time::seconds).sum();
        }
    }

    /** The checks beside the campaign whose times are kept here too: the gate and CI, measured on a fresh clone. */
    public static final List<String> CHECKS = List.of("gate", "ci");

    private final Map<String, ProfileTimes> profiles;
    private final Map<String, Time> checks;

    private PartTimes(Map<String, ProfileTimes> profiles, Map<String, Time> checks) {
        this.profiles = profiles;
        this.checks = checks;
    }

    /** The committed figures, from the class path. */
    public static PartTimes committed() {
        try (InputStream in = PartTimes.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the class path");
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Reads the data file's text.
     *
     * @throws IllegalArgumentException naming what is missing or wrong
     */
    public static PartTimes parse(String json) {
        Map<String, ProfileTimes> profiles = new LinkedHashMap<>();
        Map<?, ?> root = map(Json.parse(json), "the document");
        Map<?, ?> byProfile = map(root.get("profiles"), "profiles");
        for (Map.Entry<?, ?> p : byProfile.entrySet()) {
            String id = String.valueOf(p.getKey());
            Profile.named(id); // refuses an unknown profile
            Map<?, ?> profile = map(p.getValue(), "profiles." + id);
            Map<String, Time> parts = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e :
                    map(profile.get("parts"), "profiles." + id + ".parts").entrySet()) {
                Map<?, ?> time = map(e.getValue(), "profiles." + id + ".parts." + e.getKey());
                parts.put(
                        String.valueOf(e.getKey()),
                        new Time(
                                number(time.get("seconds"), id + "." + e.getKey() + ".seconds"),
                                String.valueOf(time.get("source"))));
            }
            profiles.put(id, new ProfileTimes(number(profile.get("lockstepSeconds"), id + ".lockstepSeconds"), parts));
        }
        Map<String, Time> checks = new LinkedHashMap<>();
        if (root.get("checks") != null) {
            for (Map.Entry<?, ?> e : map(root.get("checks"), "checks").entrySet()) {
                String name = String.valueOf(e.getKey());
                if (!CHECKS.contains(name)) {
                    throw new IllegalArgumentException("checks." + name + ": not one of " + CHECKS);
                }
                Map<?, ?> time = map(e.getValue(), "checks." + name);
                checks.put(
                        name,
                        new Time(
                                number(time.get("seconds"), "checks." + name + ".seconds"),
                                String.valueOf(time.get("source"))));
            }
        }
        return new PartTimes(profiles, checks);
    }

    /** The figures as the data file holds them. */
    public String json() {
        Map<String, Object> byProfile = new LinkedHashMap<>();
        profiles.forEach((id, p) -> {
            Map<String, Object> parts = new LinkedHashMap<>();
            p.parts().forEach((name, t) -> {
                Map<String, Object> time = new LinkedHashMap<>();
                time.put("seconds", t.seconds());
                time.put("source", t.source());
                parts.put(name, time);
            });
            Map<String, Object> profile = new LinkedHashMap<>();
            profile.put("lockstepSeconds", p.lockstepSeconds());
            profile.put("parts", parts);
            byProfile.put(id, profile);
        });
        Map<String, Object> root = new LinkedHashMap<>();
        root.put(
                "about",
                "Seconds per campaign part per profile, each with where it was measured. Written by"
                        + " 'bin/cursorcheck campaign --record-times' from the newest campaign's reports/<run>/index.json;"
                        + " docs/times.md is rendered from it.");
        root.put("profiles", byProfile);
        if (!checks.isEmpty()) {
            Map<String, Object> byCheck = new LinkedHashMap<>();
            checks.forEach((name, t) -> {
                Map<String, Object> time = new LinkedHashMap<>();
                time.put("seconds", t.seconds());
                time.put("source", t.source());
                byCheck.put(name, time);
            });
            root.put("checks", byCheck);
        }
        return Json.write(root);
    }

    /** The gate's and CI's measured times, by {@link #CHECKS}' names (a check never measured is absent). */
    public Map<String, Time> checks() {
        return checks;
    }

    /** A profile's figures, or none measured. */
    public ProfileTimes of(Profile profile) {
        return profiles.getOrDefault(profile.id(), new ProfileTimes(profile.lockstepMillis() / 1000, Map.of()));
    }

    /**
     * The estimate of a run: each part's measured time, the lockstep part's moved by the difference between this
     * run's lockstep time and the one it was measured at; null for a part never measured.
     */
    public Map<String, Long> estimate(Profile profile, List<String> parts, long lockstepMillis) {
        ProfileTimes times = of(profile);
        Map<String, Long> estimate = new LinkedHashMap<>();
        for (String part : parts) {
            Time t = times.parts().get(part);
            Long seconds = t == null ? null : t.seconds();
            if (seconds != null && part.equals("lockstep")) {
                seconds = Math.max(0, seconds + lockstepMillis / 1000 - times.lockstepSeconds());
            }
            estimate.put(part, seconds);
        }
        return estimate;
    }

    /**
     * These figures with {@code profile}'s replaced by a finished campaign's: the parts it ran get its times,
     * the parts it left out keep theirs. Only a campaign at the profile's own lockstep time is taken: the budgets of
     * conformance, subjects and upstream follow that time, so another one measures other parts.
     *
     * @param indexJson the text of the campaign's {@code reports/<run>/index.json}
     * @throws IllegalArgumentException if it is not a finished campaign's with times per part
     */
    public PartTimes recorded(String indexJson, String where) {
        Map<?, ?> index = map(Json.parse(indexJson), "index.json");
        Object id = index.get("profile");
        if (id == null || index.get("times") == null) {
            throw new IllegalArgumentException(
                    where + " holds no campaign profile and times per part (written by an older campaign, or not a"
                            + " campaign's index.json)");
        }
        Profile profile = Profile.named(String.valueOf(id));
        long lockstepSeconds = number(index.get("lockstepMillis"), "lockstepMillis") / 1000;
        if (lockstepSeconds * 1000 != profile.lockstepMillis()) { // the other parts' budgets follow the lockstep time
            throw new IllegalArgumentException(where + " is a campaign of " + duration(lockstepSeconds)
                    + " of lockstep; the " + profile.id() + " profile's figures come from a campaign at its own "
                    + duration(profile.lockstepMillis() / 1000) + " (no --minutes or --seconds)");
        }
        String source = "campaign started " + index.get("started") + " (" + index.get("command") + ", "
                + (Boolean.TRUE.equals(index.get("passed")) ? "passed" : "FAILED") + ") on " + index.get("machine");
        Map<String, Time> parts = new LinkedHashMap<>();
        ProfileTimes before = of(profile);
        Map<?, ?> times = map(index.get("times"), "times");
        for (Map.Entry<?, ?> e : times.entrySet()) {
            parts.put(String.valueOf(e.getKey()), new Time(number(e.getValue(), "times." + e.getKey()), source));
        }
        before.parts().forEach(parts::putIfAbsent); // the parts it left out keep their figures and sources
        Map<String, ProfileTimes> next = new LinkedHashMap<>(profiles);
        next.put(profile.id(), new ProfileTimes(lockstepSeconds, parts));
        return new PartTimes(next, checks);
    }

    /**
     * Replaces the data file and {@code docs/times.md} in {@code root} with a finished campaign's figures.
     *
     * @return the updated figures
     */
    public static PartTimes record(Path indexJson, Path root) throws IOException {
        if (!Files.isRegularFile(indexJson)) {
            throw new IllegalArgumentException("--record-times: no finished campaign's index at " + indexJson);
        }
        PartTimes next = parse(Files.readString(root.resolve(SOURCE_FILE), StandardCharsets.UTF_8))
                .recorded(Files.readString(indexJson, StandardCharsets.UTF_8), indexJson.toString());
        Files.writeString(root.resolve(SOURCE_FILE), next.json(), StandardCharsets.UTF_8);
        Files.writeString(root.resolve(TimesPage.FILE), TimesPage.render(next), StandardCharsets.UTF_8);
        Path readme = root.resolve("README.md");
        if (Files.isRegularFile(readme)) {
            Files.writeString(
                    readme,
                    TimesPage.readme(Files.readString(readme, StandardCharsets.UTF_8), next),
                    StandardCharsets.UTF_8);
        }
        return next;
    }

    /** A duration as people read it: {@code 45 s}, {@code 4 min 20 s}. */
    public static String duration(long seconds) {
        if (seconds < 60) {
            return seconds + " s";
        }
        return seconds / 60 + " min" + (seconds % 60 == 0 ? "" : " " + seconds % 60 + " s");
    }

    private static Map<?, ?> map(Object value, String what) {
        if (value instanceof Map<?, ?> m) {
            return m;
        }
        throw new IllegalArgumentException(what + ": expected an object, found " + value);
    }

    private static long number(Object value, String what) {
        if (value instanceof Number n) {
            return n.longValue();
        }
        throw new IllegalArgumentException(what + ": expected a number, found " + value);
    }
}
