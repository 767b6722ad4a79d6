// Finding spoiled-read-leaves-cursor-past-end, as a standalone Node script.
// Run: node --experimental-stream-iter reproduce.mjs
// Its last line says whether the symptom showed: `cursorcheck-reproduction: shows` (exit status 1)
// or `cursorcheck-reproduction: does-not-show` (exit status 0), decided by what settled and by the
// broadcast's consumerCount.
import { broadcast } from 'node:stream/iter';

const { writer, broadcast: bc } = broadcast();
const settled = [];
const outcome = new Map(); // name -> what it settled with, in the words printed
const watch = (name, p) => p.then(
  (v) => { const w = v.done ? 'done' : `entry of ${v.value.reduce((n, c) => n + c.byteLength, 0)} byte(s)`;
    outcome.set(name, w); settled.push(`${name}: ${w}`); },
  (e) => { outcome.set(name, `rejected ${e}`); settled.push(`${name}: rejected ${e}`); });
const turn = () => new Promise((r) => setImmediate(r));

const chunk = new Uint8Array(1).fill(1);
console.log('writeSync(entry 1):', writer.writeSync(chunk)); // retained: nobody is attached
writer.fail(new Error('e'));                                  // the broadcast is errored; entry 1 stays
const c0 = bc.push()[Symbol.asyncIterator]();                 // two late joiners, both at entry 1
const c1 = bc.push()[Symbol.asyncIterator]();
watch('c1 read A', c1.next());                                // entry 1: c1 is now past it
await turn();
chunk.buffer.transfer();                                      // entry 1's memory is detached: spoiled
watch('c0 read A', c0.next());                                // reads entry 1: fails, and clears the buffer
await turn();
const attached = bc.consumerCount;
console.log(settled.join('\n'));
console.log(`consumerCount after c0's read failed: ${attached}`);
console.log('Expected (spec I1; the correction of §8): a read that fails and clears the buffer leaves no'
  + ' consumer attached, so consumerCount is 0.');
// The buffer was cleared only if c0's read failed (26.9.0 and later validate entries; earlier releases
// deliver the detached chunk). With c0's read failed and c1 past entry 1, any attached consumer means
// c1 (and c0) sit on a buffer that no longer holds the positions they point at.
const cleared = (outcome.get('c0 read A') ?? '').startsWith('rejected');
const shows = cleared && outcome.get('c1 read A')?.startsWith('entry') && attached > 0;
if (shows) {
  console.log(`c1 is still attached, its cursor past entry 1, which the failed read cleared from the buffer.`);
}
console.log(`cursorcheck-reproduction: ${shows ? 'shows' : 'does-not-show'}`);
process.exitCode = shows ? 1 : 0;
