package io.cursorcheck.properties.pages;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/** Reads PIT's {@code mutations.xml}: one {@link Mutation} per mutant PIT made. */
public final class PitMutations {

    /**
     * One PIT mutant and its fate.
     *
     * @param mutatedClass the class, fully qualified
     * @param method       the method
     * @param line         the source line
     * @param mutator      the mutator's simple name, e.g. {@code VoidMethodCallMutator}
     * @param description  what it changed, in PIT's words
     * @param status       KILLED, SURVIVED, NO_COVERAGE, TIMED_OUT, MEMORY_ERROR, RUN_ERROR
     * @param detected     whether PIT counts it as killed
     * @param killingTest  the test that killed it, or empty
     */
    public record Mutation(
            String mutatedClass,
            String method,
            int line,
            String mutator,
            String description,
            String status,
            boolean detected,
            String killingTest) {

        /** The class's simple name. */
        public String simpleClass() {
            return mutatedClass.substring(mutatedClass.lastIndexOf('.') + 1);
        }

        /** The top-level class's simple name (for a nested class, its outer class). */
        public String topClass() {
            String s = simpleClass();
            int dollar = s.indexOf('$');
            return dollar < 0 ? s : s.substring(0, dollar);
        }
    }

    private PitMutations() {}

    /** Parses the file. */
    public static List<Mutation> read(Path xml) throws IOException {
        try (InputStream in = Files.newInputStream(xml)) {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            NodeList nodes = f.newDocumentBuilder().parse(in).getElementsByTagName("mutation");
            List<Mutation> out = new ArrayList<>(nodes.getLength());
            for (int i = 0; i < nodes.getLength(); i++) {
                Element e = (Element) nodes.item(i);
                String mutator = text(e, "mutator");
                out.add(new Mutation(
                        text(e, "mutatedClass"),
                        text(e, "mutatedMethod"),
                        Integer.parseInt(text(e, "lineNumber")),
                        mutator.substring(mutator.lastIndexOf('.') + 1),
                        text(e, "description"),
                        e.getAttribute("status"),
                        Boolean.parseBoolean(e.getAttribute("detected")),
                        text(e, "killingTest")));
            }
            return out;
        } catch (ParserConfigurationException | SAXException | NumberFormatException e) {
            throw new IOException(xml + " is not PIT's mutations.xml: " + e.getMessage(), e);
        }
    }

    private static String text(Element e, String tag) {
        NodeList l = e.getElementsByTagName(tag);
        if (l.getLength() == 0) {
            return "";
        }
        Node n = l.item(0);
        return n.getTextContent() == null ? "" : n.getTextContent().strip();
    }
}
