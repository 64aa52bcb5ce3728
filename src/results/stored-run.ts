// A run as the gate holds it, the one shape of a run on every path: its digests in memory (what compare,
// the verdict and the summaries read), each task's whole trials read from disk when asked, one at a time
// (what new failures and the reports read). A run recorded by trial/run-set.ts is read back from its
// results.json by an index of where each trial's text is, never by parsing the file whole; rounds are
// joined on their digests and their trials chained, so the gate's merged results.json is written by
// streaming every round's trials from their files.
import { closeSync, fstatSync, openSync, readSync, renameSync, rmSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { Results, TrialResult, type RunDigest } from '../schemas/results.ts';
import { jsonPieces, lazy } from '../util/json-stream.ts';
import { writePiecesInside } from '../util/safe-write.ts';
import type { Scrubber } from '../util/scrub.ts';
import { appendRound } from './merge.ts';
import { trialDigest } from './trial-log.ts';
import { untrusted } from './trust.ts';

/** Each task's whole trials, in trial order, produced one at a time. */
export type TrialsOf = (taskId: string) => Iterable<TrialResult>;

export interface StoredRun {
  run: RunDigest;
  trials: TrialsOf;
}

/** A run already whole in memory (shards merged, a simulation): its trials are its own. */
export function storedWhole(results: Results): StoredRun {
  const byTask = new Map(results.tasks.map((t) => [t.id, t.trials]));
  return { run: results, trials: (taskId) => byTask.get(taskId) ?? [] };
}

/** The digests of whole results: what memory keeps of them once their trials are on disk. */
export function digestOf(results: Results): RunDigest {
  return { ...results, tasks: results.tasks.map((t) => ({ ...t, trials: t.trials.map(trialDigest) })) };
}

/** Where one trial's text is in a results.json. */
interface Span {
  offset: number;
  length: number;
}

/**
 * The run `run` (its digests) whose whole trials are in `path`, a results.json this layer wrote (results/write.ts:
 * JSON.stringify's layout, two spaces a level). The file is indexed once, line by line; a trial is read by
 * its place when asked. A file that changed since, or whose trials are not those of the digests, is refused.
 */
export function storedAt(path: string, run: RunDigest): StoredRun {
  const { spans, stats } = indexTrials(path);
  for (const task of run.tasks) {
    const found = spans.get(task.id)?.length ?? 0;
    if (found !== task.trials.length)
      throw new Error(
        `${path}: task ${task.id} holds ${found} trials where its run recorded ${task.trials.length}: the file is not the run's results.json as written`,
      );
  }
  return { run, trials: (taskId) => readSpans(path, stats, spans.get(taskId) ?? []) };
}

function* readSpans(path: string, indexed: Stats, spans: readonly Span[]): Generator<TrialResult> {
  if (spans.length === 0) return;
  const fd = openSync(path, 'r');
  try {
    const now = fstatSync(fd);
    if (now.ino !== indexed.ino || now.size !== indexed.size || now.mtimeMs !== indexed.mtimeMs)
      throw new Error(`${path} changed after the gate read it: its trials can no longer be read from it`);
    for (const span of spans) {
      const bytes = Buffer.allocUnsafe(span.length);
      let read = 0;
      while (read < span.length) {
        const n = readSync(fd, bytes, read, span.length - read, span.offset + read);
        if (n === 0) throw new Error(`${path} ended inside a trial: the file was cut short`);
        read += n;
      }
      yield TrialResult.parse(JSON.parse(bytes.toString('utf8')));
    }
  } finally {
    closeSync(fd);
  }
}

// The lines that frame a trial in the layout JSON.stringify(value, null, 2) gives results.json.
const TASK_START = '    {';
const TASK_END = /^ {4}\},?$/;
const TASK_ID = /^ {6}"id": ("(?:[^"\\]|\\.)*"),?$/;
const TRIALS_START = '      "trials": [';
const TRIALS_END = /^ {6}\],?$/;
const TRIAL_START = '        {';
const TRIAL_END = /^ {8}\},?$/;
const ROOT_KEY = /^ {2}"([^"\\]+)": /;

