/**
 * Input and output shared by every layer: the JSON facade every file the project reads or writes
 * goes through, and the exception a bad setup (an unreadable file, a busy reports directory) raises.
 * It imports no other package of this module.
 */
package io.cursorcheck.properties.io;
