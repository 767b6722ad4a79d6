// cursorcheck external subject: the broadcast of node:stream/iter (Node.js 26.x, Bun), driven over
// the cursorcheck-subject protocol, version 3 (docs/protocol.md; version 3
// added writevSync, writev, endSync, drain, abort and spoil, and the outcomes DRAINED, INCOMPLETE and
// UNWRITABLE).
//
// Reads one JSON request a line on stdin, answers one JSON line on stdout. Each operation runs
// synchronously, then the adapter waits one macrotask turn (setImmediate) so that every promise
// reaction the operation caused has run, and reports the operation's own outcome and the earlier
// operations it settled. Entries are named by the write that stored them: every chunk is `size`
// units of `unit` bytes, and its first 4 bytes hold the writing operation's number (every chunk of a
// writev that has 4 bytes holds it, so a read names the write whichever chunk comes first).
//
// Run: node --experimental-stream-iter broadcast-adapter.mjs   (or: bun --experimental-stream-iter ...)
import { broadcast } from 'node:stream/iter';
import { createInterface } from 'node:readline';

const PROTOCOL = 'cursorcheck-subject';
const VERSION = 3;
const ID_BYTES = 4; // the smallest unit: it holds a write's number

// The writer's drainable protocol (what Stream.ondrain calls): a global symbol on every release checked
// (Node 26.0.0 to 26.12.1, Bun 1.4.3 to 1.4.5 list Symbol(Stream.drainableProtocol) on the writer).
const DRAINABLE = Symbol.for('Stream.drainableProtocol');

const turn = () => new Promise((resolve) => setImmediate(resolve));

// ------------------------------------------------------------------ what this runtime offers

const implementation = typeof process.versions.bun === 'string'
  ? { name: 'bun', version: process.versions.bun }
  : { name: 'node', version: process.version.replace(/^v/, '') };

const flavour = 'canWrite' in broadcast().writer ? 'budget' : 'highWaterMark';

function accepts(options) {
  try {
    broadcast(options);
    return true;
  } catch {
    return false;
  }
}

// The smallest byte budget the release accepts (26.10 and earlier refuse budgets below 16384).
function smallestBudget() {
  if (flavour !== 'budget') return 1;
  let lo = 1;
  let hi = 1 << 20;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (accepts({ budget: mid })) hi = mid; else lo = mid + 1;
  }
  return lo;
}
const minBudget = smallestBudget();

// Policy of docs/spec.md -> this release's backpressure option. The entry-count API has no 'unbounded'; its
// 'block' queues any number of write() calls, which is what the spec's UNBOUNDED does.
const policyNames = flavour === 'budget'
  ? { STRICT: 'strict', UNBOUNDED: 'unbounded', DROP_OLDEST: 'drop-oldest', DROP_NEWEST: 'drop-newest' }
  : { STRICT: 'strict', UNBOUNDED: 'block', DROP_OLDEST: 'drop-oldest', DROP_NEWEST: 'drop-newest' };
const policies = {};
for (const [spec, name] of Object.entries(policyNames)) {
  const option = flavour === 'budget' ? { budget: minBudget, backpressure: name } : { highWaterMark: 1, backpressure: name };
  if (accepts(option)) policies[spec] = name;
}

function make(budget, policy) {
  const unit = flavour === 'budget' ? Math.max(ID_BYTES, Math.ceil(minBudget / budget)) : ID_BYTES;
  const backpressure = policyNames[policy];
  const options = flavour === 'budget'
    ? { budget: budget * unit, backpressure }
    : { highWaterMark: budget, backpressure };
  const { writer, broadcast: bc } = broadcast(options);
  return { writer, bc, unit };
}

