package io.cursorcheck.properties.architecture;

/**
 * Test-only fixture of {@link ModelIndependenceTest}'s negative control, added to the model's side: it shares
 * three invented names with {@code impl}'s {@code EntryRing} (the type, its {@code slots} field and its
 * {@code removeBefore} method), which the check must report, and one spec word ({@code trim}, spec §2), which it
 * must not.
 */
final class ModelIndependenceFixture {

    /** A field named as {@code EntryRing}'s. */
    private int[] slots = new int[0];

    private ModelIndependenceFixture() {}

    /** A method named as {@code EntryRing}'s. */
    private long removeBefore(long position) {
        return position + slots.length;
    }

    /** A method named after spec §2's trim, which {@code impl} also declares: allowed. */
    private void trim() {
        slots = new int[(int) removeBefore(0)];
    }

    /** A type named as {@code impl}'s. */
    static final class EntryRing {
        private EntryRing() {}
    }

    /** Keeps the members used, so that the compiler's lint has nothing to say about them. */
    static void use() {
        new ModelIndependenceFixture().trim();
    }
}
