// `trialgate run`: execute a trial set and write the run directory.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { markdownTable } from 'markdown-table';
import type { IsolationSetting } from '../isolation/open.ts';
import { isolationNote } from '../report/isolation.ts';
import type { RunDigest } from '../schemas/results.ts';
import { judgeRunLines } from '../report/judge.ts';
import { progressReporter } from '../trial/progress.ts';
import { recordTrialSet } from '../trial/run-set.ts';
import { UserInputError } from '../util/errors.ts';
import { parseCommand } from './args.ts';
import { RUN } from './commands.ts';
import { EXIT, type Io } from './io.ts';
import { displayPath } from './paths.ts';
import { isolationLine } from './validate.ts';


const ISOLATION_SETTINGS = ['auto', 'required', 'none'];

export async function runRunCli(argv: string[], io: Io): Promise<number> {
  const parsed = parseCommand(RUN, argv, io);
  if (typeof parsed === 'number') return parsed;
  const values = parsed.values as Record<string, string | undefined> & { task?: string[] };
  if (values.isolation && !ISOLATION_SETTINGS.includes(values.isolation)) throw new UserInputError(RUN.usage, '--isolation', `one of ${ISOLATION_SETTINGS.join(', ')}, got ${JSON.stringify(values.isolation)}`);
  const output = await recordTrialSet({
    configPath: resolve(io.cwd, values.config ?? 'trialgate.yml'),
    ...(values.out ? { outDir: resolve(io.cwd, values.out) } : {}),
    ...(values.trials ? { trials: positiveInt('--trials', values.trials) } : {}),
    ...(values.task ? { tasks: values.task } : {}),
    ...(values.concurrency ? { concurrency: positiveInt('--concurrency', values.concurrency) } : {}),
    ...(values.seed ? { seed: positiveInt('--seed', values.seed, 0) } : {}),
    ...(values.isolation ? { isolation: values.isolation as IsolationSetting } : {}),
    onStart: ({ isolation, trials }) => io.stderr(`${trials} trial${trials === 1 ? '' : 's'}; ${isolationLine(isolation)}`),
    onProgress: progressReporter(io.stderr, io.isTTY),
  });
  io.stdout(renderRunSummary(output.run));
  io.stdout(`\nresults: ${displayPath(output.resultsPath, io.cwd)}\n`);
  const results = output.run;
  if (results.run.integrity_error) {
    io.stderr(`\ntrialgate run: integrity error: ${results.run.integrity_error}\n`);
    return EXIT.usage;
  }
  const trials = results.tasks.flatMap((t) => t.trials);
  if (trials.length > 0 && trials.every((t) => t.outcome === 'env_error' || t.outcome === 'unexecuted')) {
    io.stderr(`\ntrialgate run: no trial could execute: every one is an environment error.\n${await envErrorTail(output.runDir, results)}`);
    return EXIT.usage;
  }
  return EXIT.ok;
}

export function positiveInt(flag: string, text: string, min = 1): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) throw new UserInputError(RUN.usage, flag, `expected an integer ≥ ${min}, got ${JSON.stringify(text)}`);
  return n;
}

/** The first environment error in full, with the tail of its agent log: what a user needs to fix the setup. */
async function envErrorTail(runDir: string, results: RunDigest): Promise<string> {
  const trial = results.tasks.flatMap((t) => t.trials).find((t) => t.outcome === 'env_error');
  if (!trial) return '';
  const verdict = await readFile(join(runDir, trial.evidence, 'evidence', 'verdict.json'), 'utf8').catch(() => '{}');
  const notes = (JSON.parse(verdict) as { layers?: { trajectory?: { notes?: string[] } } }).layers?.trajectory?.notes ?? [];
  const why = notes.find((n) => n.startsWith('env error: ')) ?? '';
  const log = await readFile(join(runDir, trial.evidence, 'evidence', 'agent.log'), 'utf8').catch(() => '');
  const tail = log.trim().split('\n').slice(-10).map((l) => `    ${l}`).join('\n');
  return [`  ${trial.evidence}: ${why.replace(/^env error: /, '')}`, `  rule: ${trial.env_error}`, ...(tail ? ['  agent log (last lines):', tail] : []), ''].join('\n');
}

const pct = (x: number | null) => (x === null ? '' : `${Math.round(x * 100)}%`);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function renderRunSummary(results: RunDigest): string {
  const k = results.run.k;
  const usage = results.tasks.some((t) => t.summary.tokens !== undefined || t.summary.cost_usd !== undefined);
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
      ...(usage ? [s.tokens === undefined ? '' : String(s.tokens), s.cost_usd === undefined ? '' : `$${s.cost_usd.toFixed(4)}`] : []),
      `${(s.wall_ms / 1000).toFixed(1)} s`,
    ];
  });
  const header = ['task', 'set', 'passes', 'pass@1', ...(k > 1 ? [`pass@${k}`, `pass^${k}`] : []), 'detections / boundaries handled', 'env errors', ...(usage ? ['tokens', 'cost'] : []), 'wall'];
  const lines = [`${results.trial_set.name}: ${plural(results.tasks.length, 'task')} × k=${k}`, '', markdownTable([header, ...rows])];
  const envErrors = results.tasks.flatMap((t) => t.trials.filter((r) => r.outcome === 'env_error').map((r) => `  - ${t.id} trial ${r.trial}: ${r.env_error}`));
  if (envErrors.length) lines.push('', 'env errors (excluded from pass rates):', ...envErrors);
  const judged = judgeRunLines(results);
  if (judged.length) lines.push('', ...judged);
  const isolation = isolationNote(results);
  if (isolation) lines.push('', isolation);
  return lines.join('\n') + '\n';
}

/** For a tool-using task: how many executed trials handled each boundary (`tool:<boundary>` checks). */
function boundaryCounts(task: RunDigest['tasks'][number]): string[] {
  const executed = task.trials.filter((t) => t.outcome === 'pass' || t.outcome === 'fail');
  const boundaries = [...new Set(executed.flatMap((t) => Object.keys(t.checks).filter((c) => c.startsWith('tool:'))))];
  return boundaries.map((c) => `${c.slice('tool:'.length)} ${executed.filter((t) => t.checks[c] === true).length}/${executed.length}`);
}
