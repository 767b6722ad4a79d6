// Finding reentrant-end-settles-read-twice, as a standalone Node script.
// Run: node --experimental-stream-iter reproduce.mjs
// Its last line says whether the symptom showed: `cursorcheck-reproduction: shows` (exit status 1)
// or `cursorcheck-reproduction: does-not-show` (exit status 0), decided by what settled.
import { broadcast } from 'node:stream/iter';

const B = 16384; // budget; every entry is B bytes (Node before 26.12 refuses budgets below 16384)
const { writer, broadcast: bc } = broadcast({ budget: B, backpressure: 'unbounded' });
const chunk = (tag) => new Uint8Array(B).fill(tag);
const settled = [];
const outcome = new Map(); // name -> what it settled with, in the words printed
const watch = (name, p) => p.then(
  (v) => { const w = typeof v === 'number' ? 'completed with ' + v + ' bytes'
    : typeof v === 'object' && v !== null && 'done' in v ? (v.done ? 'done' : 'entry ' + v.value[0][0]) : 'ok';
    outcome.set(name, w); settled.push(`${name}: ${w}`); },
  (e) => { outcome.set(name, `rejected ${e}`); settled.push(`${name}: rejected ${e}`); });
const turn = () => new Promise((r) => setImmediate(r));

console.log('writeSync(entry 1):', writer.writeSync(chunk(1)));
watch('write(entry 2)', writer.write(chunk(2)));     // queued
watch('write(entry 3)', writer.write(chunk(3)));     // queued
watch('end()', writer.end());                        // closing: waits for the queue
const c0 = bc.push()[Symbol.asyncIterator]();
const c1 = bc.push()[Symbol.asyncIterator]();
watch('c1 read A', c1.next());                       // entry 1
await turn();
watch('c1 read B', c1.next());                       // waits
await turn();
watch('c0.return()', c0.return());                   // trim, flush 2 and 3, end runs inside the flush
await turn();
watch('c1 read C', c1.next());
await turn();
watch('c1 read D', c1.next());                       // after the last entry: done, and end() completes
for (let i = 0; i < 5; i++) await turn();
console.log(settled.join('\n'));
for (const name of ['c1 read C', 'c1 read D', 'end()']) {
  if (!outcome.has(name)) console.log(`${name} is still pending.`);
}
console.log('Expected (spec I4): c1 reads entries 1, 2, 3 in order, then done; both writes succeed; end completes'
  + ` with ${3 * B} bytes.`);
const expected = { 'c1 read A': 'entry 1', 'c1 read B': 'entry 2', 'c1 read C': 'entry 3', 'c1 read D': 'done',
  'write(entry 2)': 'ok', 'write(entry 3)': 'ok', 'end()': `completed with ${3 * B} bytes` };
const shows = Object.entries(expected).some(([name, want]) => outcome.get(name) !== want);
console.log(`cursorcheck-reproduction: ${shows ? 'shows' : 'does-not-show'}`);
process.exitCode = shows ? 1 : 0;
