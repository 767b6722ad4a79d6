// spoiled-entry-delivered: the memory of an accepted chunk is detached after the write (the chunk's
// ArrayBuffer transferred away); a read of that entry must fail with "Byte view was resized or
// detached after being accepted" (Node 26.9.0 and later), not deliver a chunk of no bytes.
// Run: node --experimental-stream-iter reproduce.mjs   (or: bun --experimental-stream-iter reproduce.mjs)
// Its last line says whether the symptom showed: `cursorcheck-reproduction: shows` (exit status 1)
// or `cursorcheck-reproduction: does-not-show` (exit status 0), decided by what settled.
import { broadcast } from 'node:stream/iter';

const tick = () => new Promise((resolve) => setImmediate(resolve));
const writer0 = broadcast().writer;
// The byte-budget API (Node 26.6.0 and later) or the entry-count API (Node up to 26.5.1, Bun 1.4.x).
const { writer, broadcast: bc } = 'canWrite' in writer0
  ? broadcast({ budget: 16384, backpressure: 'strict' })
  : broadcast({ highWaterMark: 1, backpressure: 'strict' });
const reader = bc.push()[Symbol.asyncIterator]();
const stored = new Uint8Array(16).fill(7);
console.log(`writeSync(16 bytes): ${writer.writeSync(stored)}`);
stored.buffer.transfer(); // the caller gives the memory away after the write accepted it
console.log(`the chunk's buffer is detached: ${stored.buffer.detached}`);
let read = 'pending';
reader.next().then(
  (r) => { read = r.done ? 'done' : `a chunk of ${r.value.reduce((n, c) => n + c.byteLength, 0)} byte(s)`; },
  (e) => { read = `rejected (${e.constructor.name}: ${e.message})`; });
for (let i = 0; i < 3; i++) await tick();
console.log(`read: ${read}`);
console.log(`canWrite/desiredSize after the read: ${'canWrite' in writer ? writer.canWrite : writer.desiredSize}`);
console.log('Expected (cursorcheck docs/spec.md I14): the read is rejected with "Byte view was resized or detached after'
  + ' being accepted", the writer and the broadcast fail, and the buffer is cleared.');
const shows = !read.startsWith('rejected') || !/Byte view was resized or detached after being accepted/.test(read);
console.log(`cursorcheck-reproduction: ${shows ? 'shows' : 'does-not-show'}`);
process.exitCode = shows ? 1 : 0;
