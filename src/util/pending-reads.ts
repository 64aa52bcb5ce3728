// A limit on time decided after what already arrived is read. Node's event loop runs due timers before it
// reads what arrived meanwhile, so a timer due while trialgate was held off its core (a busy machine) fires
// with the answer, the end of a pipe, already there: decided in the timer's callback, that was silence.
// setImmediate runs after the loop's next read of ready input, and after the callbacks and promises it ran.

/** Run `decide` once the event loop has read what is ready now. */
export function afterPendingReads(decide: () => void): void {
  setImmediate(decide);
}

/** Resolves once the event loop has read what is ready now. */
export function pendingReadsDone(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
