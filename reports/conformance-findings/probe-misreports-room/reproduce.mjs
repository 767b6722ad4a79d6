// probe-misreports-room: under backpressure 'drop-newest', a buffer filled to its budget by an entry a consumer has
// not read must say canWrite === false (cursorcheck docs/spec.md §5: canWrite is bufferedBytes < budget while the
// writer is open); a release that says true invites a write it then discards without a word.
// Run: node --experimental-stream-iter reproduce.mjs
// Its last line says whether the symptom showed: `cursorcheck-reproduction: shows` (exit status 1)
// or `cursorcheck-reproduction: does-not-show` (exit status 0), decided by what the writer and the reader said.
import { broadcast } from 'node:stream/iter';

const tick = () => new Promise((resolve) => setImmediate(resolve));
if (!('canWrite' in broadcast().writer)) {
  console.log('this release sizes its buffer in entries (highWaterMark): the byte budget this checks is not here');
  console.log('cursorcheck-reproduction: does-not-show');
  process.exit(0);
}
const BUDGET = 16384;
const { writer, broadcast: bc } = broadcast({ budget: BUDGET, backpressure: 'drop-newest' });
const reader = bc.push()[Symbol.asyncIterator]();
console.log(`writeSync(${BUDGET} bytes): ${writer.writeSync(new Uint8Array(BUDGET).fill(1))}`);
const probe = writer.canWrite;
console.log(`canWrite with the budget filled by an entry the reader has not read: ${probe}`);
console.log(`writeSync(4 bytes) as canWrite invites: ${writer.writeSync(new Uint8Array(4).fill(2))}`);
const got = [];
for (let i = 0; i < 2; i++) {
  let settled = 'pending';
  reader.next().then((r) => { settled = r.done ? 'done' : r.value.map((c) => c.byteLength).join('+'); });
  for (let t = 0; t < 3; t++) await tick();
  got.push(settled);
}
console.log(`the reader's two reads: ${got.join(', ')}`);
console.log('Expected (cursorcheck docs/spec.md §5, I9): canWrite is false while the buffer is at its budget; under'
  + ' drop-newest the next write is then discarded, which canWrite true hides.');
const shows = probe === true;
console.log(`cursorcheck-reproduction: ${shows ? 'shows' : 'does-not-show'}`);
process.exitCode = shows ? 1 : 0;
