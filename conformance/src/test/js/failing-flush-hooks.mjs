// Control for judging known findings per release: preloaded with --import, it makes every other
// module's `node:stream/iter` resolve to failing-flush-broadcast.mjs, a broadcast that "differs
// otherwise" at the step of reentrant-flush-strands-read.
import { registerHooks } from 'node:module';

const wrapper = new URL('./failing-flush-broadcast.mjs', import.meta.url).href;
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'node:stream/iter' && context.parentURL !== wrapper) {
      return { url: wrapper, shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
});
