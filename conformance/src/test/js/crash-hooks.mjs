// Negative control for the conformance check: preloaded with --import, it makes every other
// module's `node:stream/iter` resolve to crashing-broadcast.mjs, whose writer kills the process.
import { registerHooks } from 'node:module';

const wrapper = new URL('./crashing-broadcast.mjs', import.meta.url).href;
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'node:stream/iter' && context.parentURL !== wrapper) {
      return { url: wrapper, shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
});