// The handshake describes the API's shape only, never a behaviour: the suite generates every pattern
// the spec covers (overlapping reads, queued writes, flushes caused by reads) on every release and
// judges what the release does. Operations of the protocol this API cannot express, each with why:
// none for node:stream/iter (Node 26.x and Bun 1.4.x all have writev, writevSync, endSync, the drainable
// protocol, write/end signals and ArrayBuffer.prototype.transfer). Each is still looked up here, so
// a runtime that lacks one says so instead of failing at its first use.
const unsupported = [];
{
  const w = broadcast().writer;
  const lacks = (op, has, why) => { if (!has) unsupported.push({ op, why }); };
  lacks('writevSync', typeof w.writevSync === 'function', 'the writer has no writevSync()');
  lacks('writev', typeof w.writev === 'function', 'the writer has no writev()');
  lacks('endSync', typeof w.endSync === 'function', 'the writer has no endSync()');
  lacks('drain', typeof w[DRAINABLE] === 'function', 'the writer has no Symbol.for(\'Stream.drainableProtocol\') method');
  lacks('abort', typeof AbortController === 'function', 'the runtime has no AbortController');
  lacks('spoil', typeof ArrayBuffer.prototype.transfer === 'function' || typeof structuredClone === 'function',
    'the runtime can detach no ArrayBuffer (no ArrayBuffer.prototype.transfer, no structuredClone)');
}

// ------------------------------------------------------------------ one broadcast per sequence

// { writer, bc, unit, op, consumers: [{ it, open }], events: [], chunks: Map<op, Uint8Array[]>,
//   signals: Map<op, AbortController>, settledOps: Set<op> }
let s = null;

// Each chunk on its own ArrayBuffer, so spoiling write n detaches exactly write n's memory.
function chunk(op, size) {
  const bytes = new Uint8Array(size * s.unit);
  if (bytes.length >= ID_BYTES) new DataView(bytes.buffer).setUint32(0, op, true);
  return bytes;
}

function chunks(op, sizes) {
  if (!Array.isArray(sizes) || sizes.some((n) => !Number.isInteger(n) || n < 0)) {
    throw new ProtocolError(`sizes must be an array of whole numbers >= 0, was ${JSON.stringify(sizes)}`);
  }
  const list = sizes.map((n) => chunk(op, n));
  s.chunks.set(op, list);
  return list;
}

function remembered(op, bytes) {
  s.chunks.set(op, [bytes]);
  return bytes;
}

// An abort signal per write, writev and end, so that a later abort(n) can fire operation n's.
function signal(op) {
  const controller = new AbortController();
  s.signals.set(op, controller);
  return controller.signal;
}

// The reasons of the signals fired so far: a rejection with one of them is the spec's ABORTED, whatever
// the runtime's AbortError says (Node: "This operation was aborted"; Bun 1.4.x: "The operation was
// aborted.").
const firedReasons = new WeakSet();

// Detaches every ArrayBuffer a write handed over (the spec's spoil).
function detach(bytes) {
  const buffer = bytes.buffer;
  if (buffer.detached === true) return;
  if (typeof buffer.transfer === 'function') buffer.transfer();
  else structuredClone(buffer, { transfer: [buffer] });
}

function reason(e) {
  if (e === null || e === undefined) return null;
  if (typeof e === 'string' || typeof e === 'number') return e;
  const name = e?.name ?? typeof e;
  const message = String(e?.message ?? e);
  // Node prefixes ERR_INVALID_STATE messages with "Invalid state: "; Bun does not.
  if (/(^|: )Writer is closed$/.test(message)) return { spec: 'WRITER_CLOSED' };
  if (/(^|: )Backpressure violation/.test(message)) return { spec: 'BACKPRESSURE' };
  if (/(^|: )Byte view was resized or detached after being accepted$/.test(message)) return { spec: 'INVALID_ENTRY' };
  if (typeof e === 'object' && firedReasons.has(e)) return { spec: 'ABORTED' };
  if (name === 'AbortError' && message === 'Broadcast cancelled') return { spec: 'CANCELLED' };
  return { other: `${name}: ${message}` };
}

function readResult(v) {
  if (v?.done) return { kind: 'DONE' };
  const parts = Array.isArray(v?.value) ? v.value : [v?.value];
  let bytes = 0;
  for (const p of parts) bytes += p?.byteLength ?? 0;
  const head = parts.find((p) => (p?.byteLength ?? 0) >= ID_BYTES);
  const write = head ? new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(0, true) : -1;
  return { kind: 'DATA', write, size: bytes / s.unit };
}

