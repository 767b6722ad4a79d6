// cursorcheck external subject: the broadcast of node:stream/iter (Node.js 26.x, Bun), driven over
// the cursorcheck-subject protocol, version 2 (README.md, "Checking an external subject").
//
// Reads one JSON request a line on stdin, answers one JSON line on stdout. Each operation runs
// synchronously, then the adapter waits one macrotask turn (setImmediate) so that every promise
// reaction the operation caused has run, and reports the operation's own outcome and the earlier
// operations it settled. Entries are named by the write that stored them: every chunk is `size`
// units of `unit` bytes, and its first 4 bytes hold the writing operation's number.
//
// Run: node --experimental-stream-iter broadcast-adapter.mjs   (or: bun --experimental-stream-iter ...)
import { broadcast } from 'node:stream/iter';
import { createInterface } from 'node:readline';

const PROTOCOL = 'cursorcheck-subject';
const VERSION = 2;
const ID_BYTES = 4; // the smallest unit: it holds a write's number

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
// none for node:stream/iter (Node and Bun).
const unsupported = [];

// ------------------------------------------------------------------ one broadcast per sequence

let s = null; // { writer, bc, unit, op, consumers: [{ it, open }], events: [] }

function chunk(op, size) {
  const bytes = new Uint8Array(size * s.unit);
  if (bytes.length >= ID_BYTES) new DataView(bytes.buffer).setUint32(0, op, true);
  return bytes;
}

function reason(e) {
  if (e === null || e === undefined) return null;
  if (typeof e === 'string' || typeof e === 'number') return e;
  const name = e?.name ?? typeof e;
  const message = String(e?.message ?? e);
  // Node prefixes ERR_INVALID_STATE messages with "Invalid state: "; Bun does not.
  if (/(^|: )Writer is closed$/.test(message)) return { spec: 'WRITER_CLOSED' };
  if (/(^|: )Backpressure violation/.test(message)) return { spec: 'BACKPRESSURE' };
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
function track(op, promise, settle, consumer) {
  const done = (outcome) => {
    if (consumer) consumer.open--;
    s.events.push({ op, outcome });
  };
  promise.then((v) => done(settle(v)), (e) => done({ kind: 'FAILED', reason: reason(e) }));
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
      return { kind: s.writer.writeSync(chunk(op, req.size)) ? 'ACCEPTED' : 'REFUSED' };
    case 'write':
      track(op, s.writer.write(chunk(op, req.size)), () => ({ kind: 'ACCEPTED' }));
      return { pending: 'QUEUED' };
    case 'end':
      track(op, s.writer.end(), (v) => ({ kind: 'COMPLETED', bytes: v / s.unit }));
      return { pending: 'PENDING' };
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
    s = { ...make(req.budget, req.policy), op: 0, consumers: [], events: [] };
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
