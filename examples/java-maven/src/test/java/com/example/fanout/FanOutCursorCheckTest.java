package com.example.fanout;

import io.cursorcheck.junit.CursorCheck;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** The project's buffer against cursorcheck's model: the five lines a user writes. */
class FanOutCursorCheckTest {

    @TestFactory
    Stream<DynamicTest> cursorcheck() {
        return CursorCheck.of("fan-out", FanOut::create).tests();
    }
}
