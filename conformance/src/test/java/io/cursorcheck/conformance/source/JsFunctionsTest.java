package io.cursorcheck.conformance.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The function scanner on hand-written snippets: each kind of declaration it names, and braces inside strings,
 * template literals, comments and regular expressions that must not count.
 */
class JsFunctionsTest {

    private static List<String> names(String source) {
        return JsFunctions.split(source).stream().map(JsFunction::name).toList();
    }

    private static JsFunction named(String source, String name) {
        return JsFunctions.split(source).stream()
                .filter(f -> f.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError(name + " not in " + names(source)));
    }

    @Test
    void topLevelFunctionsArrowsAndTheRestAreNamed() {
        String js = String.join(
                "\n",
                "'use strict';",
                "const { a } = require('x');",
                "function trim(list, n) {",
                "  return list.slice(n);",
                "}",
                "async function* drain() { yield 1; }",
                "const add = (x, y = { z: 1 }) => {",
                "  return x + y.z;",
                "};",
                "const twice = async x => x * 2;",
                "let old = function (a) { return a; };",
                "const limit = 4;",
                "module.exports = { trim, add };",
                "");
        assertThat(names(js))
                .containsExactly(
                        "function trim", "function drain", "const add", "const twice", "let old", JsFunction.OUTSIDE);
        assertThat(named(js, "function trim").firstLine()).isEqualTo(3);
        assertThat(named(js, "function trim").text())
                .startsWith("function trim(")
                .endsWith("}");
        assertThat(named(js, JsFunction.OUTSIDE).normalizedLines())
                .containsExactly(
                        "'use strict';",
                        "const { a } = require('x');",
                        "const limit = 4;",
                        "module.exports = { trim, add };");
    }

    @Test
    void classMembersAreQualifiedByTheirClass() {
        String js = String.join(
                "\n",
                "class Broadcast extends Base {",
                "  #buffer = [];",
                "  count = 0",
                "  static #instances = 0;",
                "  #onDrain = () => { this.count = 0; };",
                "  constructor(options = {}) { super(); }",
                "  get canWrite() { return true; }",
                "  set canWrite(v) {}",
                "  static from(input) { return new Broadcast(input); }",
                "  async #flush() { await this.#buffer; }",
                "  *[Symbol.iterator]() { yield* this.#buffer; }",
                "  [kWrite](chunk) {",
                "    if (chunk) { this.#buffer.push(chunk); }",
                "  }",
                "  static {",
                "    Broadcast.ready = true;",
                "  }",
                "  write(x) { return this[kWrite](x); }",
                "}",
                "");
        assertThat(names(js))
                .containsExactly(
                        "Broadcast##onDrain",
                        "Broadcast#constructor",
                        "get Broadcast#canWrite",
                        "set Broadcast#canWrite",
                        "static Broadcast#from",
                        "Broadcast##flush",
                        "Broadcast#[Symbol.iterator]",
                        "Broadcast#[kWrite]",
                        "static Broadcast#{}",
                        "Broadcast#write",
                        "class Broadcast");
        assertThat(named(js, "Broadcast#[kWrite]").text()).endsWith("}\n  }");
        assertThat(named(js, "class Broadcast").normalizedLines())
                .containsExactly(
                        "class Broadcast extends Base {", "#buffer = [];", "count = 0", "static #instances = 0;", "}");
    }

    @Test
    void methodsOfAnObjectBoundAtTopLevelAreNamedByTheObject() {
        String js = String.join(
                "\n",
                "const Api = {",
                "  __proto__: null,",
                "  from(input, options) {",
                "    return [input, options];",
                "  },",
                "  get size() { return 1; },",
                "  check: (x) => { return !!x; },",
                "  plain: 3,",
                "};",
                "const config = { a: 1, b: { c: 2 } };",
                "");
        assertThat(names(js)).containsExactly("Api.from", "get Api.size", "Api.check", "const Api", JsFunction.OUTSIDE);
        assertThat(named(js, "const Api").normalizedLines())
                .containsExactly("const Api = {", "__proto__: null,", ",", ",", ",", "plain: 3,", "};");
        assertThat(named(js, JsFunction.OUTSIDE).text()).contains("const config");
    }

    @Test
    void bracesInStringsTemplatesCommentsAndRegexesDoNotCount() {
        String js = String.join(
                "\n",
                "function a() {",
                "  const s = '}' + \"{{\" + 'it\\'s }';",
                "  // a comment with } and {",
                "  /* a block comment { with",
                "     } lines */",
                "  const t = `}${ { k: '}' }.k }{`;",
                "  const nested = `a${`b${'}'}c`}d}`;",
                "  const r = /[}{]+\\/}/g.test(s);",
                "  const q = x / 2 / (y || 1);",
                "  return typeof /}/ === 'object';",
                "}",
                "function b() {",
                "  return 1;",
                "}",
                "");
        assertThat(names(js)).containsExactly("function a", "function b");
        assertThat(named(js, "function a").text()).endsWith("'object';\n}");
        assertThat(named(js, "function b").firstLine()).isEqualTo(12);
    }

    @Test
    void theMaskKeepsOffsetsAndLinesAndBlanksOnlyWhatIsNotCode() {
        String js = "const s = '{';\n// }\nlet t = `x${y}z`;\n";
        String masked = JsFunctions.mask(js);
        assertThat(masked).hasSameSizeAs(js);
        assertThat(masked.lines().toList()).hasSize(3);
        assertThat(masked)
                .doesNotContain("{")
                .doesNotContain("}")
                .contains("let t = ` ")
                .contains("y");
    }

    @Test
    void aNameDeclaredTwiceIsKeptApart() {
        assertThat(names("function f() {}\nfunction f() { return 2; }\n"))
                .containsExactly("function f", "function f (2)");
    }

    @Test
    void statementsWithoutSemicolonsStillEndBeforeTheNextDeclaration() {
        String js = "const a = 1\nconst f = () => {\n  return a\n}\nfunction g() {}\n";
        assertThat(names(js)).containsExactly("const f", "function g", JsFunction.OUTSIDE);
    }

    @Test
    void aCommentBeforeAPieceIsItsOwnSoNoLineIsLeftOut() {
        String js = "// first\nfunction f() {}\n\nclass K {\n  /** doc { */\n  m() {}\n  // last\n}\n// end\n";
        assertThat(named(js, "function f").text()).isEqualTo("// first\nfunction f() {}");
        assertThat(named(js, "function f").firstLine()).isEqualTo(1);
        assertThat(named(js, "K#m").text()).isEqualTo("  /** doc { */\n  m() {}");
        assertThat(named(js, "K#m").firstLine()).isEqualTo(5);
        assertThat(named(js, "class K").normalizedLines()).containsExactly("class K {", "// last", "}");
        assertThat(named(js, JsFunction.OUTSIDE).normalizedLines()).containsExactly("// end");
    }

    @Test
    void aSemicolonAfterADeclarationsBodyIsTheDeclarationsAndTheNextCommentTheNextPieces() {
        String js = "function f() {\n  return 1;\n};\n\n// g's doc\nfunction g() {}\n";
        assertThat(named(js, "function f").normalizedLines()).containsExactly("function f() {", "return 1;", "};");
        assertThat(named(js, "function g").normalizedLines()).containsExactly("// g's doc", "function g() {}");
        assertThat(names(js)).containsExactly("function f", "function g");
    }
}
