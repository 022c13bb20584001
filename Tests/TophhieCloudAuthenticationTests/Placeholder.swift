// Filled in by its issue; this file only keeps the target buildable.
