package io.cursorcheck.properties.engine;

import io.cursorcheck.spi.Snapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** Says in which fields two snapshots differ, for failure messages and reports. */
final class Snapshots {

    private Snapshots() {}

    /** The differing fields as {@code name model->subject}, comma separated. */
    static String differences(Snapshot m, Snapshot s) {
        List<String> d = new ArrayList<>();
        diff(d, "bufferStart", m.bufferStart(), s.bufferStart());
        diff(d, "retained", m.sizes(), s.sizes());
        diff(d, "bufferedBytes", m.bufferedBytes(), s.bufferedBytes());
        diff(d, "consumers", m.consumers(), s.consumers());
        diff(d, "queuedWrites", m.queuedWrites(), s.queuedWrites());
        diff(d, "writer", m.writerState(), s.writerState());
        diff(d, "bytesAccepted", m.bytesAccepted(), s.bytesAccepted());
        diff(d, "pendingEnds", m.pendingEnds(), s.pendingEnds());
        diff(d, "ended", m.ended(), s.ended());
        diff(d, "cancelled", m.cancelled(), s.cancelled());
        diff(d, "error", m.error(), s.error());
        diff(d, "writerError", m.writerError(), s.writerError());
        return String.join(", ", d);
    }

    private static void diff(List<String> d, String name, Object model, Object subject) {
        if (!Objects.equals(model, subject)) {
            d.add(name + " " + model + " (model) vs " + subject + " (subject)");
        }
    }
}
