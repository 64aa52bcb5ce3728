// `trialgate run`: execute a trial set and write the run directory.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { IsolationSetting } from '../isolation/open.ts';
import { failureLine, recordedView, renderText, REPORTERS, writeReports } from '../report/reporters.ts';
import { TrialResult, type RunDigest, type TrialDigest } from '../schemas/results.ts';
import { progressReporter } from '../trial/progress.ts';
import { recordTrialSet } from '../trial/run-set.ts';
import { UserInputError } from '../util/errors.ts';
import { unlessMissing } from '../util/files.ts';
import { parseJsonConfig } from '../util/json-config.ts';
import { parseCommand } from './args.ts';
import { RUN } from './commands.ts';
import { EXIT, type Io } from './io.ts';
import { displayPath } from './paths.ts';
import { isolationLine } from './validate.ts';

export async function runRunCli(argv: string[], io: Io): Promise<number> {
  const parsed = parseCommand(RUN, argv, io);
  if (typeof parsed === 'number') return parsed;
  const values = parsed.values as Record<string, string | undefined> & { task?: string[] };
  const output = await recordTrialSet({
    configPath: resolve(io.cwd, values.config ?? 'trialgate.yml'),
    ...(values.out ? { outDir: resolve(io.cwd, values.out) } : {}),
    ...(values.trials ? { trials: positiveInt('--trials', values.trials) } : {}),
    ...(values.task ? { tasks: values.task } : {}),
    ...(values.concurrency ? { concurrency: positiveInt('--concurrency', values.concurrency) } : {}),
    ...(values.acceptance ? { acceptanceConcurrency: positiveInt('--acceptance', values.acceptance) } : {}),
    ...(values.seed ? { seed: positiveInt('--seed', values.seed, 0) } : {}),
    ...(values.isolation ? { isolation: values.isolation as IsolationSetting } : {}),
    onStart: ({ isolation, trials }) => io.stderr(`${trials} trial${trials === 1 ? '' : 's'}; ${isolationLine(isolation)}`),
    onProgress: progressReporter(io.stderr, io.isTTY && io.redraw ? io.redraw : false),
    // The run's files, and its table on the terminal, from one view while its trials can still be read.
    outputs: async (recorded) => {
      const view = recordedView(recorded);
      for (const failure of await writeReports(view, recorded.scrubber)) io.stderr(`${failureLine(failure)}\n`);
      io.stdout(await renderText(REPORTERS.terminal, view));
    },
  });
  io.stdout(`\nresults: ${displayPath(output.resultsPath, io.cwd)}\n`);
  const results = output.run;
  if (results.run.integrity_error) {
    io.stderr(`\ntrialgate run: integrity error: ${results.run.integrity_error}\n`);
    return EXIT.usage;
  }
  if (results.holdout) io.stdout(`${holdoutLine(results.holdout)}\n`);
  // A holdout trial's reason and log are sealed: only a dev task's are printed.
  const trials = results.tasks.flatMap((t) => (t.set === 'holdout' ? [] : t.trials));
  const envError = trials.find((t) => t.outcome === 'env_error');
  const crashed = trials.find((t) => t.stop_reason === 'agent_crashed');
  const brokenAcceptor = acceptorTail(output.runDir, results);
  const firstEnvError = async () => brokenAcceptor || (await trialTail(output.runDir, envError!));
  if (trials.length > 0 && trials.every((t) => t.outcome === 'env_error' || t.outcome === 'unexecuted')) {
    io.stderr(`\ntrialgate run: no trial could execute: every one is an environment error.\n${await firstEnvError()}`);
    return EXIT.usage;
  }
  const constraints = await candidateConstraints(output.runDir, trials);
  if (constraints) io.stdout(`\n${constraints}`);
  if (envError) io.stderr(`\nthe first environment error:\n${await firstEnvError()}`);
  if (crashed) io.stderr(`\nthe first agent that crashed:\n${await trialTail(output.runDir, crashed)}`);
  return EXIT.ok;
}

/** What became of the holdout detail: sealed to the trial set's recipients, or not kept. */
function holdoutLine(holdout: NonNullable<RunDigest['holdout']>): string {
  const key =
    holdout.key === 'configured'
      ? 'named with the configured holdout key'
      : 'named with a key of this run alone (no holdout key set: they compare with no other run)';
  const detail = holdout.sealed
    ? `their detail is sealed in ${holdout.sealed} (open it with trialgate holdout open)`
    : 'their detail is not kept (no holdout.recipients)';
  return `holdout: tasks ${key}; ${detail}${holdout.unavailable ? `; the holdout source's tasks did not run: ${holdout.unavailable}` : ''}`;
}

