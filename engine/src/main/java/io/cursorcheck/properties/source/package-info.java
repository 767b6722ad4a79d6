/**
 * Where the project's source tree is: the project root the reports, the mutants and the spec links
 * all resolve against. A neutral place, importing no other package of this module, so that the
 * core can find the root without importing the mutants.
 */
package io.cursorcheck.properties.source;
