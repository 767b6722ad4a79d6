// Node's broadcast with a fatal bug, for the conformance check's second negative control: the
// process dies when the writer is ended, so the suite must report a crash, restart the adapter
// for the next sequence, and shrink the crash to the end() that causes it.
import * as iter from 'node:stream/iter';

export * from 'node:stream/iter';

export function broadcast(options) {
  const result = iter.broadcast(options);
  result.writer.end = () => process.exit(70);
  return result;
}
