package io.cursorcheck.properties.mutants;

import com.github.javaparser.GeneratedJavaParserConstants;
import com.github.javaparser.GeneratedJavaParserTokenManager;
import com.github.javaparser.Providers;
import com.github.javaparser.SimpleCharStream;
import com.github.javaparser.Token;
import com.github.javaparser.TokenMgrException;
import java.util.ArrayList;
import java.util.List;

/**
 * The code tokens of a Java text, each with where it stands in the text: what a mutant's patch is
 * matched on, so that comments and whitespace (which JavaParser's lexer hands out only as "special"
 * tokens, never as code) can change without breaking a mutant.
 *
 * <p>The lexer is JavaParser's, not a hand-written one: string and text-block literals that contain
 * {@code //} or {@code /*}, character literals and operators are tokens as javac sees them. Its
 * positions are lines and columns with a tab counted as one column; {@link #of} turns them into
 * offsets of the text.
 */
final class CodeTokens {

    /**
     * One code token.
     *
     * @param image its text as written
     * @param start the offset of its first character in the text
     * @param end   the offset just after its last character
     */
    record CodeToken(String image, int start, int end) {}

    private CodeTokens() {}

    /**
     * The code tokens of {@code text} in order, comments and whitespace left out.
     *
     * @throws IllegalArgumentException if {@code text} is not Java the lexer can read (an unclosed comment or
     *                                  literal, a character Java has no token for)
     */
    static List<CodeToken> of(String text) {
        int[] lineStarts = lineStarts(text);
        List<CodeToken> tokens = new ArrayList<>();
        for (Token t : lex(text)) {
            if (t.kind == GeneratedJavaParserConstants.EOF) {
                continue; // it carries the trailing comments and whitespace, and no code
            }
            int start = lineStarts[t.beginLine - 1] + t.beginColumn - 1;
            int end = lineStarts[t.endLine - 1] + t.endColumn; // columns are inclusive
            tokens.add(new CodeToken(t.image, start, end));
        }
        return tokens;
    }

    /**
     * Whether {@code text} holds a comment anywhere (between code tokens, before the first or after the last):
     * a patch's code must not quote one.
     *
     * @throws IllegalArgumentException as {@link #of}
     */
    static boolean hasComment(String text) {
        for (Token t : lex(text)) {
            for (Token s = t.specialToken; s != null; s = s.specialToken) {
                if (isComment(s)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean isComment(Token special) {
        return special.kind == GeneratedJavaParserConstants.SINGLE_LINE_COMMENT
                || special.kind == GeneratedJavaParserConstants.MULTI_LINE_COMMENT
                || special.kind == GeneratedJavaParserConstants.JAVADOC_COMMENT;
    }

    /** Every code token of {@code text}, then the end-of-input token (which carries the trailing specials). */
    private static List<Token> lex(String text) {
        GeneratedJavaParserTokenManager lexer =
                new GeneratedJavaParserTokenManager(new SimpleCharStream(Providers.provider(text)));
        List<Token> tokens = new ArrayList<>();
        try {
            Token t;
            do {
                t = lexer.getNextToken();
                tokens.add(t);
            } while (t.kind != GeneratedJavaParserConstants.EOF);
        } catch (TokenMgrException e) {
            throw new IllegalArgumentException("not Java code: " + e.getMessage(), e);
        }
        return tokens;
    }

    /** The offset at which each line starts; a line ends at {@code \n}, {@code \r\n} or {@code \r}, as the lexer counts. */
    private static int[] lineStarts(String text) {
        List<Integer> starts = new ArrayList<>();
        starts.add(0);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                i++;
            }
            if (c == '\r' || c == '\n') {
                starts.add(i + 1);
            }
        }
        return starts.stream().mapToInt(Integer::intValue).toArray();
    }
}
