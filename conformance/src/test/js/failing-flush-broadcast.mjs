// Node's broadcast with one deliberate bug: a write() made while the buffer is full (a queued
// write) is rejected with `Error: lost in the flush` when Node settles it, although Node stored its
// entry. At the step of reentrant-flush-strands-read this breaks other guarantees than the recorded
// one (a non-spec error; a failed write whose entry is delivered): "differs otherwise".
import * as iter from 'node:stream/iter';

export * from 'node:stream/iter';

export function broadcast(options) {
  const result = iter.broadcast(options);
  const { writer } = result;
  const write = writer.write.bind(writer);
  writer.write = (chunk, opts) => {
    const full = writer.canWrite === false;
    const promise = write(chunk, opts);
    if (!full) return promise;
    return promise.then(() => { throw new Error('lost in the flush'); });
  };
  return result;
}
