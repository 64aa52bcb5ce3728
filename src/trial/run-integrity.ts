// The run's own integrity, watched while it runs: the project's fixtures and watched files must not
// change under it, and each task's acceptance copy must stay as it began. The first breach of a copy is
// kept here, in one place every step asks: no trial starts after it, and no trial of the run is trusted.
import { join, relative } from 'node:path';
import { AcceptanceCopyChanged } from '../acceptance/accept.ts';
import { hashProtected, type Fixture } from '../fixture/load.ts';
import { untrusted } from '../results/trust.ts';
import type { Results, TrialDigest } from '../schemas/results.ts';
import { hashFiles, matchFiles } from '../util/files.ts';
import { firstChanges, manifestChanges, sha256, sha256Manifest } from '../util/hash.ts';
import { projectChanges } from './integrity.ts';
import type { ResolvedTask, TrialSet } from './trialset.ts';

/** A task's name as the run shows it: a holdout task's pseudonym. */
export type ShownName = (task: ResolvedTask) => string;

export class RunIntegrity {
  private breach: string | undefined;
  /**
   * Per task, a verification of its acceptance copy asked for and not yet begun. Those asked before it begins
   * share it (a trial's variants ask at the same moment, each before its service): it reads the copy after
   * every one of them asked, as their own would, so each is as sure; one asked once it has begun gets the next.
   */
  private readonly nextVerification = new Map<string, Promise<void>>();
  /** Times an acceptance copy was hashed to verify it. */
  copiesHashed = 0;

  private constructor(
    private readonly set: TrialSet,
    private readonly tasks: readonly ResolvedTask[],
    private readonly shown: ShownName,
    private readonly atStart: Readonly<Record<string, string>>,
  ) {}

  /** Hashes the project files the run depends on, before any agent runs; `shown` names a task as the run shows it. */
  static async start(set: TrialSet, tasks: readonly ResolvedTask[], shown: ShownName): Promise<RunIntegrity> {
    return new RunIntegrity(set, tasks, shown, await hashProject(set, tasks, shown));
  }

  /** Why no trial of the run can be trusted, once a breach was found. */
  get error(): string | undefined {
    return this.breach;
  }

  /** The task's acceptance copy still hashes as its fixture did; a breach is kept and thrown as AcceptanceCopyChanged. */
  verifyAcceptanceCopy(task: ResolvedTask, copy: Fixture): Promise<void> {
    let next = this.nextVerification.get(task.spec.id);
    if (!next) {
      next = new Promise<void>((begin) => setImmediate(begin)).then(() => {
        this.nextVerification.delete(task.spec.id);
        return this.verifyNow(task, copy);
      });
      this.nextVerification.set(task.spec.id, next);
    }
    return next;
  }

  private async verifyNow(task: ResolvedTask, copy: Fixture): Promise<void> {
    this.copiesHashed++;
    const files = await hashProtected(copy.dir, copy.manifest);
    if (sha256Manifest(files) === task.fixture.sha256) return;
    const held = this.shown(task) !== task.spec.id;
    const named = (manifest: Readonly<Record<string, string>>) =>
      held ? Object.fromEntries(Object.entries(manifest).map(([file, hash]) => [`file ${sha256(file).slice(0, 12)}`, hash])) : manifest;
    const what = manifestChanges(named(task.fixture.protectedFiles), named(files));
    this.breach ??= `the acceptance copy of task ${this.shown(task)} changed during the run (${firstChanges(what).join(', ') || "its hash is no longer the fixture's"}): no trial of this run can be trusted`;
    throw new AcceptanceCopyChanged(this.breach);
  }

  /** Changes to the project's fixtures and watched files since the run started, one line each. */
  async projectChanges(): Promise<string[]> {
    return projectChanges(this.atStart, await hashProject(this.set, this.tasks, this.shown));
  }

  /** A trial as the run's integrity leaves it: untouched, or untrusted after a breach. */
  trust<T extends TrialDigest>(trial: T): T {
    return this.breach ? untrusted(trial, this.breach) : trial;
  }
}

/**
 * The watched prompt/skill files of the trial set, its own and every task's whatever runs here: their
 * hashes are the version under test (a confirmation round of some tasks is of the same version).
 */
export async function hashWatched(set: TrialSet): Promise<Results['watched']> {
  return hashGlobs(set.dir, [...set.config.watch, ...set.tasks.flatMap((t) => t.spec.watch)]);
}

/** The files `globs` match in `dir`, by hash, and the hash of them all. */
export async function hashGlobs(dir: string, globs: readonly string[]): Promise<Results['watched']> {
  const hashes = await hashFiles(dir, await matchFiles(dir, [...new Set(globs)]));
  return { sha256: sha256Manifest(hashes), files: hashes };
}

/**
 * The project files the run depends on: every watched file and every task's protected fixture files; a
 * holdout task's named by its pseudonym and a hash of the file's path, since a change is reported in a trial.
 */
async function hashProject(set: TrialSet, tasks: readonly ResolvedTask[], shown: ShownName): Promise<Record<string, string>> {
  const out: Record<string, string> = { ...(await hashWatched(set)).files };
  for (const task of tasks) {
    const held = shown(task) !== task.spec.id;
    for (const [file, hash] of Object.entries(await hashProtected(task.fixture.dir, task.fixture.manifest)))
      out[held ? `${shown(task)} fixture file ${sha256(file).slice(0, 12)}` : relative(set.dir, join(task.fixture.dir, file))] = hash;
  }
  return out;
}
