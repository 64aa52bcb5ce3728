// Pairwise base against head, on a pull request: for each item marked `pairwise`, a base candidate and a
// head candidate of the same task are shown to the judge as A and B, then again swapped. Only a
// preference that survives the swap counts; choosing the same position both times is position bias,
// reported per item and per model. The judge never learns which side is which: which order is asked
// first is drawn per pair from the run's seed (reproducible, and recorded), so an endpoint that sees the
// calls in order cannot know the side from the order either. Shown, never gated.
import { join, resolve, sep } from 'node:path';
import type { JudgeConfig, PairTranscript, Pairwise, PairwiseItem } from '../schemas/judge.ts';
import type { TaskKind } from '../kinds/contract.ts';
import { sha256 } from '../util/hash.ts';
import { writeInside } from '../util/safe-write.ts';
import type { Scrubber } from '../util/scrub.ts';
import { combineOrders, pairwisePosition, type PairOutcome, type Position } from './answer.ts';
import type { JudgeClient } from './client.ts';
import { defineJudgedTasks, type JudgedTaskSpec } from './define.ts';
import { readEvidence, readShown } from './layer.ts';
import { openJudge } from './open.ts';
import { PAIRWISE_FORMAT, pairwiseMessages, type ShownFile } from './prompt.ts';

/** The part of a results file pairwise needs: which trials executed and where their directories are. */
export interface PairwiseRun {
  /** The run directory (for a base, where its artefact was unpacked). */
  dir: string;
  results: {
    /** The head's seed draws the order of each pair's two asks. */
    run: { seed: number };
    tasks: { id: string; set: 'dev' | 'holdout'; fixture_sha256: string; not_rerun?: string; trials: { trial: number; outcome: string; evidence: string }[] }[];
  };
}

/** Which side a pair's first ask shows as A: from the seed, the task, the item and the pair, so reruns ask alike. Pure. */
export function firstShown(seed: number, task: string, item: string, pair: number): 'base' | 'head' {
  return Number.parseInt(sha256(`pairwise/${seed}/${task}/${item}/${pair}`).slice(0, 2), 16) % 2 === 0 ? 'base' : 'head';
}

export interface PairwiseOptions {
  judge: JudgeConfig;
  projectDir: string;
  tasks: readonly JudgedTaskSpec[];
  head: PairwiseRun;
  /** Newest first; the newest base run is paired with the head. */
  bases: readonly PairwiseRun[];
  cacheDir: string;
  scrubber: Scrubber;
}

/** undefined when no item asks for pairwise judgement or there is no base to pair with. */
export async function judgePairwise(options: PairwiseOptions): Promise<Pairwise | undefined> {
  const wanted = options.tasks.filter((t) => t.judge?.items.some((i) => i.pairwise));
  const base = options.bases[0];
  if (wanted.length === 0 || !base) return undefined;
  const defined = await defineJudgedTasks(options.judge, options.projectDir, wanted);
  const opened = await openJudge(options.judge, options.projectDir, { cacheDir: options.cacheDir, scrubber: options.scrubber });
  const items: PairwiseItem[] = [];
  const notes: string[] = [];
  try {
    if (opened.unavailable)
      return {
        items: [],
        models: [{ model: options.judge.model, answered: 0, inconsistent: 0, first_position: 0, second_position: 0 }],
        notes: [`No pairwise judgement: ${opened.unavailable}.`],
      };
    for (const spec of wanted) {
      const headTask = options.head.results.tasks.find((t) => t.id === spec.id);
      const baseTask = base.results.tasks.find((t) => t.id === spec.id);
      // Holdout tasks are never shown, so they are never judged pairwise either; a task the head did not rerun has no candidate to pair.
      if (!headTask || headTask.not_rerun !== undefined || headTask.set === 'holdout' || baseTask?.set === 'holdout') continue;
      if (!baseTask) {
        notes.push(`${spec.id}: the base run has no such task; nothing to pair.`);
        continue;
      }
      if (baseTask.fixture_sha256 !== headTask.fixture_sha256) {
        notes.push(`${spec.id}: the task's fixture changed between base and head; its candidates answer different tasks and are not paired.`);
        continue;
      }
      const executed = (trials: PairwiseRun['results']['tasks'][number]['trials']) =>
        trials.filter((t) => t.outcome === 'pass' || t.outcome === 'fail').sort((a, b) => a.trial - b.trial);
      const [baseTrials, headTrials] = [executed(baseTask.trials), executed(headTask.trials)];
      const n = Math.min(baseTrials.length, headTrials.length, options.judge.pairs);
      const task = defined.get(spec.id)!;
      for (const { item } of task.items.filter((d) => d.item.pairwise)) {
        const tally: PairwiseItem = {
          task: spec.id,
          item: item.id,
          model: options.judge.model,
          pairs: n,
          head: 0,
          base: 0,
          tie: 0,
          inconsistent: 0,
          first_position: 0,
          second_position: 0,
          undetermined: 0,
          errors: 0,
          identical: 0,
          tokens: 0,
          base_first: 0,
        };
        for (let i = 0; i < n; i++) {
          const sides = {
            base: await side(base.dir, baseTrials[i]!.evidence, item, task.kind),
            head: await side(options.head.dir, headTrials[i]!.evidence, item, task.kind),
          };
          const first = firstShown(options.head.results.run.seed, spec.id, item.id, i + 1);
          if (first === 'base') tally.base_first! += 1;
          const pair = await judgePair(
            opened.client,
            { goal: task.goal, question: item.question, maxFileChars: options.judge.max_file_chars, ...sides },
            first,
          );
          count(tally, pair.outcome);
          tally.tokens += pair.tokens;
          if (pair.cost !== undefined) tally.cost_usd = (tally.cost_usd ?? 0) + pair.cost;
          if (pair.outcome !== 'identical')
            await writeInside(
              options.head.dir,
              `pairwise/${spec.id}/${item.id}/pair-${i + 1}.json`,
              JSON.stringify(
                { base_trial: baseTrials[i]!.trial, head_trial: headTrials[i]!.trial, outcome: pair.outcome, ...pair.transcript } satisfies PairTranscript,
                null,
                2,
              ) + '\n',
              options.scrubber,
            );
        }
        items.push(tally);
        if (tally.errors > 0)
          notes.push(
            `${spec.id} · ${item.id}: ${tally.errors} pair${tally.errors === 1 ? '' : 's'} not judged: the judge could not be asked (an environment error).`,
          );
      }
    }
  } finally {
    await opened.close();
  }
  const answered = (i: PairwiseItem) => i.head + i.base + i.tie + i.inconsistent;
  return {
    items,
    models: [
      {
        model: options.judge.model,
        answered: items.reduce((s, i) => s + answered(i), 0),
        inconsistent: items.reduce((s, i) => s + i.inconsistent, 0),
        first_position: items.reduce((s, i) => s + i.first_position, 0),
        second_position: items.reduce((s, i) => s + i.second_position, 0),
      },
    ],
    notes,
  };
}

