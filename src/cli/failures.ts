// `trialgate failures`: the failure archive. Build it from runs, label causes, promote a failure to a
// regression case (after re-running its task to show the failure is stable).
import { lstat, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { markdownTable } from 'markdown-table';
import { readResultsFile } from '../results/read.ts';
import { addRuns, emptyArchive, findEntry, label, LABELS, promote, promotionProblems, type Stability } from '../failures/archive.ts';
import { failuresOfRun } from '../failures/signature.ts';
import { extractZip } from '../util/unzip.ts';
import { FailureArchive, FailureCause } from '../schemas/failures.ts';
import type { Results } from '../schemas/results.ts';
import { recordTrialSet } from '../trial/run-set.ts';
import { storedAt } from '../results/stored-run.ts';
import { parseOrThrow, UserInputError } from '../util/errors.ts';
import { linkTarget, readJsonFile } from '../util/files.ts';
import { terminalText } from '../util/inert.ts';
import { writeNamedFile } from '../util/safe-write.ts';
import { parseCommand } from './args.ts';
import { FAILURES } from './commands.ts';
import { EXIT, type Io } from './io.ts';
import { plural } from '../util/counted.ts';

export async function runFailuresCli(argv: string[], io: Io): Promise<number> {
  const parsed = parseCommand(FAILURES, argv, io);
  if (typeof parsed === 'number') return parsed;
  const values = parsed.values as { archive?: string; set?: string; runs?: string; config?: string; force?: boolean };
  const archivePath = resolve(io.cwd, values.archive ?? 'trialgate.failures.json');
  const archive = await readArchive(archivePath, io);
  const [verb, ...rest] = parsed.positionals;

  if (verb === 'label') {
    const [signature, cause] = rest;
    if (!signature || !cause)
      throw new UserInputError(FAILURES.usage, 'label', 'give the signature and the cause, e.g. `trialgate failures label 3fa2c1e9 retrieval`');
    const parsedCause = FailureCause.safeParse(cause);
    if (!parsedCause.success) throw new UserInputError('label', 'CAUSE', `one of ${LABELS.join(', ')}; got ${JSON.stringify(cause)}`);
    const labelled = label(archive, signature, parsedCause.data, values.force);
    if (typeof labelled === 'string') throw new UserInputError(archivePath, signature, labelled);
    await writeArchive(archivePath, labelled);
    io.stdout(`labelled ${signature} as ${cause}\n`);
    return EXIT.ok;
  }

  if (verb === 'promote') {
    const [signature] = rest;
    if (!signature) throw new UserInputError(FAILURES.usage, 'promote', 'give the signature of the failure to promote');
    const entry = findEntry(archive, signature);
    if (typeof entry === 'string') throw new UserInputError(archivePath, signature, entry);
    const set = (values.set ?? 'dev') as 'dev' | 'holdout';
    const runs = Number(values.runs ?? 3);
    if (!Number.isInteger(runs) || runs < 1) throw new UserInputError('--runs', '', `a whole number ≥ 1, got ${JSON.stringify(values.runs)}`);
    io.stderr(`re-running task ${entry.task} ${runs} times to see whether it fails the same way…\n`);
    const stability = await rerun(resolve(io.cwd, values.config ?? 'trialgate.yml'), entry.task, entry.signature, runs);
    const problems = promotionProblems(archive, entry, set, stability);
    if (problems.length) {
      io.stderr(`trialgate failures: ${entry.signature} is not promoted:\n${problems.map((p) => `  - ${p}`).join('\n')}\n`);
      return EXIT.failed;
    }
    const promoted = promote(archive, entry, set, stability, new Date().toISOString());
    await writeArchive(archivePath, promoted.archive);
    io.stdout(
      `promoted ${entry.signature} to regression case ${promoted.regression.id} (${set}): ${entry.task} · ${entry.check} · ${entry.criterion}; it failed this way in ${stability.reproduced} of ${stability.runs - stability.env_errors} re-runs\n`,
    );
    return EXIT.ok;
  }

  if (parsed.positionals.length === 0)
    throw new UserInputError(FAILURES.usage, 'RUN', 'name one or more run directories, results.json files or downloaded artefacts (.zip)');
  const runs = [];
  for (const input of parsed.positionals) runs.push({ results: await readRun(resolve(io.cwd, input)), source: input });
  const { archive: updated, added } = addRuns(archive, runs);
  await writeArchive(archivePath, updated);
  io.stdout(renderArchive(updated, new Set(added)));
  io.stdout(`\narchive: ${archivePath} (${plural(updated.failures.length, 'failure signature')}, ${added.length} new)\n`);
  return EXIT.ok;
}

/**
 * The archive, never read or written through a link: a dangling link in its place (an agent that ran
 * unisolated in the project may leave one, for the next write to follow) is named and removed; a link to
 * a file is refused, since reading it would read whatever it points to.
 */
async function readArchive(path: string, io: Io): Promise<FailureArchive> {
  const stats = await lstat(path).catch(() => null);
  if (stats?.isSymbolicLink()) {
    const target = linkTarget(path);
    if (await stat(path).catch(() => null))
      throw new UserInputError(
        path,
        '',
        `is a symbolic link (to ${target}) that trialgate did not make: it is not read or written through; put the archive itself there`,
      );
    await rm(path);
    io.stderr(`trialgate failures: ${path} was a dangling symbolic link (to ${target}) that trialgate did not make: removed, not written through\n`);
    return emptyArchive();
  }
  if (!stats) return emptyArchive();
  return parseOrThrow(FailureArchive, await readJsonFile(path, { follow: false }), path);
}

async function writeArchive(path: string, archive: FailureArchive): Promise<void> {
  await writeNamedFile(path, JSON.stringify(FailureArchive.parse(archive), null, 2) + '\n');
}

/** A run directory, a results.json, or a downloaded artefact (.zip) holding one. */
async function readRun(path: string): Promise<Results> {
  const info = await stat(path).catch(() => null);
  if (!info) throw new UserInputError(path, '', 'not found: name a run directory, a results.json or an artefact .zip');
  if (info.isDirectory()) return readResultsFile(join(path, 'results.json'));
  if (path.endsWith('.zip')) {
    const dir = await mkdtemp(join(tmpdir(), 'trialgate-failures-'));
    try {
      await extractZip(path, dir);
      return await readResultsFile(join(dir, 'results.json'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  return readResultsFile(path);
}

/** Re-run the task `runs` times; how often it failed with the same signature, env errors apart. */
async function rerun(configPath: string, task: string, signature: string, runs: number): Promise<Stability> {
  const out = await mkdtemp(join(tmpdir(), 'trialgate-promote-'));
  try {
    const { run, resultsPath } = await recordTrialSet({ configPath, outDir: join(out, 'run'), tasks: [task], trials: runs });
    const trials = run.tasks[0]!.trials;
    const failing = new Set(
      failuresOfRun(run, storedAt(resultsPath, run).trials, 'promote')
        .filter((f) => f.signature === signature)
        .map((f) => f.occurrence.trial),
    );
    return { runs, reproduced: failing.size, env_errors: trials.filter((t) => t.outcome === 'env_error' || t.outcome === 'unexecuted').length };
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

function renderArchive(archive: FailureArchive, added: ReadonlySet<string>): string {
  if (archive.failures.length === 0) return 'no failures\n';
  const promoted = new Map(archive.regressions.map((r) => [r.signature, r.id]));
  // Each cell one inert line, its pipes escaped: a trial's text cannot add a row, a column or a terminal escape.
  const cell = (text: string) => terminalText(text, true).replace(/\|/g, '\\|');
  const rows = archive.failures.map((f) =>
    [
      `${added.has(f.signature) ? '🆕 ' : ''}${f.signature}`,
      f.task,
      f.check,
      f.criterion,
      f.cause ? `${f.cause}${f.cause_by === 'label' ? ' (label)' : ''}` : 'unlabelled',
      String(f.count),
      f.first_seen.slice(0, 10),
      f.last_seen.slice(0, 10),
      promoted.get(f.signature) ?? '',
      f.occurrences.at(-1)!.evidence,
    ].map(cell),
  );
  return (
    markdownTable([
      ['signature', 'task', 'check', 'first failing assertion / boundary / rule', 'cause', 'count', 'first seen', 'last seen', 'case', 'latest evidence'],
      ...rows,
    ]) + '\n'
  );
}
