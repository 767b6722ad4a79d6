/**
 * The one catalogue of the concurrency races ({@link io.cursorcheck.properties.race.RaceCatalogue}): per race
 * its jcstress test, the broadcast's options, the outcomes jcstress declares with their expectation and
 * description, and the racy twins that are its negative controls. The jcstress tests in {@code stress/} keep
 * their annotations, shown equal to this catalogue by reflection; the Fray scenes in {@code fray/} and the
 * Lincheck plan in {@code stress/} read it. Pure data: it imports nothing of the module but spi's options.
 */
package io.cursorcheck.properties.race;
