// Finding reentrant-flush-strands-read, as a standalone Node script.
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
  (v) => { const w = typeof v === 'object' && v !== null && 'done' in v ? (v.done ? 'done' : 'entry ' + v.value[0][0]) : 'ok';
    outcome.set(name, w); settled.push(`${name}: ${w}`); },
  (e) => { outcome.set(name, `rejected ${e}`); settled.push(`${name}: rejected ${e}`); });
const turn = () => new Promise((r) => setImmediate(r));

const c0 = bc.push()[Symbol.asyncIterator]();
console.log('writeSync(entry 1):', writer.writeSync(chunk(1)));
watch('write(entry 2)', writer.write(chunk(2)));     // buffer full: queued
const c1 = bc.push()[Symbol.asyncIterator]();
watch('c0 read A', c0.next());                       // entry 1
watch('c0 read B', c0.next());                       // waits
watch('c0 read C', c0.next());                       // queued behind B
watch('write(entry 3)', writer.write(chunk(3)));     // queued
await turn();
watch('c1.return()', c1.return());                   // c1 was the slowest: trim, flush entries 2 and 3
for (let i = 0; i < 5; i++) await turn();
console.log(settled.join('\n'));
if (!outcome.has('c0 read C')) {
  console.log(`c0 read C is still pending although entry 3 is buffered (canWrite=${writer.canWrite}).`);
}
console.log('Expected (spec I11): read C settles with entry 3 in the same turn.');
const shows = outcome.get('c0 read C') !== 'entry 3';
console.log(`cursorcheck-reproduction: ${shows ? 'shows' : 'does-not-show'}`);
process.exitCode = shows ? 1 : 0;
