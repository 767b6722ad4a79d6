// Node's broadcast with overlapping reads serialized in front of it: a consumer's next() made while
// an earlier one is open is passed to Node only once the earlier one settled. Node then never holds
// a queued read, so the re-entrant flush of reentrant-flush-strands-read finds no read to strand:
// the read is served by the entry already buffered. A release that "does not have" that finding
// (and still has reentrant-end-settles-read-twice, which needs no overlapping read).
import * as iter from 'node:stream/iter';

export * from 'node:stream/iter';

function serialized(iterator) {
  let last = Promise.resolve();
  return {
    next() {
      const mine = last.then(() => iterator.next());
      last = mine.catch(() => {});
      return mine;
    },
    return(value) {
      return iterator.return(value);
    },
    throw(error) {
      return iterator.throw(error);
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

export function broadcast(options) {
  const result = iter.broadcast(options);
  const bc = result.broadcast;
  const push = bc.push.bind(bc);
  bc.push = (...args) => {
    const iterable = push(...args);
    return { [Symbol.asyncIterator]: () => serialized(iterable[Symbol.asyncIterator]()) };
  };
  return result;
}
