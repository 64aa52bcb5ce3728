// A run's holdout tasks (docs/holdout.md): those of trialgate.yml marked `set: holdout` and those fetched
// from the trial set's holdout source. Their trials run in a private directory outside the run directory,
// concealed from every agent; what the run shows of them (results.json, the reports, the progress lines) is
// withheld (holdout/withhold.ts) and named by keyed pseudonym; their detail goes sealed to the trial set's
// recipients (holdout/seal.ts). run-set.ts asks this at each step that names a task or a directory.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HoldoutKey } from '../holdout/key.ts';
import { SEALED_FILE, sealDirectory } from '../holdout/seal.ts';
import { withheldTask, withheldTrial } from '../holdout/withhold.ts';
import { writeLoggedResults } from '../results/write.ts';
import { HOLDOUT_KEY_ENV, type HoldoutRecord } from '../schemas/holdout.ts';
import type { RunDigest, TrialResult } from '../schemas/results.ts';
import type { Scrubber } from '../util/scrub.ts';
import { fetchHoldoutTasks, type RemoteHoldout, type SourceTasks } from './holdout-source.ts';
import type { ProgressEvent } from './progress.ts';
import type { ResolvedTask, TrialSet } from './trialset.ts';

export type { RemoteHoldout };

export function isHoldout(task: ResolvedTask): boolean {
  return task.spec.set === 'holdout';
}

export class HoldoutRun {
  private constructor(
    readonly key: HoldoutKey,
    private readonly source: SourceTasks,
    private readonly recipients: readonly string[],
    private readonly configured: boolean,
    /** Where holdout trials run and their detail is gathered; null when the run has no holdout. */
    readonly dir: string | null,
  ) {}

  /**
   * The key, the source's tasks fetched and loaded (or why not), and the private directory. The source is not
   * fetched for a run of named tasks that are all trialgate.yml's (a confirmation round of dev tasks).
   */
  static async start(set: TrialSet, remote: RemoteHoldout = {}, ids?: readonly string[]): Promise<HoldoutRun> {
    const config = set.config.holdout;
    const any = config !== undefined || set.tasks.some(isHoldout);
    // A run without holdout makes a key it never uses: the variable is not read, so a short value is no error there.
    const key = HoldoutKey.fromEnvironment(config?.key_env ?? HOLDOUT_KEY_ENV, any ? process.env : {}, set.file);
    const own = (id: string) => set.tasks.some((t) => t.spec.id === id || (isHoldout(t) && key.task(t.spec.id) === id));
    const source: SourceTasks =
      config?.source && !(ids?.length && ids.every(own))
        ? await fetchHoldoutTasks(set, config.source, remote)
        : { tasks: [], conceal: [], cleanup: async () => {}, secrets: [] };
    const dir = any ? await mkdtemp(join(tmpdir(), 'trialgate-holdout-')) : null;
    return new HoldoutRun(key, source, config?.recipients ?? [], config !== undefined, dir);
  }

  /** The holdout source's tasks, run after trialgate.yml's. */
  get fetched(): readonly ResolvedTask[] {
    return this.source.tasks;
  }

  /** Values scrubbed from everything the run writes: the key and the source's token. */
  get secrets(): readonly string[] {
    return [...this.key.scrubbed, ...this.source.secrets];
  }

  /** Directories no agent is shown: holdout trials and the fetched source. */
  get conceal(): readonly string[] {
    return [...(this.dir ? [this.dir] : []), ...this.source.conceal];
  }

  /** A task's name wherever the run shows it. */
  name(task: ResolvedTask): string {
    return isHoldout(task) ? this.key.task(task.spec.id) : task.spec.id;
  }

  /** Where a task's trial directories go: the run directory, or the private one for a holdout task. */
  rootOf(task: ResolvedTask, runDir: string): string {
    return isHoldout(task) && this.dir ? this.dir : runDir;
  }

  /** The task `id` names: a holdout task by its pseudonym (what the run shows, so what a confirmation round asks for) or its id. */
  find(tasks: readonly ResolvedTask[], id: string): ResolvedTask | undefined {
    return tasks.find((t) => t.spec.id === id || this.name(t) === id);
  }

  /** A progress event as shown: a holdout task's by pseudonym, its trial withheld. */
  progress(event: ProgressEvent, task: ResolvedTask): ProgressEvent {
    if (!isHoldout(task)) return event;
    return { ...event, task: this.name(task), holdout: true, result: withheldTrial(event.result, task.spec.id, this.key) };
  }

  /**
   * The run as shown: holdout tasks withheld, by pseudonym. Before that their detail (their whole results
   * under their own ids, their trial directories, why the source could not be used) is sealed into the run
   * directory, when the trial set names recipients; without any, it is discarded with the private directory.
   */
  async withhold(
    run: RunDigest,
    trials: (taskId: string) => Iterable<TrialResult>,
    runDir: string,
    scrubber: Scrubber,
  ): Promise<{ run: RunDigest; trials: (taskId: string) => Iterable<TrialResult> }> {
    const held = new Set(run.tasks.filter((t) => t.set === 'holdout').map((t) => t.id));
    const sealed = this.dir !== null && this.recipients.length > 0 && (held.size > 0 || this.source.detail !== undefined);
    const record: HoldoutRecord | undefined =
      this.configured || held.size > 0
        ? { ...this.key.record(), ...(this.source.unavailable ? { unavailable: this.source.unavailable } : {}), ...(sealed ? { sealed: SEALED_FILE } : {}) }
        : undefined;
    if (sealed) {
      if (this.source.detail) await writeFile(join(this.dir!, 'unavailable.txt'), scrubber.text(`${this.source.detail}\n`));
      const detail: RunDigest = { ...run, ...(record ? { holdout: record } : {}), tasks: run.tasks.filter((t) => held.has(t.id)) };
      await writeLoggedResults(this.dir!, detail, trials, scrubber);
      await sealDirectory(this.dir!, this.recipients, join(runDir, SEALED_FILE));
    }
    const realId = new Map([...held].map((id) => [this.key.task(id), id]));
    const key = this.key;
    const shownTrials = function* (taskId: string): Generator<TrialResult> {
      const id = realId.get(taskId);
      if (id === undefined) return yield* trials(taskId);
      for (const trial of trials(id)) yield withheldTrial(trial, id, key);
    };
    const shown: RunDigest = { ...run, ...(record ? { holdout: record } : {}), tasks: run.tasks.map((t) => (held.has(t.id) ? withheldTask(t, key) : t)) };
    return { run: shown, trials: shownTrials };
  }

  async dispose(): Promise<void> {
    if (this.dir) await rm(this.dir, { recursive: true, force: true });
    await this.source.cleanup();
  }
}
