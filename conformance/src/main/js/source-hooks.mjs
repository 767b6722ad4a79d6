// Preloaded with `--import source-hooks.mjs?source=FILE` (or `?source=builtin`) on a Node release
// started with --expose-internals: every other module's `node:stream/iter` resolves to
// source-broadcast.mjs, which is the release's own module except that `broadcast` comes from the
// given broadcast.js (or from the release's embedded source). Used by `bin/cursorcheck node
// --source`, by its reproductions and by the upstream regression test. Nothing of Node's source
// is in this repository: it comes from the release at run time or from the user's file.
import { registerHooks } from 'node:module';

const wrapper = new URL('./source-broadcast.mjs', import.meta.url);
wrapper.search = new URL(import.meta.url).search; // hands ?source=... on
const wrapperHref = wrapper.href;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'node:stream/iter' && context.parentURL !== wrapperHref) {
      return { url: wrapperHref, shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
});
