// A limit on time decided after what already arrived is read. Node's event loop runs due timers before it
// reads what arrived meanwhile, so a timer due while trialgate was held off its core (a busy machine) fires
// with the answer, the end of a pipe, already there: decided in the timer's callback, that was silence.
// setImmediate runs after the loop's next read of ready input, and after the callbacks and promises it ran.

/** Run `decide` once the event loop has read what is ready now. */
export function afterPendingReads(decide: () => void): void {
  setImmediate(decide);
}

/**
 * A limit on silence passed: `fail` once the event loop has read what is ready now, unless `progress()` (bytes
 * read so far, or any value that moves when something arrives) moved meanwhile: then it was no silence.
 */
export function failUnlessReadMeanwhile(progress: () => unknown, fail: () => void): void {
  const seen = progress();
  afterPendingReads(() => {
    if (progress() === seen) fail();
  });
}

/** Resolves once the event loop has read what is ready now. */
export function pendingReadsDone(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
