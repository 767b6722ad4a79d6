// Control for judging known findings per release: preloaded with --import, it makes every other
// module's `node:stream/iter` resolve to serial-reads-broadcast.mjs, a broadcast that does not have
// the known finding reentrant-flush-strands-read.
import { registerHooks } from 'node:module';

const wrapper = new URL('./serial-reads-broadcast.mjs', import.meta.url).href;
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'node:stream/iter' && context.parentURL !== wrapper) {
      return { url: wrapper, shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
});
