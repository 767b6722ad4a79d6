package io.cursorcheck.properties.pages;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.commonmark.ext.heading.anchor.HeadingAnchorExtension;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Heading;
import org.commonmark.node.HtmlBlock;
import org.commonmark.node.HtmlInline;
import org.commonmark.node.Image;
import org.commonmark.node.Link;
import org.commonmark.node.Node;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;

/**
 * Walks every link of Markdown pages and lists those that do not resolve: a relative link to a file
 * that is not there, a link whose {@code ..} climb above the filesystem root or the given boundary
 * (never clamped, as {@link Path#normalize()} would), or an {@code #anchor} that is no heading (nor
 * {@code <a id>}) of its page. Links with a scheme ({@code https:}, {@code mailto:}) are not followed.
 *
 * <p>Pages are parsed with commonmark, so links in code spans and code blocks are not links, and
 * heading anchors are those commonmark's heading-anchor extension gives, which follow GitHub's rule
 * (lower case, spaces to hyphens, punctuation dropped, a repeated heading numbered {@code -1},
 * {@code -2}).
 */
public final class ReportLinks {

    private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:");
    private static final Pattern HTML_ID = Pattern.compile("\\b(?:id|name)\\s*=\\s*\"([^\"]+)\"");
    private static final Parser PARSER = Parser.builder().build();

    private ReportLinks() {}

    /**
     * A link that does not resolve.
     *
     * @param page the page it is on
     * @param link the link as written
     * @param why  what is wrong
     */
    public record Broken(Path page, String link, String why) {
        @Override
        public String toString() {
            return page + ": (" + link + ") " + why;
        }
    }

    /** Every Markdown page under {@code dir}, the staging folder of unfinished runs left out. */
    public static List<Path> pages(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(p -> p.getFileName().toString().endsWith(".md") && Files.isRegularFile(p))
                    .filter(p -> !dir.relativize(p).toString().startsWith(".staging"))
                    .sorted()
                    .toList();
        }
    }

    /** The broken links of every page under {@code dir}, a file counting as there when it exists. */
    public static List<Broken> check(Path dir) throws IOException {
        return check(pages(dir), null, Files::exists);
    }

    /**
     * The broken links of every page under {@code dir}, a file counting as there when it exists, every
     * link having to stay inside {@code boundary} (the project root a run's pages are published under).
     */
    public static List<Broken> check(Path dir, Path boundary) throws IOException {
        return check(pages(dir), boundary, Files::exists);
    }

    /**
     * The broken links of some pages.
     *
     * @param pages     the pages
     * @param boundary  a directory every link must stay inside (the repository, for committed pages), or null
     * @param available whether a linked file counts as there (it exists; or, for committed pages, a clone has it)
     */
    public static List<Broken> check(List<Path> pages, Path boundary, Predicate<Path> available) throws IOException {
        List<Broken> broken = new ArrayList<>();
        Map<Path, Set<String>> anchors = new HashMap<>();
        Path inside = boundary == null ? null : boundary.toAbsolutePath().normalize();
        for (Path page : pages) {
            Path abs = page.toAbsolutePath().normalize();
            for (String link : links(Files.readString(abs, StandardCharsets.UTF_8))) {
                String why = problem(abs, link, inside, available, anchors);
                if (why != null) {
                    broken.add(new Broken(page, link, why));
                }
            }
        }
        return broken;
    }

    private static String problem(
            Path page, String link, Path inside, Predicate<Path> available, Map<Path, Set<String>> anchors) {
        if (SCHEME.matcher(link).find()) {
            return null;
        }
        int hash = link.indexOf('#');
        String file = hash < 0 ? link : link.substring(0, hash);
        String anchor = hash < 0 ? "" : link.substring(hash + 1);
        Path target;
        if (file.isEmpty()) {
            target = page;
        } else {
            if (file.startsWith("/")) {
                return "an absolute path: a page must link relatively";
            }
            Resolved resolved = resolve(page.getParent(), decode(file), inside);
            if (resolved.why() != null) {
                return resolved.why();
            }
            target = resolved.path();
            if (!available.test(target)) {
                return Files.exists(target) ? "not in a clone (ignored or not committed)" : "no such file";
            }
        }
        if (!anchor.isEmpty() && target.getFileName().toString().endsWith(".md") && Files.isRegularFile(target)) {
            Set<String> ids = anchors.computeIfAbsent(target, ReportLinks::anchorsOf);
            if (!ids.contains(decode(anchor))) {
                return "no heading or anchor #" + anchor + " in " + target.getFileName();
            }
        }
        return null;
    }

    /** Where a relative link leads, or why it leads nowhere. */
    private record Resolved(Path path, String why) {}

    /**
     * Follows a relative link's path from {@code dir} one segment at a time, the way a browser or
     * GitHub reads it: a {@code ..} that would climb above the filesystem root or above
     * {@code boundary} makes the link broken. {@link Path#normalize()} would instead drop the extra
     * {@code ..} at the root, so that a link computed from a directory two levels too deep could still
     * land on the right file when the pages sit near {@code /}.
     */
    private static Resolved resolve(Path dir, String relative, Path boundary) {
        Path at = dir;
        for (String segment : relative.split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".")) {
                continue;
            }
            if (segment.equals("..")) {
                if (boundary != null && at.equals(boundary)) {
                    return new Resolved(null, "leaves " + boundary);
                }
                if (at.getParent() == null) {
                    return new Resolved(null, "climbs above the filesystem root");
                }
                at = at.getParent();
            } else {
                at = at.resolve(segment);
            }
        }
        if (boundary != null && !at.startsWith(boundary)) {
            return new Resolved(null, "leaves " + boundary);
        }
        return new Resolved(at, null);
    }

    /** The destinations of every link and image of a page, in order. */
    public static List<String> links(String markdown) {
        List<String> links = new ArrayList<>();
        PARSER.parse(markdown).accept(new AbstractVisitor() {
            @Override
            public void visit(Link link) {
                links.add(link.getDestination());
                visitChildren(link);
            }

            @Override
            public void visit(Image image) {
                links.add(image.getDestination());
                visitChildren(image);
            }
        });
        return links;
    }

    /** The anchors of a page: its headings' ids, and the {@code id} or {@code name} of its HTML tags. */
    public static Set<String> anchors(String markdown) {
        Set<String> ids = new LinkedHashSet<>();
        Node doc = PARSER.parse(markdown);
        // The extension's provider runs first and sets each heading's id; ours, added after it, reads it.
        HtmlRenderer.builder()
                .extensions(List.of(HeadingAnchorExtension.create()))
                .attributeProviderFactory(context -> (node, tag, attributes) -> {
                    if (node instanceof Heading && attributes.containsKey("id")) {
                        ids.add(attributes.get("id"));
                    }
                })
                .build()
                .render(doc);
        doc.accept(new AbstractVisitor() {
            @Override
            public void visit(HtmlInline html) {
                htmlIds(html.getLiteral(), ids);
            }

            @Override
            public void visit(HtmlBlock html) {
                htmlIds(html.getLiteral(), ids);
            }
        });
        return ids;
    }

    private static void htmlIds(String html, Set<String> ids) {
        Matcher m = HTML_ID.matcher(html);
        while (m.find()) {
            ids.add(m.group(1));
        }
    }

    private static Set<String> anchorsOf(Path page) {
        try {
            return anchors(Files.readString(page, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Percent-decodes a link's path ({@code %20}); a plus sign stays a plus sign, as in a URL path. */
    private static String decode(String s) {
        return s.indexOf('%') < 0 ? s : URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
    }
}
