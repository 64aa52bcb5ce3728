// One program run for one trial behind the provider watch, the part the shipped adapters and the generic
// watch (watch.mjs) share: the relay in front of the provider, the program leading a process group of its
// own (stopping it stops what it started: workers, shells, which would otherwise hold its output open),
// stopped at once when the watch knows the environment failed, stopped at the budget (trialgate's SIGTERM),
// and the exit that tells trialgate which of these happened (env-failure.mjs).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { declareEnvironmentFailure } from './env-failure.mjs';
import { OUTAGE_FAILURES, silenceFor, startProviderWatch } from './provider-watch.mjs';

/** How long a program has to end after SIGTERM before it is killed (inside trialgate's own grace). */
const STOP_GRACE_MS = 2000;
/** The exit status of a program ended at the budget (128 + SIGTERM). */
const BUDGET_EXIT = 143;

/**
 * Start the watch in front of `upstream` for calls carrying `key` (from the variable `keyVar`), with the
 * limits the trial's variables set: TRIALGATE_PROVIDER_FAILURES, TRIALGATE_PROVIDER_SILENCE_SECONDS (default
 * a third of the trial's budget, read from $TRIALGATE_TRIAL_DIR/config.json). `url` is the base URL to give
 * the program; `run(child)` waits for the program (spawned `detached`) to exit and ends what it left running;
 * `close()` closes the relay; `exit(code, broken)` ends this process as trialgate must read it.
 */
export async function watchedRun({ upstream, key, keyVar, env = process.env }) {
  let child;
  let fatal;
  let stopping = false;
  let budget = false;
  const signal = (name) => {
    try {
      process.kill(-child.pid, name);
    } catch {
      // the group is gone
    }
  };
  const stop = () => {
    if (stopping || !child || child.exitCode !== null) return;
    stopping = true;
    signal('SIGTERM');
    setTimeout(() => signal('SIGKILL'), STOP_GRACE_MS).unref();
  };
  const watch = await startProviderWatch({
    upstream,
    key,
    keyVar,
    failures: Number(env.TRIALGATE_PROVIDER_FAILURES) || OUTAGE_FAILURES,
    silenceMs: silenceFor(budgetSeconds(env.TRIALGATE_TRIAL_DIR), env.TRIALGATE_PROVIDER_SILENCE_SECONDS) * 1000,
    onFatal: (reason) => {
      fatal = reason;
      stop();
    },
  });
  process.on('SIGTERM', () => {
    budget = true;
    stop();
  });

  return {
    url: watch.url,
    /** The program's exit status (127 when it could not be started: `failedToStart` says why). */
    async run(spawned) {
      child = spawned;
      let failedToStart;
      child.on('error', (e) => (failedToStart = e));
      const code = await new Promise((resolve) => {
        child.on('exit', (status, by) => resolve(status ?? (by ? 128 : 1)));
        child.on('error', () => child.exitCode === null && child.pid === undefined && resolve(127));
      });
      // What the program left running ends with it.
      if (child.pid !== undefined) signal('SIGKILL');
      return { code, failedToStart: child.pid === undefined ? failedToStart : undefined };
    },
    close: () => watch.close(),
    /** The tokens the provider's answers reported (the watch's count), or undefined. */
    usage: () => watch.usage(),
    /**
     * The environment failed (the watch said so, or `broken`, a failure of the program's installation, or
     * the provider failed and the program gave up): exit 75 with the reason. At the budget: 143. Otherwise
     * the program's own status: a program that exits 0 is taken at its word.
     */
    exit(code, broken) {
      if (fatal) declareEnvironmentFailure(fatal);
      if (budget) process.exit(BUDGET_EXIT);
      if (code === 0) process.exit(0);
      if (broken) declareEnvironmentFailure(broken);
      const pending = watch.pending();
      if (pending) declareEnvironmentFailure(pending);
      process.exit(code);
    },
  };
}

/** The trial's budget (config.json, written by trialgate before the agent starts), or undefined. */
function budgetSeconds(trialDir) {
  if (!trialDir) return undefined;
  try {
    return JSON.parse(readFileSync(join(trialDir, 'config.json'), 'utf8')).budget?.wall_seconds;
  } catch {
    return undefined;
  }
}
