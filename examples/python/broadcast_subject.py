#!/usr/bin/env python3
"""A correct example subject for cursorcheck: a fan-out broadcast written from docs/spec.md alone.

It keeps a cached minimum cursor and the count of consumers at it (the cached-count variant of
docs/spec.md section 2) and speaks the cursorcheck-subject protocol, version 3 (docs/protocol.md):
one JSON request a line on standard input, one JSON answer a line on standard output.

Check it:   bin/cursorcheck subject --name python-correct -- python3 examples/python/broadcast_subject.py

Python 3 standard library only. Every operation runs synchronously: settlements are events recorded
in the order they happen, and the protocol's answer lists them after the operation's own outcome.
"""

import json
import sys

PROTOCOL = "cursorcheck-subject"
VERSION = 3
POLICIES = ("STRICT", "UNBOUNDED", "DROP_OLDEST", "DROP_NEWEST")
INT_MAX = 2**31 - 1

# The writer's states (spec section 1, "The writer").
OPEN, CLOSING, CLOSED, ERRORED = "OPEN", "CLOSING", "CLOSED", "ERRORED"


class SpecError:
    """One of the broadcast's own errors (spec section 5): sent as {"spec": NAME}."""

    def __init__(self, name):
        self.name = name


WRITER_CLOSED = SpecError("WRITER_CLOSED")
BACKPRESSURE = SpecError("BACKPRESSURE")
CANCELLED = SpecError("CANCELLED")
ABORTED = SpecError("ABORTED")
INVALID_ENTRY = SpecError("INVALID_ENTRY")

NO_ERROR = object()  # "no error" differs from an error whose value is null (spec section 1, a consumer)


class BadInput(Exception):
    """Bad input (spec section 5): the operation number is taken, nothing else changes."""


class ImpossibleState(Exception):
    """A state the spec says cannot happen; whoever reaches it has failed (spec section 5)."""


def wire_reason(reason):
    return {"spec": reason.name} if isinstance(reason, SpecError) else reason


def data(entry):
    return {"kind": "DATA", "write": entry.write, "size": entry.size}


def failed(reason):
    return {"kind": "FAILED", "reason": wire_reason(reason)}


def kind(name):
    return {"kind": name}


DONE = kind("DONE")


class Entry:
    def __init__(self, write, size):
        self.write = write  # the operation number of the write that stored it
        self.size = size
        self.spoiled = False


class QueuedWrite:
    def __init__(self, op, size):
        self.op = op
        self.size = size
        self.spoiled = False


class Consumer:
    def __init__(self, cid, cursor):
        self.id = cid
        self.cursor = cursor
        self.attached = True
        self.detached = False
        self.error = NO_ERROR
        self.outstanding = None  # the operation number of the open read a write settles first
        self.queued = []  # further open reads, first in, first out