/** Where each task's trials are in `path`, with the file's identity then. Reads it once, a chunk at a time. */
function indexTrials(path: string): { spans: Map<string, Span[]>; stats: Stats } {
  const spans = new Map<string, Span[]>();
  let rootKey = '';
  let task: { id: string | null; trials: Span[] } | null = null;
  let inTrials = false;
  let trialStart = -1;
  const line = (text: string, start: number) => {
    const root = ROOT_KEY.exec(text);
    if (root) rootKey = root[1]!;
    if (rootKey !== 'tasks') return;
    if (text === TASK_START) task = { id: null, trials: [] };
    else if (task && !inTrials && TASK_ID.test(text)) task.id = JSON.parse(TASK_ID.exec(text)![1]!) as string;
    else if (task && text === TRIALS_START) inTrials = true;
    else if (inTrials && text === TRIAL_START) trialStart = start;
    else if (inTrials && TRIAL_END.test(text)) task!.trials.push({ offset: trialStart, length: start + 9 - trialStart });
    else if (inTrials && TRIALS_END.test(text)) inTrials = false;
    else if (task && TASK_END.test(text)) {
      if (task.id === null) throw new Error(`${path}: a task without an id at byte ${start}`);
      spans.set(task.id, task.trials);
      task = null;
    }
  };
  const fd = openSync(path, 'r');
  try {
    const stats = fstatSync(fd);
    const chunk = Buffer.allocUnsafe(1 << 16);
    let rest = Buffer.alloc(0);
    let offset = 0;
    for (let n = readSync(fd, chunk); n > 0; n = readSync(fd, chunk)) {
      const buffer = Buffer.concat([rest, chunk.subarray(0, n)]);
      let from = 0;
      for (let nl = buffer.indexOf(10, from); nl !== -1; nl = buffer.indexOf(10, from)) {
        line(buffer.toString('utf8', from, nl), offset);
        offset += nl - from + 1;
        from = nl + 1;
      }
      rest = Buffer.from(buffer.subarray(from));
    }
    if (rest.length) line(rest.toString('utf8'), offset);
    return { spans, stats };
  } finally {
    closeSync(fd);
  }
}

/** A round's trials with their evidence paths under `dir` (relative to the run), in the digests and the trials alike. */
export function evidenceUnder(dir: string, stored: StoredRun): StoredRun {
  const moved = <T extends { evidence: string }>(x: T): T => ({ ...x, evidence: `${dir}/${x.evidence}` });
  return {
    run: { ...stored.run, tasks: stored.run.tasks.map((t) => ({ ...t, trials: t.trials.map(moved) })) },
    trials: (taskId) => mapped(stored.trials(taskId), moved),
  };
}

/** The trials of `stored` with `prefix` taken off their evidence paths (where it begins them). */
export function evidenceOutOf(prefix: string, stored: StoredRun): StoredRun {
  const local = <T extends { evidence: string }>(x: T): T => (x.evidence.startsWith(prefix) ? { ...x, evidence: x.evidence.slice(prefix.length) } : x);
  return {
    run: { ...stored.run, tasks: stored.run.tasks.map((t) => ({ ...t, trials: t.trials.map(local) })) },
    trials: (taskId) => mapped(stored.trials(taskId), local),
  };
}

/**
 * A confirmation round (its trials numbered after the run's) added to a run: the digests joined as
 * results/merge.ts joins rounds, each task's trials the run's then the round's, read as they are asked for.
 */
export function appendStored(first: StoredRun, round: StoredRun): StoredRun {
  const run = appendRound(first.run, round.run);
  const integrity = run.run.integrity_error;
  return {
    run,
    trials: function* (taskId) {
      let last = 0;
      for (const part of [first, round])
        for (const trial of part.trials(taskId)) {
          if (trial.trial <= last)
            throw new Error(`task ${taskId}: trial ${trial.trial} comes after trial ${last}: a round's trials are numbered after the run's`);
          last = trial.trial;
          yield integrity ? untrusted(trial, integrity) : trial;
        }
    },
  };
}

/**
 * `dir`/results.json of `stored`, validated and written piece by piece, each trial streamed from where the
 * run holds it; written beside and then renamed over the file, since the trials may be read from the file it
 * replaces. The run as read back from what was written.
 */
export async function writeStored(dir: string, stored: StoredRun, scrubber: Scrubber): Promise<StoredRun> {
  const valid = Results.parse({ ...stored.run, tasks: stored.run.tasks.map((t) => ({ ...t, trials: [] })) });
  const whole = { ...valid, tasks: valid.tasks.map((t) => ({ ...t, trials: lazy(mapped(stored.trials(t.id), (x) => TrialResult.parse(x))) })) };
  const partial = `results.json.${process.pid}.partial`;
  try {
    await writePiecesInside(dir, partial, withNewline(jsonPieces(whole)), scrubber);
    renameSync(join(dir, partial), join(dir, 'results.json'));
  } finally {
    rmSync(join(dir, partial), { force: true });
  }
  return storedAt(join(dir, 'results.json'), stored.run);
}

function* mapped<T, U>(items: Iterable<T>, f: (item: T) => U): Generator<U> {
  for (const item of items) yield f(item);
}

function* withNewline(pieces: Iterable<string>): Generator<string> {
  yield* pieces;
  yield '\n';
}
