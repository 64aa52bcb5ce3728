// `trialgate run`: execute a trial set and write the run directory.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { markdownTable } from 'markdown-table';
import type { Results } from '../schemas/results.ts';
import { progressReporter } from '../trial/progress.ts';
import { runTrialSet } from '../trial/run-set.ts';
import { UserInputError } from '../util/errors.ts';
import { EXIT, type Io } from './io.ts';
import { displayPath } from './paths.ts';

const USAGE = 'usage: trialgate run [--config trialgate.yml] [--out DIR] [--trials K] [--task ID…] [--concurrency N] [--seed S]';

export async function runRunCli(argv: string[], io: Io): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      config: { type: 'string', default: 'trialgate.yml' },
      out: { type: 'string' },
      trials: { type: 'string' },
      task: { type: 'string', multiple: true },
      concurrency: { type: 'string' },
      seed: { type: 'string' },
    },
  });
  const output = await runTrialSet({
    configPath: resolve(io.cwd, values.config),
    ...(values.out ? { outDir: resolve(io.cwd, values.out) } : {}),
    ...(values.trials ? { trials: positiveInt('--trials', values.trials) } : {}),
    ...(values.task ? { tasks: values.task } : {}),
    ...(values.concurrency ? { concurrency: positiveInt('--concurrency', values.concurrency) } : {}),
    ...(values.seed ? { seed: positiveInt('--seed', values.seed, 0) } : {}),
    onProgress: progressReporter(io.stderr, io.isTTY),
  });
  io.stdout(renderRunSummary(output.results));
  io.stdout(`\nresults: ${displayPath(output.resultsPath, io.cwd)}\n`);
  return EXIT.ok;
}

export function positiveInt(flag: string, text: string, min = 1): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) throw new UserInputError(USAGE, flag, `expected an integer ≥ ${min}, got ${JSON.stringify(text)}`);
  return n;
}

const pct = (x: number | null) => (x === null ? '' : `${Math.round(x * 100)}%`);

export function renderRunSummary(results: Results): string {
  const k = results.run.k;
  const rows = results.tasks.map((t) => {
    const s = t.summary;
    return [
      t.id,
      t.set,
      `${s.passes}/${s.n}`,
      pct(s.pass_at_1),
      ...(k > 1 ? [pct(s.pass_at_k), pct(s.pass_pow_k)] : []),
      [...Object.entries(s.detections).map(([fault, d]) => `${fault} ${d.detected}/${d.n}`), ...boundaryCounts(t)].join(', '),
      String(s.env_errors),
      `${(s.wall_ms / 1000).toFixed(1)} s`,
    ];
  });
  const lines = [
    `${results.trial_set.name}: ${results.tasks.length} tasks × k=${k}`,
    '',
    markdownTable([['task', 'set', 'passes', 'pass@1', ...(k > 1 ? [`pass@${k}`, `pass^${k}`] : []), 'detections / boundaries handled', 'env errors', 'wall'], ...rows]),
  ];
  const envErrors = results.tasks.flatMap((t) => t.trials.filter((r) => r.outcome === 'env_error').map((r) => `  - ${t.id} trial ${r.trial}: ${r.env_error}`));
  if (envErrors.length) lines.push('', 'env errors (excluded from pass rates):', ...envErrors);
  return lines.join('\n') + '\n';
}

/** For a tool-using task: how many executed trials handled each boundary (`tool:<boundary>` checks). */
function boundaryCounts(task: Results['tasks'][number]): string[] {
  const executed = task.trials.filter((t) => t.outcome === 'pass' || t.outcome === 'fail');
  const boundaries = [...new Set(executed.flatMap((t) => Object.keys(t.checks).filter((c) => c.startsWith('tool:'))))];
  return boundaries.map((c) => `${c.slice('tool:'.length)} ${executed.filter((t) => t.checks[c] === true).length}/${executed.length}`);
}