class Broadcast:
    """The broadcast of docs/spec.md: one writer, consumers with cursors, a cached minimum."""

    def __init__(self, budget, policy):
        self.budget = budget
        self.policy = policy
        self.entries = []  # the retained entries, at positions [buffer_start, end)
        self.buffer_start = 0
        self.buffered = 0
        self.consumers = []  # attached, in attach order
        self.all = []  # every consumer by id, attached or not
        self.waiters = []
        self.ended = False
        self.cancelled = False
        self.errored = False
        self.error = None
        self.writer = OPEN
        self.writer_error = None
        self.queued_writes = []
        self.pending_drains = []
        self.pending_ends = []
        self.bytes_accepted = 0
        self.cached_min = 0
        self.min_count = 0
        self.broadcast_ended = False  # "ending the broadcast" runs once
        self.next_op = 0
        self.current = -1
        self.own = None  # the current operation's own outcome when it settles during its own call (end)
        self.events = []

    # ------------------------------------------------------------------ observing

    def settle(self, op, outcome):
        if op == self.current:
            self.own = outcome
        else:
            self.events.append({"op": op, "outcome": outcome})

    def probe(self):
        can_write = None if self.writer != OPEN or self.ended else self.buffered < self.budget
        return {"consumers": len(self.consumers), "canWrite": can_write}

    def end_position(self):
        return self.buffer_start + len(self.entries)

    def entry_at(self, position):
        if self.buffer_start <= position < self.end_position():
            return self.entries[position - self.buffer_start]
        return None

    # ------------------------------------------------------------------ shared procedures (spec section 2)

    def scan(self):
        low, n = self.end_position(), 0
        for c in self.consumers:
            if c.cursor < low:
                low, n = c.cursor, 1
            elif c.cursor == low:
                n += 1
        return low, n

    def advance(self, c):
        old = c.cursor
        c.cursor = old + 1
        if old == self.cached_min:
            self.min_count -= 1
            if self.min_count == 0:
                self.trim()

    def trim(self):
        if not self.consumers:  # the retain guard
            return
        if self.min_count == 0:
            self.cached_min, self.min_count = self.scan()
        if self.cached_min > self.buffer_start:
            dropped = self.entries[: self.cached_min - self.buffer_start]
            self.entries = self.entries[self.cached_min - self.buffer_start:]
            self.buffered -= sum(e.size for e in dropped)
            self.buffer_start = self.cached_min
            if self.buffered < self.budget:
                if self.queued_writes:
                    self.flush()
                if self.writer == OPEN:
                    self.settle_drains({"kind": "DRAINED", "drained": True})

    def flush(self):
        while self.queued_writes and not self.ended and self.buffered < self.budget:
            w = self.queued_writes.pop(0)  # before the offer: a nested flush sees the next one
            if w.spoiled:
                self.settle(w.op, failed(INVALID_ENTRY))
                continue
            if self.offer(w.size, w.op) == "REFUSED":
                self.queued_writes.insert(0, w)
                break
            self.bytes_accepted += w.size
            self.settle(w.op, kind("ACCEPTED"))
        if self.writer == CLOSING and not self.queued_writes:
            self.end_broadcast()

    def offer(self, size, op):
        if self.ended or self.cancelled:
            return "REFUSED"
        if size == 0:
            return "ACCEPTED"
        evicted = False
        if self.buffered >= self.budget:
            if self.policy in ("STRICT", "UNBOUNDED"):
                return "REFUSED"
            if self.policy == "DROP_NEWEST":
                return "DISCARDED"
            self.evict()
            evicted = True
        self.entries.append(Entry(op, size))
        self.buffered += size
        self.notify()
        if evicted and self.buffered < self.budget and self.writer == OPEN:
            self.settle_drains({"kind": "DRAINED", "drained": True})
        return "ACCEPTED"

    def evict(self):
        while self.buffered >= self.budget and self.entries:
            self.buffered -= self.entries.pop(0).size
            self.buffer_start += 1
        for c in self.consumers:
            if c.cursor < self.buffer_start:
                if c.cursor == self.cached_min:
                    self.min_count -= 1
                c.cursor = self.buffer_start
        self.cached_min, self.min_count = self.scan()

    def notify(self):
        taken, self.waiters = self.waiters, []
        for c in taken:
            if c.outstanding is None:
                continue  # a stale entry leaves the list
            entry = self.entry_at(c.cursor)
            if entry is None:
                self.waiters.append(c)  # the list as it is now (a nested notify may have replaced it)
                continue
            if entry.spoiled:
                self.spoiled_read()
                return  # this notify serves nobody else
            self.advance(c)
            if c.outstanding is None:
                raise ImpossibleState("consumer c%d: its read was settled by nested work" % c.id)
            read, c.outstanding = c.outstanding, None
            self.settle(read, data(entry))
            if c.queued:
                c.outstanding = c.queued.pop(0)
                self.waiters.append(c)

    def spoiled_read(self):
        """Reading a spoiled entry: the writer and the broadcast fail, the buffer is cleared."""
        self.fail_writer(INVALID_ENTRY)
        if not self.errored:
            self.fail_broadcast(INVALID_ENTRY)
        self.entries = []
        self.buffered = 0

    def settle_drains(self, outcome):
        drains, self.pending_drains = self.pending_drains, []
        for d in drains:
            self.settle(d, outcome)

    def settle_reads(self, c, outcome):
        reads = ([c.outstanding] if c.outstanding is not None else []) + c.queued
        c.outstanding, c.queued = None, []
        for r in reads:
            self.settle(r, outcome)

    def removal(self, c, trim=True):
        self.consumers.remove(c)
        c.attached = False
        if c.cursor == self.cached_min:
            self.min_count -= 1
            if self.min_count == 0 and trim:
                self.trim()

    def end_broadcast(self):
        if self.broadcast_ended:
            return
        self.broadcast_ended = True
        self.ended = True
        for c in list(self.consumers):
            if c.outstanding is None:
                continue  # it stays attached and drains what is retained
            if not c.attached:
                raise ImpossibleState("consumer c%d left while the broadcast ended" % c.id)
            entry = self.entry_at(c.cursor)
            if entry is not None:
                if entry.spoiled:
                    self.spoiled_read()
                    return  # without emptying the waiting list or completing the end
                self.advance(c)
                if c.outstanding is None:
                    raise ImpossibleState("consumer c%d: its read was settled by nested work" % c.id)
                read, c.outstanding = c.outstanding, None
                self.settle(read, data(entry))  # its queued reads stay queued
            else:
                self.settle_reads(c, DONE)
                c.detached = True
                self.removal(c)
        self.waiters = []
        self.complete_end_if_due()

    def complete_end_if_due(self):
        if self.ended and not self.consumers and self.writer == CLOSING:
            self.writer = CLOSED
            ends, self.pending_ends = self.pending_ends, []
            for e in ends:
                self.settle(e, {"kind": "COMPLETED", "bytes": self.bytes_accepted})

    def fail_writer(self, reason):
        """fail, steps 1 to 3: the writer's side."""
        if self.writer in (ERRORED, CLOSED):
            return
        self.writer = ERRORED
        self.writer_error = reason
        writes, self.queued_writes = self.queued_writes, []
        for w in writes:
            self.settle(w.op, failed(reason))
        self.settle_drains(failed(reason))
        ends, self.pending_ends = self.pending_ends, []
        for e in ends:
            self.settle(e, failed(reason))

    def fail_broadcast(self, reason):
        """fail, step 4: the broadcast's side."""
        self.errored = True
        self.error = reason
        self.ended = True
        for c in self.consumers:
            self.settle_reads(c, failed(reason))
            c.error = reason
            c.detached = True
            c.attached = False
        self.consumers = []
        self.waiters = []
        self.min_count = 0

    # ------------------------------------------------------------------ operations

    def consumer(self, cid):
        if not isinstance(cid, int) or isinstance(cid, bool) or not 0 <= cid < len(self.all):
            raise BadInput("consumer must name an attached consumer's ordinal, was %r" % (cid,))
        return self.all[cid]

    def earlier(self, n):
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n < self.current:
            raise BadInput("operation must name an earlier operation, was %r" % (n,))
        return n

    @staticmethod
    def size(value, name="size"):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise BadInput("%s must be >= 0, was %r" % (name, value))
        return value

    def attach(self):
        c = Consumer(len(self.all), self.buffer_start)
        self.all.append(c)
        self.consumers.append(c)
        if len(self.consumers) == 1:
            self.cached_min, self.min_count = c.cursor, 1
        elif c.cursor == self.cached_min:
            self.min_count += 1
        else:
            self.cached_min, self.min_count = self.scan()
        return {"kind": "ATTACHED", "consumer": c.id}

    def next(self, c):
        if c.detached:
            return DONE if c.error is NO_ERROR else failed(c.error)
        entry = self.entry_at(c.cursor)
        if entry is not None:
            if entry.spoiled:
                self.spoiled_read()
                return failed(self.error)
            self.advance(c)
            return data(entry)
        if self.errored:
            c.detached = True
            c.error = self.error
            self.removal(c, trim=False)
            return failed(self.error)
        if self.ended or self.cancelled:
            return self.detach(c)
        if c.outstanding is not None:
            c.queued.append(self.current)
            return kind("PENDING")
        c.outstanding = self.current
        self.waiters.append(c)
        return kind("WAIT")

    def detach(self, c):
        c.detached = True
        self.settle_reads(c, DONE)
        if c.attached:
            self.removal(c)
        self.complete_end_if_due()
        return DONE

    def write_sync(self, size):
        if self.writer != OPEN:
            return kind("REFUSED")
        if self.offer(size, self.current) == "REFUSED":
            return kind("REFUSED")
        self.bytes_accepted += size
        return kind("ACCEPTED")  # DISCARDED is reported as ACCEPTED, as Node shows it

    def write(self, size):
        if self.writer == ERRORED:
            return failed(self.writer_error)
        if self.writer in (CLOSING, CLOSED):
            return failed(WRITER_CLOSED)
        if self.offer(size, self.current) != "REFUSED":
            self.bytes_accepted += size
            return kind("ACCEPTED")
        if self.policy == "STRICT" and self.queued_writes:
            return failed(BACKPRESSURE)
        self.queued_writes.append(QueuedWrite(self.current, size))
        return kind("QUEUED")

    def end(self):
        if self.writer == ERRORED:
            return failed(self.writer_error)
        if self.writer == CLOSED:
            return {"kind": "COMPLETED", "bytes": self.bytes_accepted}
        self.pending_ends.append(self.current)
        if self.writer == OPEN:
            self.writer = CLOSING
            self.settle_drains({"kind": "DRAINED", "drained": False})
            if not self.queued_writes:
                self.end_broadcast()
        return self.own if self.own is not None else kind("PENDING")

    def end_sync(self):
        if self.writer == CLOSED:
            return {"kind": "COMPLETED", "bytes": self.bytes_accepted}
        if self.writer in (ERRORED, CLOSING):
            return kind("INCOMPLETE")
        self.writer = CLOSING
        self.settle_drains({"kind": "DRAINED", "drained": False})
        if not self.queued_writes:
            self.end_broadcast()
        if self.writer == CLOSED:
            return {"kind": "COMPLETED", "bytes": self.bytes_accepted}
        return kind("INCOMPLETE")

    def abort(self, n):
        for i, w in enumerate(self.queued_writes):
            if w.op == n:
                del self.queued_writes[i]
                self.settle(n, failed(ABORTED))
                if self.writer == CLOSING and not self.queued_writes:
                    self.end_broadcast()
                return kind("OK")
        if n in self.pending_ends:
            self.pending_ends.remove(n)
            self.settle(n, failed(ABORTED))
        return kind("OK")

    def drain(self):
        if self.writer != OPEN or self.ended:
            return kind("UNWRITABLE")
        if self.buffered < self.budget:
            return {"kind": "DRAINED", "drained": True}
        self.pending_drains.append(self.current)
        return kind("PENDING")

    def spoil(self, n):
        for e in self.entries:
            if e.write == n:
                e.spoiled = True
        for w in self.queued_writes:
            if w.op == n:
                w.spoiled = True
        return kind("OK")

    def fail(self, reason):
        if self.writer in (ERRORED, CLOSED):
            return kind("OK")
        self.fail_writer(reason)
        self.fail_broadcast(reason)
        return kind("OK")

    def cancel(self, has_reason, reason):
        if self.cancelled:
            return kind("OK")
        self.cancelled = True
        self.ended = True
        if has_reason:
            self.errored = True
            self.error = reason
        if self.writer in (OPEN, CLOSING):
            self.writer = CLOSED
            writes, self.queued_writes = self.queued_writes, []
            for w in writes:
                self.settle(w.op, failed(CANCELLED))
            self.settle_drains({"kind": "DRAINED", "drained": False})
            ends, self.pending_ends = self.pending_ends, []
            for e in ends:
                self.settle(e, {"kind": "COMPLETED", "bytes": self.bytes_accepted})
        for c in self.consumers:
            self.settle_reads(c, failed(reason) if has_reason else DONE)
            if has_reason:
                c.error = reason
            c.detached = True
            c.attached = False
        self.consumers = []
        self.waiters = []
        self.min_count = 0
        return kind("OK")

    def apply(self, req):
        """Runs one operation request; returns its own outcome."""
        op = req.get("op")
        if op == "attach":
            return self.attach()
        if op == "next":
            return self.next(self.consumer(req.get("consumer")))
        if op == "detach":
            return self.detach(self.consumer(req.get("consumer")))
        if op == "writeSync":
            return self.write_sync(self.size(req.get("size")))
        if op == "write":
            return self.write(self.size(req.get("size")))
        if op in ("writevSync", "writev"):
            sizes = req.get("sizes")
            if not isinstance(sizes, list):
                raise BadInput("sizes must be a list, was %r" % (sizes,))
            total = sum(self.size(s, "sizes[%d]" % i) for i, s in enumerate(sizes))
            if total > INT_MAX:
                raise BadInput("the sizes' sum must fit an int, was %d" % total)
            return self.write_sync(total) if op == "writevSync" else self.write(total)
        if op == "end":
            return self.end()
        if op == "endSync":
            return self.end_sync()
        if op == "drain":
            return self.drain()
        if op == "abort":
            return self.abort(self.earlier(req.get("operation")))
        if op == "spoil":
            return self.spoil(self.earlier(req.get("operation")))
        if op == "fail":
            return self.fail(req.get("reason"))
        if op == "cancel":
            return self.cancel("reason" in req, req.get("reason"))
        raise ProtocolProblem("unknown op %r" % (op,))


