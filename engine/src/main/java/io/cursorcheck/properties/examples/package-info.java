/**
 * The catalogue of hand-written examples ({@link io.cursorcheck.properties.examples.ExampleCatalogue}): fixed
 * scenarios with spec §2's answers, runnable on any {@link io.cursorcheck.properties.BroadcastFactory}, the
 * suite's variants and a user's broadcast alike. Builds on the registry and its
 * {@link io.cursorcheck.properties.Scenario}; no test library.
 */
package io.cursorcheck.properties.examples;
