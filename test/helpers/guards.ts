/**
 * How long a test that starts real processes (the server, `npm run backup`,
 * a restore) may take before it is called stuck. Guards, not measures: CI runs
 * its two lanes side by side on a two-core machine that other work shares too,
 * and there a server start that takes 14 s on a quiet machine took 90 s (the
 * same start beside twelve busy loops, measured on 25 November: 90.5 s).
 * Performance is measured by the benches under bench/, never here.
 */

/** One start of the server process, until it prints its address. */
export const PROCESS_START_GUARD_MS = 240_000;

/** A test built on one or two such processes (a start and a stop, a copy and a restore). */
export const PROCESS_TEST_GUARD_MS = 300_000;
