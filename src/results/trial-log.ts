// The trials of a run, kept on disk as they finish instead of in memory: an append-only log of JSON lines,
// one verdict each, in a private temporary directory. Memory keeps a digest per trial (what summaries,
// progress and the run summary read: outcome, checks, wall time, usage, evidence) and where its line is
// with the line's hash; the run's files are written from the log read back once at the end (results/write.ts).
// A line that changed meanwhile (an unisolated agent can reach any file of its user) is refused.
import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { TrialResult, type TrialDigest } from '../schemas/results.ts';
import { failureReasons } from './reasons.ts';
import { sha256 } from '../util/hash.ts';

interface Line {
  offset: number;
  length: number;
  sha256: string;
}

/** The log changed under the run: no result of it can be trusted. */
export class TrialLogChanged extends Error {
  override readonly name = 'TrialLogChanged';
}

export class TrialLog {
  private readonly lines = new Map<string, Map<number, Line>>();
  private size = 0;

  private constructor(
    private readonly fd: number,
    readonly path: string,
  ) {}

  /** A new, empty log in `dir` (a directory only the run uses). */
  static create(dir: string): TrialLog {
    const path = join(dir, 'trials.jsonl');
    return new TrialLog(openSync(path, 'wx+', 0o600), path);
  }

  /** Validate and append `result` of task `taskId`; returns what memory keeps of it. */
  append(taskId: string, result: TrialResult): TrialDigest {
    const valid = TrialResult.parse(result);
    const bytes = Buffer.from(`${JSON.stringify(valid)}\n`);
    let lines = this.lines.get(taskId);
    if (!lines) this.lines.set(taskId, (lines = new Map()));
    if (lines.has(valid.trial)) throw new Error(`task ${taskId}: trial ${valid.trial} logged twice`);
    for (let written = 0; written < bytes.length;) written += writeSync(this.fd, bytes, written, bytes.length - written, this.size + written);
    lines.set(valid.trial, { offset: this.size, length: bytes.length, sha256: sha256(bytes) });
    this.size += bytes.length;
    return trialDigest(valid);
  }

  /** Every logged trial of `taskId`, in trial order, each read back and checked against its hash. */
  *trials(taskId: string): Generator<TrialResult> {
    const lines = [...(this.lines.get(taskId) ?? new Map<number, Line>())].sort(([a], [b]) => a - b);
    for (const [trial, line] of lines) {
      const bytes = Buffer.allocUnsafe(line.length);
      let read = 0;
      while (read < line.length) {
        const n = readSync(this.fd, bytes, read, line.length - read, line.offset + read);
        if (n === 0) break;
        read += n;
      }
      if (read !== line.length || sha256(bytes) !== line.sha256)
        throw new TrialLogChanged(
          `the log of finished trials (${this.path}) changed during the run at task ${taskId}, trial ${trial}: no result of this run can be trusted`,
        );
      yield JSON.parse(bytes.toString('utf8')) as TrialResult;
    }
  }

  close(): void {
    closeSync(this.fd);
  }
}

/** What memory keeps of a trial: all but its layers, judgements and judge reasons, with why it did not pass. */
export function trialDigest(trial: TrialResult): TrialDigest {
  const { layers: _layers, judgements: _judgements, judge, ...kept } = trial;
  const why = failureReasons(trial);
  const digest = why.length ? { ...kept, why } : kept;
  // A judge's reasons are per trial and long; memory keeps only what summaries and reports read.
  return judge
    ? { ...digest, judge: judge.map(({ reason, transcript: _transcript, ...answer }) => (answer.verdict === 'error' ? { ...answer, reason } : answer)) }
    : digest;
}