// Follows a pending operation's promise; its settlement is recorded as an event, in the order
// promise reactions run.
// Only an operation's first settlement counts (an end aborted first and completed later settled once).
function track(op, promise, settle, consumer) {
  const mine = s;
  const done = (outcome) => {
    if (consumer) consumer.open--;
    if (mine.settledOps.has(op)) return;
    mine.settledOps.add(op);
    mine.events.push({ op, outcome });
  };
  promise.then((v) => done(settle(v)), (e) => done({ kind: 'FAILED', reason: reason(e) }));
}

// The options of a write: none while the writer can take it at once (the fast path), a signal otherwise.
function writeOptions(op) {
  return probe().canWrite === true ? undefined : { signal: signal(op) };
}

function probe() {
  let canWrite;
  if (flavour === 'budget') {
    canWrite = s.writer.canWrite;
  } else {
    const desired = s.writer.desiredSize;
    canWrite = desired === null || desired === undefined ? null : desired > 0;
  }
  return { consumers: s.bc.consumerCount, canWrite: canWrite ?? null };
}

function consumer(req) {
  const c = s.consumers[req.consumer];
  if (!c) throw new ProtocolError(`no consumer ${req.consumer}`);
  return c;
}

class ProtocolError extends Error {}

function earlier(req, op) {
  const n = req.operation;
  if (!Number.isInteger(n) || n < 0 || n >= op) {
    throw new ProtocolError(`operation must name an earlier operation, was ${JSON.stringify(n)}`);
  }
  return n;
}

// Runs one operation; returns its immediate outcome, or a function that gives it once the turn
// is over (a promise it returned may have settled meanwhile).
function apply(op, req) {
  switch (req.op) {
    case 'attach': {
      const it = s.bc.push()[Symbol.asyncIterator]();
      s.consumers.push({ it, open: 0 });
      return { kind: 'ATTACHED', consumer: s.consumers.length - 1 };
    }
    case 'next': {
      const c = consumer(req);
      const queued = c.open > 0;
      c.open++;
      track(op, c.it.next(), readResult, c);
      return { pending: queued ? 'PENDING' : 'WAIT' };
    }
    case 'detach': {
      const c = consumer(req);
      track(op, c.it.return(), (v) => (v?.done ? { kind: 'DONE' } : readResult(v)));
      return { pending: 'PENDING' };
    }
    case 'writeSync':
      return { kind: s.writer.writeSync(remembered(op, chunk(op, req.size))) ? 'ACCEPTED' : 'REFUSED' };
    case 'writevSync':
      return { kind: s.writer.writevSync(chunks(op, req.sizes)) ? 'ACCEPTED' : 'REFUSED' };
    // A write or writev the writer has room for goes without a signal, down Node's fast path (taken
    // exactly when there is no signal, the writer is open and canWrite is true), as most writes of a
    // user do; it is stored at once, so no abort could reach it anyway. Any other gets a signal, so that
    // a later abort can take it out of the queue: with one, Node takes the slow path, which is the path
    // it takes without one in that case too (checked on 26.5.1's and 26.12.1's source, and by the runs).
    case 'write':
      track(op, s.writer.write(remembered(op, chunk(op, req.size)), writeOptions(op)), () => ({ kind: 'ACCEPTED' }));
      return { pending: 'QUEUED' };
    case 'writev':
      track(op, s.writer.writev(chunks(op, req.sizes), writeOptions(op)), () => ({ kind: 'ACCEPTED' }));
      return { pending: 'QUEUED' };
    case 'end': {
      // Node (26.8.0 and later) races an end's promise with its signal (raceEndWithSignal), which
      // delays that promise's settlement by a few microtask turns against the reads the same operation
      // settles; so the order of settlements would differ from a plain end(). The end with the signal
      // is the call that changes state (OPEN -> CLOSING, the drains, maybe the end); the plain end()
      // right after it changes nothing (the writer is CLOSING, CLOSED or ERRORED by then, and each of
      // those returns the shared end promise, or one already settled like it) and is the promise
      // reported: COMPLETED or FAILED as a plain end() settles. The raced promise reports only its own
      // abort (FAILED(ABORTED)), which reaches nothing but that call's wait, as the spec's abort step 2
      // says. Releases that end at once (up to 26.7.0, Bun 1.4.x) ignore the signal and return the
      // same promise twice.
      const raced = s.writer.end({ signal: signal(op) });
      const plain = s.writer.end();
      track(op, plain, (v) => ({ kind: 'COMPLETED', bytes: v / s.unit }));
      const mine = s;
      raced.then(() => {}, (e) => {
        if (typeof e === 'object' && firedReasons.has(e) && !mine.settledOps.has(op)) {
          mine.settledOps.add(op);
          mine.events.push({ op, outcome: { kind: 'FAILED', reason: { spec: 'ABORTED' } } });
        }
      });
      return { pending: 'PENDING' };
    }
    case 'endSync': {
      const bytes = s.writer.endSync();
      return bytes === -1 ? { kind: 'INCOMPLETE' } : { kind: 'COMPLETED', bytes: bytes / s.unit };
    }
    case 'drain': {
      const promise = s.writer[DRAINABLE]();
      if (promise === null) return { kind: 'UNWRITABLE' };
      track(op, promise, (v) => ({ kind: 'DRAINED', drained: v === true }));
      return { pending: 'PENDING' };
    }
    case 'abort': {
      const controller = s.signals.get(earlier(req, op));
      if (controller && !controller.signal.aborted) {
        controller.abort();
        firedReasons.add(controller.signal.reason);
      }
      return { kind: 'OK' };
    }
    case 'spoil': {
      for (const bytes of s.chunks.get(earlier(req, op)) ?? []) detach(bytes);
      return { kind: 'OK' };
    }
    case 'fail':
      s.writer.fail(req.reason);
      return { kind: 'OK' };
    case 'cancel':
      if ('reason' in req) s.bc.cancel(req.reason); else s.bc.cancel();
      return { kind: 'OK' };
    default:
      throw new ProtocolError(`unknown op ${JSON.stringify(req.op)}`);
  }
}

