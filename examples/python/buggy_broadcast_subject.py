#!/usr/bin/env python3
"""A buggy example subject for cursorcheck: the negative control of `bin/cursorcheck subject`.

It is broadcast_subject.py with one realistic cursor-tracking bug in "removal" (docs/spec.md
section 2): when a consumer leaves, the count of consumers at the cached minimum is decremented only
while others remain there. The last consumer at the minimum leaving keeps the count at 1, so the
cache claims a consumer that is gone: no trim runs, the entries behind the slowest remaining
consumer stay retained, their bytes keep the buffer at its budget, and writes the spec accepts are
refused or queued (I5 eager trim, I6 cache exactness).

Check it (it must be caught):
    bin/cursorcheck subject --name python-buggy -- python3 examples/python/buggy_broadcast_subject.py
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import broadcast_subject  # noqa: E402  (the correct port, next to this file)


class LeakyMinimumBroadcast(broadcast_subject.Broadcast):
    """The correct broadcast, but its removal forgets the last consumer that leaves the minimum."""

    def removal(self, c, trim=True):
        self.consumers.remove(c)
        c.attached = False
        # THE BUG: "the last one at the minimum is leaving; the next scan will fix the cache" -- but
        # nothing asks for that scan: minCount stays 1, never reaches 0, and the trim never runs.
        if c.cursor == self.cached_min and self.min_count > 1:
            self.min_count -= 1


if __name__ == "__main__":
    broadcast_subject.serve(LeakyMinimumBroadcast)
