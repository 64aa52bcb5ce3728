// The semantic layer: a check layer the trial runner applies after any kind's acceptance, for tasks that
// declare `judge:` items. It is not a task kind: a judge item is a question about whatever a kind's
// candidate is (a playbook, acceptor code, a tool trajectory's output), so a task keeps its own kind and
// adds items, no kind knows of the judge, and the runner calls the layer the same way for every task.
import { join } from 'node:path';
import type { Sandbox } from '../isolation/sandbox.ts';
import type { TaskKind, TrialHandle } from '../kinds/contract.ts';
import type { JudgeConfig, JudgeRecord, JudgeTranscript } from '../schemas/judge.ts';
import type { TaskResult } from '../schemas/results.ts';
import { readRegularFile } from '../util/files.ts';
import type { Scrubber } from '../util/scrub.ts';
import { defineJudgedTasks, judgedTaskFields, type DefinedTask, type JudgedTaskSpec } from './define.ts';
import { openJudge, type OpenJudge } from './open.ts';
import { askRubric } from './rubric.ts';
import { evidenceAuthor, stableEvidence, type ShownFile } from './prompt.ts';

/** Larger evidence files are named to the judge but not shown. */
const EVIDENCE_BYTES = 4 * 1024 * 1024;

export class SemanticLayer {
  private constructor(
    private readonly judge: JudgeConfig,
    private readonly opened: OpenJudge,
    private readonly tasks: Map<string, DefinedTask>,
  ) {}

  /** undefined when no task of the run declares judge items. */
  static async open(
    judge: JudgeConfig | undefined,
    projectDir: string,
    tasks: readonly JudgedTaskSpec[],
    /** `sandbox`: the run's, where its judge.command runs out of every agent's reach. */
    options: { cacheDir: string; scrubber: Scrubber; sandbox: Sandbox },
  ): Promise<SemanticLayer | undefined> {
    if (!judge || !tasks.some((t) => t.judge)) return undefined;
    const defined = await defineJudgedTasks(judge, projectDir, tasks);
    return new SemanticLayer(judge, await openJudge(judge, projectDir, options), defined);
  }

  get client() {
    return this.opened.client;
  }

  /** Why the judge cannot be asked at all this run (key unset, endpoint did not start), if so. */
  get unavailable(): string | undefined {
    return this.opened.unavailable;
  }

  /**
   * Every item of the trial's task, judged on the candidate as delivered (after the runner's clean-up) and
   * the evidence the runner recorded; a transcript of each goes to evidence/judge/<item>.json.
   */
  async judgeTrial(trial: TrialHandle): Promise<JudgeRecord[] | undefined> {
    const task = this.tasks.get(trial.task.id);
    if (!task) return undefined;
    const snapshot = await trial.readCandidate();
    const max = this.judge.max_file_chars;
    return Promise.all(
      task.items.map(async ({ item }) => {
        const candidate = item.candidate.map((path) => ({ path, text: snapshot.files.get(path)?.toString('utf8') ?? null }));
        const evidence = await readEvidence(join(trial.trialDir, 'evidence'), item.evidence, task.kind);
        const { record, exchange } = await askRubric(this.opened.client, { goal: task.goal, item, candidate, evidence, maxFileChars: max });
        const transcript = `judge/${item.id}.json`;
        await trial.writeEvidence(
          transcript,
          JSON.stringify({ item: item.id, model: this.judge.model, ...record, messages: [], ...exchange } satisfies JudgeTranscript, null, 2) + '\n',
        );
        return { ...record, transcript: `evidence/${transcript}` };
      }),
    );
  }

  /** What the task's results record of the judge; empty for a task without items. */
  taskFields(taskId: string): Pick<TaskResult, 'judge' | 'ungated' | 'check_versions'> {
    const task = this.tasks.get(taskId);
    return task ? judgedTaskFields(task, this.judge) : {};
  }

  close(): Promise<void> {
    return this.opened.close();
  }
}

/** Evidence files as the judge is shown them: without timings (stableEvidence), each saying who wrote it. */
export async function readEvidence(dir: string, paths: readonly string[], kind?: Pick<TaskKind, 'evidenceAuthor'>): Promise<ShownFile[]> {
  return (await readShown(dir, paths)).map((f) => ({
    ...f,
    ...(f.text === null ? {} : { text: stableEvidence(f.text) }),
    author: evidenceAuthor(f.path, kind),
  }));
}

/** Files below `dir` as the judge is shown them: never through a link; an absent one is said to be absent. */
export async function readShown(dir: string, paths: readonly string[]): Promise<ShownFile[]> {
  return Promise.all(
    paths.map(async (path) => {
      const bytes = await readRegularFile(join(dir, path), EVIDENCE_BYTES).catch(() => undefined);
      if (bytes === undefined) return { path, text: null };
      return { path, text: bytes === null ? `[${path} is larger than ${EVIDENCE_BYTES} bytes and is not shown]` : bytes.toString('utf8') };
    }),
  );
}
