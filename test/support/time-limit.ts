// A test's time limit. node:test's is wall time, which a busy machine stretches: a test that takes a
// minute alone takes four at 4× oversubscription, and a wall-clock limit fails it while the product is
// right. Run by scripts/test.ts, every file already has a limit of a clock that slows with the machine
// (scripts/scaled-clock.ts), which names the file and its last test: that one holds, and a test's own
// limit is lifted. A file run alone (node --test) keeps `ms`.
export function timeLimit(ms: number): number {
  return process.env.TRIALGATE_TEST_SCALED_LIMIT ? Infinity : ms;
}
