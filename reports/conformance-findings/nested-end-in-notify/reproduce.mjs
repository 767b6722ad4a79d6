// nested-end-in-notify: a queued write that lands through a flush ends a closing broadcast
// re-entrantly; the waiting read gets `done` instead of the entry, the write is rejected although
// its entry was buffered, and end() under-reports.
// Run: node --experimental-stream-iter reproduce.mjs   (Node 26.10.0 and 26.12.1)
import { broadcast } from 'node:stream/iter';

const SIZE = 16384; // one chunk fills the budget (26.10 refuses budgets below 16384)
const { writer, broadcast: bc } = broadcast({ budget: SIZE, backpressure: 'strict' });
const tick = () => new Promise((resolve) => setImmediate(resolve));
const chunk = (tag) => new Uint8Array(SIZE).fill(tag);

const a = bc.push()[Symbol.asyncIterator](); // a slow consumer: never reads
const b = bc.push()[Symbol.asyncIterator]();
writer.write(chunk(1)).then(() => console.log('write 1: ok'));
writer.write(chunk(2)).then(() => console.log('write 2: ok'), // queued: the budget is full
  (e) => console.log(`write 2: rejected (${e.constructor.name}: ${e.message})`));
await tick();
console.log('b, read 1:', (await b.next()).value[0][0]);
writer.end().then((n) => console.log(`end(): completed with ${n} bytes (written: ${2 * SIZE})`));
const read2 = b.next().then((r) => console.log('b, read 2:', r.done ? 'done (entry 2 never delivered)' : r.value[0][0]));
await tick();

await a.return(); // a leaves: the trim flushes write 2, and notify's own trim ends the broadcast inside notify
await read2;
await tick();
// Expected (cursorcheck's docs/spec.md, and Node's own promise: a write resolves iff its chunk was accepted):
//   write 1: ok, b read 1: 1, write 2: ok, b read 2: 2, end() completes with 32768 bytes once b leaves.