interface Side {
  candidate: ShownFile[];
  evidence: ShownFile[];
}

/** A trial's candidate and evidence files for one item; a trial directory outside the run is not read. */
async function side(
  runDir: string,
  trialEvidence: string,
  item: { candidate: string[]; evidence: string[] },
  kind: Pick<TaskKind, 'evidenceAuthor'> | undefined,
): Promise<Side> {
  const root = resolve(runDir);
  const trialDir = resolve(root, trialEvidence);
  if (!trialDir.startsWith(root + sep))
    return { candidate: item.candidate.map((path) => ({ path, text: null })), evidence: item.evidence.map((path) => ({ path, text: null })) };
  return {
    candidate: await readShown(join(trialDir, 'candidate'), item.candidate),
    evidence: await readEvidence(join(trialDir, 'evidence'), item.evidence, kind),
  };
}

/** A pair asked in both orders, with the two asks in the order they were made; or identical, not asked. */
export type PairJudgement =
  | { outcome: 'identical'; tokens: 0; cost?: undefined; transcript?: undefined }
  | { outcome: PairOutcome; tokens: number; cost?: number; transcript: Pick<PairTranscript, 'orders'> };

/**
 * One pair, asked in both orders, the one showing `first` as A first; identical candidates are not asked
 * (there is nothing to prefer).
 */
export async function judgePair(
  client: JudgeClient,
  pair: { goal: string; question: string; maxFileChars: number; base: Side; head: Side },
  first: 'base' | 'head',
): Promise<PairJudgement> {
  if (JSON.stringify(pair.base) === JSON.stringify(pair.head)) return { outcome: 'identical', tokens: 0 };
  let tokens = 0;
  let cost: number | undefined;
  const ask = async (a: Side, b: Side): Promise<{ position: Position; reason: string }> => {
    const asked = await client.ask(pairwiseMessages({ goal: pair.goal, question: pair.question, a, b, maxFileChars: pair.maxFileChars }), PAIRWISE_FORMAT);
    if (!asked.ok) return { position: 'error', reason: asked.message };
    if (!asked.cached) tokens += (asked.inputTokens ?? 0) + (asked.outputTokens ?? 0);
    if (asked.costUsd !== undefined && !asked.cached) cost = (cost ?? 0) + asked.costUsd;
    return pairwisePosition(asked.reply);
  };
  const asked: { shown: 'base as A' | 'head as A'; position: Position; reason: string }[] = [];
  for (const side of first === 'base' ? (['base', 'head'] as const) : (['head', 'base'] as const)) {
    const answer = side === 'base' ? await ask(pair.base, pair.head) : await ask(pair.head, pair.base);
    asked.push({ shown: `${side} as A`, ...answer });
  }
  const baseFirst = asked.find((o) => o.shown === 'base as A')!;
  const headFirst = asked.find((o) => o.shown === 'head as A')!;
  return {
    outcome: combineOrders(baseFirst.position, headFirst.position),
    tokens,
    ...(cost === undefined ? {} : { cost }),
    transcript: { orders: asked },
  };
}

function count(tally: PairwiseItem, outcome: PairOutcome | 'identical'): void {
  switch (outcome) {
    case 'head':
    case 'base':
    case 'tie':
    case 'undetermined':
    case 'identical':
      tally[outcome] += 1;
      return;
    case 'error':
      tally.errors += 1;
      return;
    case 'first_position':
    case 'second_position':
      tally[outcome] += 1;
      tally.inconsistent += 1;
      return;
    case 'inconsistent':
      tally.inconsistent += 1;
      return;
  }
}