class ProtocolProblem(Exception):
    """A request this subject cannot serve: answered {"error": ...}, a protocol error on the suite's side."""


def make_broadcast(budget, policy):
    """The broadcast this program checks; the buggy example replaces it."""
    return Broadcast(budget, policy)


def handle(state, req, factory):
    if not isinstance(req, dict):
        return {"error": "a request is one JSON object, was %s" % json.dumps(req)[:80]}
    if "protocol" in req:
        if req.get("protocol") != PROTOCOL or req.get("version") != VERSION:
            return {"error": "this subject speaks %s version %d" % (PROTOCOL, VERSION)}
        return {"protocol": PROTOCOL, "version": VERSION,
                "implementation": {"name": "python-example", "version": "1"},
                "api": "budget", "policies": {p: p for p in POLICIES}, "minBudget": 1,
                "unitSizes": False, "unsupported": []}
    if req.get("op") == "reset":
        budget, policy = req.get("budget"), req.get("policy")
        if not isinstance(budget, int) or isinstance(budget, bool) or budget < 1 or policy not in POLICIES:
            return {"error": "reset needs a budget >= 1 and a policy among %s" % (POLICIES,)}
        state["broadcast"] = factory(budget, policy)
        return {"reset": True, "unit": 1}
    b = state.get("broadcast")
    if b is None:
        return {"error": "reset first"}
    op = b.next_op
    b.next_op += 1  # taken before anything else, valid or not
    b.current, b.own, b.events = op, None, []
    try:
        outcome = b.apply(req)
    except ProtocolProblem as e:
        return {"error": str(e)}
    except (BadInput, ImpossibleState) as e:
        return {"op": op, "threw": {"name": type(e).__name__, "message": str(e)}, "settled": b.events,
                "probe": b.probe()}
    return {"op": op, "outcome": outcome, "settled": b.events, "probe": b.probe()}


def serve(factory=make_broadcast, stdin=sys.stdin, stdout=sys.stdout):
    """Answers requests, one JSON line each, until standard input closes."""
    state = {}
    for line in stdin:
        if not line.strip():
            continue
        try:
            answer = handle(state, json.loads(line), factory)
        except ValueError as e:
            answer = {"error": "not one JSON object: %s" % e}
        stdout.write(json.dumps(answer, separators=(",", ":")) + "\n")
        stdout.flush()


if __name__ == "__main__":
    serve()