export function positiveInt(flag: string, text: string, min = 1): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) throw new UserInputError('command line', flag, `expected an integer ≥ ${min}, got ${JSON.stringify(text)}`);
  return n;
}

/** An acceptor that failed the preflight explains every trial of its task: no trial ran to say more. */
function acceptorTail(runDir: string, results: RunDigest): string {
  const broken = results.tasks.find((t) => t.set !== 'holdout' && t.acceptor_check?.ok === false);
  if (!broken) return '';
  const check = broken.acceptor_check!;
  return [
    `  ${broken.id}: the acceptor failed on the reference answers before any trial: ${check.error}`,
    `  fix: ${check.fix}`,
    ...(check.report ? [`  its report: ${join(runDir, check.report)}`] : []),
    '',
  ].join('\n');
}

/** Past this many trials, those whose changes left the scope are counted, not each shown. */
const SHOWN_CONSTRAINT_TRIALS = 10;
/** The constraints whose failures a reader needs by path: a change outside the allowed scope, a forged report. */
const NAMED_CONSTRAINTS = ['constraint:scope', 'constraint:report-intact'];

/**
 * The paths a code trial changed outside its allowed scope, and a hidden-test report it forged, trial by
 * trial: the table says only that the check failed.
 */
async function candidateConstraints(runDir: string, trials: readonly TrialDigest[]): Promise<string> {
  const broke = trials.filter((t) => NAMED_CONSTRAINTS.some((c) => t.checks[c] === false));
  if (broke.length === 0) return '';
  const lines: string[] = [];
  for (const trial of broke.slice(0, SHOWN_CONSTRAINT_TRIALS)) {
    const failures = (await readTrialVerdict(runDir, trial))?.layers.constraints.failures ?? [];
    const named = failures.filter((f) => /outside the allowed scope|report was forged/.test(f));
    lines.push(...(named.length ? named : ['(see its evidence/verdict.json)']).map((f) => `  ${trial.evidence}: ${f}`));
  }
  if (broke.length > SHOWN_CONSTRAINT_TRIALS) lines.push(`  and ${broke.length - SHOWN_CONSTRAINT_TRIALS} more trials`);
  return `changes outside the allowed scope, and forged reports:\n${lines.join('\n')}\n`;
}

/**
 * A trial's evidence/verdict.json in its schema (results.ts TrialResult); null when the trial wrote none. One
 * that is not JSON or not of the schema names the file (and, where it can, the line and the field).
 */
export async function readTrialVerdict(runDir: string, trial: Pick<TrialDigest, 'evidence'>): Promise<TrialResult | null> {
  const file = join(runDir, trial.evidence, 'evidence', 'verdict.json');
  const text = await unlessMissing(readFile(file, 'utf8'), null);
  return text === null ? null : parseJsonConfig(TrialResult, text, file);
}

/**
 * One trial in full, with the tail of its agent log: for an environment error its reason and rule (what a
 * user needs to fix the setup), for a crash how the agent ended.
 */
async function trialTail(runDir: string, trial: TrialDigest): Promise<string> {
  const notes = (await readTrialVerdict(runDir, trial))?.layers.trajectory.notes ?? [];
  const why =
    trial.outcome === 'env_error'
      ? (notes.find((n) => n.startsWith('env error: ')) ?? '').replace(/^env error: /, '') +
        (trial.env_error_source === 'agent' ? ' (declared by the agent)' : '')
      : (notes.find((n) => n.startsWith('agent ')) ?? 'the agent crashed');
  const log = await readFile(join(runDir, trial.evidence, 'evidence', 'agent.log'), 'utf8').catch(() => '');
  const tail = (log.trim() ? log.trim().split('\n') : [])
    .slice(-10)
    .map((l) => `    ${l.length > 400 ? `${l.slice(0, 400)}…` : l}`)
    .join('\n');
  return [
    `  ${trial.evidence}: ${why}`,
    ...(trial.env_error ? [`  rule: ${trial.env_error}`] : []),
    ...(tail ? ['  agent log (last lines):', tail] : []),
    '',
  ].join('\n');
}
