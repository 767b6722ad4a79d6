// Finding reentrant-end-settles-read-twice, as a standalone Node script.
// Run: node --experimental-stream-iter skips.mjs
import { broadcast } from 'node:stream/iter';

const B = 16384; // budget; every entry is B bytes (Node before 26.12 refuses budgets below 16384)
const { writer, broadcast: bc } = broadcast({ budget: B, backpressure: 'unbounded' });
const chunk = (tag) => new Uint8Array(B).fill(tag);
const settled = [];
const watch = (name, p) => p.then(
  (v) => settled.push(`${name}: ${typeof v === 'number' ? 'completed with ' + v + ' bytes'
    : typeof v === 'object' && v !== null && 'done' in v ? (v.done ? 'done' : 'entry ' + v.value[0][0]) : 'ok'}`),
  (e) => settled.push(`${name}: rejected ${e}`));
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
for (let i = 0; i < 5; i++) await turn();
console.log(settled.join('\n'));
console.log('Expected (spec I4): c1 reads entries 1, 2, 3 in order; both writes succeed; end completes with '
  + 3 * B + ' bytes.');
