// Flags: --experimental-stream-iter
//
// A drain signalled while BroadcastWriter is flushing its queued writes (the trim
// after a consumer leaves, or after a read, inside the flush) must not start a
// second flush: the nested flush lands writes and ends the broadcast under the
// outer one, which then settles the wrong promises. Each test below is a minimal
// sequence that reaches that path; every entry fills the whole budget, so each
// write waits for the slowest consumer. The last test is the second change: a
// read that finds a detached entry on a broadcast that has already failed must
// still detach every consumer before the buffer is cleared.
import { test } from 'node:test';
import assert from 'node:assert';
import { broadcast } from 'node:stream/iter';
import { setImmediate as turn } from 'node:timers/promises';

const SIZE = 16384; // the smallest budget every byte-budget release accepts
const chunk = (tag) => new Uint8Array(SIZE).fill(tag);

// Records how a promise settled, without awaiting it: a promise that never
// settles must fail an assertion, not hang the test.
function track(promise) {
  const state = { settled: false };
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error) => Object.assign(state, { settled: true, error }));
  return state;
}

const entryOf = (state) => {
  if (!state.settled) return 'pending';
  if (state.error) return `rejected: ${state.error}`;
  return state.value.done ? 'done' : state.value.value[0][0];
};

async function turns(n) {
  for (let i = 0; i < n; i++) await turn();
}

test('a read queued behind a waiting read settles when a re-entrant flush buffers its entry', async () => {
  const { writer, broadcast: bc } = broadcast({ budget: SIZE, backpressure: 'unbounded' });
  const fast = bc.push()[Symbol.asyncIterator]();
  assert.strictEqual(writer.writeSync(chunk(1)), true);
  const write2 = track(writer.write(chunk(2))); // the budget is full: queued
  const slow = bc.push()[Symbol.asyncIterator]();
  const readA = track(fast.next());
  const readB = track(fast.next());
  const readC = track(fast.next());
  const write3 = track(writer.write(chunk(3)));
  await turn();
  await slow.return(); // the slowest consumer leaves: its trim flushes writes 2 and 3
  await turns(5);
  assert.deepStrictEqual([entryOf(readA), entryOf(readB), entryOf(readC)], [1, 2, 3]);
  assert.deepStrictEqual([write2.settled, write2.error, write3.settled, write3.error],
                         [true, undefined, true, undefined]);
});

test('end() queued behind writes lands every write once and delivers each entry once', async () => {
  const { writer, broadcast: bc } = broadcast({ budget: SIZE, backpressure: 'unbounded' });
  assert.strictEqual(writer.writeSync(chunk(1)), true);
  const write2 = track(writer.write(chunk(2)));
  const write3 = track(writer.write(chunk(3)));
  const end = track(writer.end()); // closing: waits for the queued writes
  const leaving = bc.push()[Symbol.asyncIterator]();
  const reader = bc.push()[Symbol.asyncIterator]();
  const readA = track(reader.next());
  await turn();
  const readB = track(reader.next());
  await turn();
  await leaving.return(); // its trim flushes writes 2 and 3 while a read waits
  await turn();
  const readC = track(reader.next());
  await turns(5);
  assert.deepStrictEqual([entryOf(readA), entryOf(readB), entryOf(readC)], [1, 2, 3]);
  assert.deepStrictEqual([write2.settled, write2.error, write3.settled, write3.error],
                         [true, undefined, true, undefined]);
  const readD = track(reader.next());
  await turns(5);
  assert.strictEqual(entryOf(readD), 'done');
  assert.deepStrictEqual([end.error, end.value], [undefined, 3 * SIZE]);
});

test('a write landed by a flush inside a delivery is delivered, not cut off by a nested end()', async () => {
  const { writer, broadcast: bc } = broadcast({ budget: SIZE, backpressure: 'strict' });
  const idle = bc.push()[Symbol.asyncIterator](); // never reads
  const reader = bc.push()[Symbol.asyncIterator]();
  const write1 = track(writer.write(chunk(1)));
  const write2 = track(writer.write(chunk(2))); // the budget is full: queued
  await turn();
  assert.strictEqual((await reader.next()).value[0][0], 1);
  const end = track(writer.end());
  const read2 = track(reader.next());
  await turn();
  await idle.return(); // its trim flushes write 2, whose delivery trims again
  await turns(5);
  assert.strictEqual(entryOf(read2), 2);
  assert.deepStrictEqual([write1.error, write2.settled, write2.error], [undefined, true, undefined]);
  await reader.return();
  await turns(5);
  assert.deepStrictEqual([end.error, end.value], [undefined, 2 * SIZE]);
});

test('a detached entry read after fail() detaches every consumer before the buffer is cleared', async () => {
  const { writer, broadcast: bc } = broadcast({ budget: 2 * SIZE, backpressure: 'unbounded' });
  const first = chunk(1);
  const second = chunk(2);
  assert.strictEqual(writer.writeSync(first), true);
  assert.strictEqual(writer.writeSync(second), true);
  const boom = new Error('boom');
  writer.fail(boom); // the entries stay buffered for consumers that attach later
  const early = bc.push()[Symbol.asyncIterator]();
  const late = bc.push()[Symbol.asyncIterator]();
  assert.strictEqual((await early.next()).value[0][0], 1);
  second.buffer.transfer(); // the memory of an accepted entry is detached
  await assert.rejects(early.next(), boom); // reading it fails with the broadcast's error
  // The buffer is cleared: no consumer may stay attached to entries that are gone.
  assert.strictEqual(bc.consumerCount, 0);
  await assert.rejects(late.next(), boom);
});
