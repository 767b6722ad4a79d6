// nested-end-in-notify: a queued write that lands through a flush ends a closing broadcast
// re-entrantly; the waiting read gets `done` instead of the entry, the write is rejected although
// its entry was buffered, and end() under-reports.
// Run: node --experimental-stream-iter reproduce.mjs   (Node 26.10.0 and 26.12.1)
// Its last line says whether the symptom showed: `cursorcheck-reproduction: shows` (exit status 1)
// or `cursorcheck-reproduction: does-not-show` (exit status 0), decided by what settled.
import { broadcast } from 'node:stream/iter';

const SIZE = 16384; // one chunk fills the budget (26.10 refuses budgets below 16384)
const { writer, broadcast: bc } = broadcast({ budget: SIZE, backpressure: 'strict' });
const tick = () => new Promise((resolve) => setImmediate(resolve));
const chunk = (tag) => new Uint8Array(SIZE).fill(tag);
const outcome = new Map(); // what settled, in the words printed
const record = (name, words) => { outcome.set(name, words); console.log(`${name}: ${words}`); };
const read = (r) => (r.done ? 'done' : String(r.value[0][0]));

const a = bc.push()[Symbol.asyncIterator](); // a slow consumer: never reads
const b = bc.push()[Symbol.asyncIterator]();
writer.write(chunk(1)).then(() => record('write 1', 'ok'));
writer.write(chunk(2)).then(() => record('write 2', 'ok'), // queued: the budget is full
  (e) => record('write 2', `rejected (${e.constructor.name}: ${e.message})`));
await tick();
record('b, read 1', read(await b.next()));
writer.end().then((n) => record('end()', `completed with ${n} bytes`));
b.next().then((r) => record('b, read 2', read(r)));
await tick();

await a.return(); // a leaves: the trim flushes write 2, and notify's own trim ends the broadcast inside notify
await tick();
if (outcome.get('b, read 2') === 'done') console.log('(entry 2 was never delivered to b)');
b.next().then((r) => record('b, read 3', read(r))); // after the last entry: done, and end() completes
for (let i = 0; i < 5; i++) await tick();
for (const name of ['write 2', 'b, read 2', 'b, read 3', 'end()']) {
  if (!outcome.has(name)) console.log(`${name} is still pending.`);
}
// Expected (cursorcheck's docs/spec.md, and Node's own promise: a write resolves iff its chunk was accepted):
console.log(`Expected: write 1: ok, b read 1: 1, write 2: ok, b read 2: 2, b read 3: done, end() completes with ${2 * SIZE}`
  + ' bytes (both chunks).');
const expected = { 'write 1': 'ok', 'b, read 1': '1', 'write 2': 'ok', 'b, read 2': '2', 'b, read 3': 'done',
  'end()': `completed with ${2 * SIZE} bytes` };
const shows = Object.entries(expected).some(([name, want]) => outcome.get(name) !== want);
console.log(`cursorcheck-reproduction: ${shows ? 'shows' : 'does-not-show'}`);
process.exitCode = shows ? 1 : 0;
