// detach-leaves-read-open: return() on a consumer whose next() is waiting never settles that read.
// Run: node --experimental-stream-iter reproduce.mjs   (Node 26.1.0, 26.2.0; Bun 1.4.5: bun --experimental-stream-iter)
import { broadcast } from 'node:stream/iter';

const { broadcast: bc } = broadcast({ highWaterMark: 1 });
const consumer = bc.push()[Symbol.asyncIterator]();
let settled = 'never settled';
const waiting = consumer.next().then((r) => { settled = `settled: ${JSON.stringify(r)}`; });
console.log('return():', JSON.stringify(await consumer.return()));
await new Promise((resolve) => setTimeout(resolve, 100));
console.log('the waiting next():', settled); // expected: settled: {"done":true}
void waiting;
