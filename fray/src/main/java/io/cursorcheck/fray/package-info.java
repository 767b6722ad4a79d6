/**
 * Fray (controlled scheduling) scenes of the races of properties' race catalogue, which the jcstress tests in
 * {@code stress/} run too: each race's options, allowed outcomes and racy twins come from the catalogue; each
 * scene sets a broadcast up, runs its actors on threads Fray schedules, and checks the answers and the
 * invariants once they joined; every operation is logged with the state after it, so a replayed
 * schedule reads as a trace.
 */
package io.cursorcheck.fray;
