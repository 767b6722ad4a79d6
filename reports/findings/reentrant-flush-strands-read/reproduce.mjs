// Finding reentrant-flush-strands-read, as a standalone Node script.
// Run: node --experimental-stream-iter strands.mjs
import { broadcast } from 'node:stream/iter';

const B = 16384; // budget; every entry is B bytes (Node before 26.12 refuses budgets below 16384)
const { writer, broadcast: bc } = broadcast({ budget: B, backpressure: 'unbounded' });
const chunk = (tag) => new Uint8Array(B).fill(tag);
const settled = [];
const watch = (name, p) => p.then(
  (v) => settled.push(`${name}: ${typeof v === 'object' && v !== null && 'done' in v
    ? (v.done ? 'done' : 'entry ' + v.value[0][0]) : 'ok'}`),
  (e) => settled.push(`${name}: rejected ${e}`));
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
if (!settled.some((line) => line.startsWith('c0 read C'))) {
  console.log(`c0 read C is still pending although entry 3 is buffered (canWrite=${writer.canWrite}).`);
}
console.log('Expected (spec I11): read C settles with entry 3 in the same turn.');
