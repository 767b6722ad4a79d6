// Node's broadcast with one deliberate bug, for the conformance check's negative control:
// a write() made while the buffer is full returns a promise that never settles, so the
// settlement of a queued write (and DROP_OLDEST/DROP_NEWEST's resolution) is lost.
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
    promise.catch(() => {});
    return new Promise(() => {}); // the bug: the settlement is dropped
  };
  return result;
}
