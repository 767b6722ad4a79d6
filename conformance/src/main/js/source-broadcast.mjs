// `node:stream/iter` with `broadcast` taken from another broadcast.js (see source-hooks.mjs). The
// file is compiled as Node compiles its own internal modules: a function of (exports, require,
// module, process, internalBinding, primordials), whose `require` (with --expose-internals)
// resolves the `internal/...` modules of the running release. A file that does not load is
// reported on one line starting with `cursorcheck-source-error:`, naming the file and the cause,
// and the process exits with status 3, before anything else runs.
import * as iter from 'node:stream/iter';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import vm from 'node:vm';

export * from 'node:stream/iter';

const SOURCE_ERROR_STATUS = 3;
const EMBEDDED = 'internal/streams/iter/broadcast';

function refuse(file, cause) {
  process.stderr.write(`cursorcheck-source-error: ${file}: ${cause}\n`);
  process.exit(SOURCE_ERROR_STATUS);
}

function load(file) {
  const require = createRequire(import.meta.url);
  let bindings;
  try {
    bindings = require('internal/test/binding');
  } catch (e) {
    refuse(file, `cannot reach Node's internals (is the release started with --expose-internals?): ${e.message.split('\n')[0]}`);
  }
  let source;
  if (file === 'builtin') {
    // process.binding is deprecated, but it is how a release hands out its embedded sources.
    source = process.binding('natives')[EMBEDDED];
    if (typeof source !== 'string') refuse(file, `this release embeds no ${EMBEDDED}`);
  } else {
    try {
      source = readFileSync(file, 'utf8');
    } catch (e) {
      refuse(file, `cannot be read: ${e.message}`);
    }
  }
  let compiled;
  try {
    compiled = vm.compileFunction(source,
      ['exports', 'require', 'module', 'process', 'internalBinding', 'primordials'],
      { filename: file === 'builtin' ? `${EMBEDDED}.js (embedded in this release)` : file });
  } catch (e) {
    refuse(file, `does not compile: ${e.name}: ${e.message}${lineOf(e)}`);
  }
  const module = { exports: {} };
  try {
    compiled(module.exports, require, module, process, bindings.internalBinding, bindings.primordials);
  } catch (e) {
    refuse(file, `throws while it loads: ${e.code === 'MODULE_NOT_FOUND' ? 'a module it requires is missing in'
      + ' this release: ' : ''}${e.name}: ${e.message.split('\n')[0]}`);
  }
  if (typeof module.exports.broadcast !== 'function') {
    refuse(file, `exports no broadcast() function (its exports: ${Object.keys(module.exports).join(', ') || 'none'})`);
  }
  return module.exports.broadcast;
}

function lineOf(error) {
  // V8 puts "file:line" on the first line of a SyntaxError's stack.
  const first = String(error.stack || '').split('\n')[0];
  return first.includes(':') && !first.startsWith(error.name) ? ` (at ${first})` : '';
}

const requested = new URL(import.meta.url).searchParams.get('source');
if (!requested) {
  refuse('(none)', 'source-hooks.mjs was imported without ?source=FILE or ?source=builtin');
}

export const broadcast = load(requested);
void iter; // the namespace import keeps the release's own module loaded first, as the builtin is
