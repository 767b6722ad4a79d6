/**
 * The one breadth-first search: the {@code LevelExpander}, which expands a level of lockstep pairs with one
 * thread or several and gives the result one thread would, states deduplicated exactly by a key. Its users say
 * what differs through its {@code Expansion}: the operations to try at a state, which failures are kept, and
 * whether it stops in the middle of a level. The explorer ({@code explore}) and the shortest search
 * ({@code engine.shrink}) both run it.
 *
 * <p>It runs the lockstep core ({@code engine}) and knows neither of its users; it lives in the engine module
 * since the shortest search may not import {@code explore} (ArchUnit rule "engine never imports explore").
 */
package io.cursorcheck.properties.engine.search;
