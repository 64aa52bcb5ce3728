// Progress of a long run: a live line on a terminal, one line per finished trial in CI logs.
import { failureReasons } from '../results/junit.ts';
import type { ProgressEvent } from './run-set.ts';

export function progressReporter(write: (text: string) => void, live: boolean): (event: ProgressEvent) => void {
  const tally = { pass: 0, fail: 0, env_error: 0, unexecuted: 0 };
  return (event) => {
    tally[event.result.outcome]++;
    if (live) {
      const counts = `pass ${tally.pass} · fail ${tally.fail} · env error ${tally.env_error}`;
      write(`\r\x1b[2K[${event.done}/${event.total}] ${counts}${event.done === event.total ? '\n' : ''}`);
      return;
    }
    const { result } = event;
    const why = result.outcome === 'fail' ? ` — ${failureReasons(result)[0] ?? ''}` : result.outcome === 'env_error' ? ` — ${result.env_error}` : '';
    write(`[${event.done}/${event.total}] ${event.task} trial ${event.trial}: ${result.outcome} (${(result.wall_ms / 1000).toFixed(1)} s)${why}\n`);
  };
}