async function handle(req) {
  if (req.protocol !== undefined) {
    if (req.protocol !== PROTOCOL || req.version !== VERSION) {
      return { error: `this adapter speaks ${PROTOCOL} version ${VERSION}` };
    }
    return {
      protocol: PROTOCOL, version: VERSION, implementation, api: flavour, policies,
      minBudget, unitSizes: flavour !== 'budget', unsupported,
    };
  }
  if (req.op === 'reset') {
    if (!(req.policy in policies)) return { error: `policy ${req.policy} is not supported here` };
    s = { ...make(req.budget, req.policy), op: 0, consumers: [], events: [], chunks: new Map(), signals: new Map(),
      settledOps: new Set() };
    return { reset: true, unit: s.unit };
  }
  if (s === null) return { error: 'reset first' };
  const op = s.op++;
  s.events = [];
  let answer;
  try {
    answer = apply(op, req);
  } catch (e) {
    if (e instanceof ProtocolError) return { error: e.message };
    await turn();
    return { op, threw: { name: e?.name ?? typeof e, message: String(e?.message ?? e) }, settled: s.events, probe: probe() };
  }
  await turn();
  let outcome = answer;
  const own = s.events.findIndex((e) => e.op === op);
  if (own >= 0) {
    outcome = s.events.splice(own, 1)[0].outcome;
  } else if (answer.pending) {
    outcome = { kind: answer.pending };
  }
  return { op, outcome, settled: s.events, probe: probe() };
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (line.trim() === '') continue;
  let reply;
  try {
    reply = await handle(JSON.parse(line));
  } catch (e) {
    reply = { error: `${e?.name}: ${e?.message}` };
  }
  process.stdout.write(JSON.stringify(reply) + '\n');
}
