// Pairwise base against head, on a pull request: for each item marked `pairwise`, a base candidate and a
// head candidate of the same task are shown to the judge as A and B, then again swapped. Only a
// preference that survives the swap counts; choosing the same position both times is position bias,
// reported per item and per model. The judge never learns which side is which. Shown, never gated.
import { join, resolve, sep } from 'node:path';
import type { JudgeConfig, Pairwise, PairwiseItem } from '../schemas/judge.ts';
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
  results: { tasks: { id: string; set: 'dev' | 'holdout'; fixture_sha256: string; trials: { trial: number; outcome: string; evidence: string }[] }[] };
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
    if (opened.unavailable) return { items: [], models: [{ model: options.judge.model, answered: 0, inconsistent: 0, first_position: 0, second_position: 0 }], notes: [`No pairwise judgement: ${opened.unavailable}.`] };
    for (const spec of wanted) {
      const headTask = options.head.results.tasks.find((t) => t.id === spec.id);
      const baseTask = base.results.tasks.find((t) => t.id === spec.id);
      // Holdout tasks are never shown, so they are never judged pairwise either.
      if (!headTask || headTask.set === 'holdout' || baseTask?.set === 'holdout') continue;
      if (!baseTask) {
        notes.push(`${spec.id}: the base run has no such task; nothing to pair.`);
        continue;
      }
      if (baseTask.fixture_sha256 !== headTask.fixture_sha256) {
        notes.push(`${spec.id}: the task's fixture changed between base and head; its candidates answer different tasks and are not paired.`);
        continue;
      }
      const executed = (trials: PairwiseRun['results']['tasks'][number]['trials']) => trials.filter((t) => t.outcome === 'pass' || t.outcome === 'fail').sort((a, b) => a.trial - b.trial);
      const [baseTrials, headTrials] = [executed(baseTask.trials), executed(headTask.trials)];
      const n = Math.min(baseTrials.length, headTrials.length, options.judge.pairs);
      const task = defined.get(spec.id)!;
      for (const { item } of task.items.filter((d) => d.item.pairwise)) {
        const tally: PairwiseItem = { task: spec.id, item: item.id, model: options.judge.model, pairs: n, head: 0, base: 0, tie: 0, inconsistent: 0, first_position: 0, second_position: 0, undetermined: 0, errors: 0, identical: 0, tokens: 0 };
        for (let i = 0; i < n; i++) {
          const sides = { base: await side(base.dir, baseTrials[i]!.evidence, item), head: await side(options.head.dir, headTrials[i]!.evidence, item) };
          const pair = await judgePair(opened.client, { goal: task.goal, question: item.question, maxFileChars: options.judge.max_file_chars, ...sides });
          count(tally, pair.outcome);
          tally.tokens += pair.tokens;
          if (pair.cost !== undefined) tally.cost_usd = (tally.cost_usd ?? 0) + pair.cost;
          if (pair.transcript) await writeInside(options.head.dir, `pairwise/${spec.id}/${item.id}/pair-${i + 1}.json`, JSON.stringify({ base_trial: baseTrials[i]!.trial, head_trial: headTrials[i]!.trial, outcome: pair.outcome, ...pair.transcript }, null, 2) + '\n', options.scrubber);
        }
        items.push(tally);
        if (tally.errors > 0) notes.push(`${spec.id} · ${item.id}: ${tally.errors} pair${tally.errors === 1 ? '' : 's'} not judged: the judge could not be asked (an environment error).`);
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
async function side(runDir: string, trialEvidence: string, item: { candidate: string[]; evidence: string[] }): Promise<Side> {
  const root = resolve(runDir);
  const trialDir = resolve(root, trialEvidence);
  if (!trialDir.startsWith(root + sep)) return { candidate: item.candidate.map((path) => ({ path, text: null })), evidence: item.evidence.map((path) => ({ path, text: null })) };
  return { candidate: await readShown(join(trialDir, 'candidate'), item.candidate), evidence: await readEvidence(join(trialDir, 'evidence'), item.evidence) };
}

export interface PairJudgement {
  outcome: PairOutcome | 'identical';
  tokens: number;
  cost?: number;
  transcript?: { orders: { shown: 'base as A' | 'head as A'; position: Position; reason: string }[] };
}

/** One pair, asked in both orders; identical candidates are not asked (there is nothing to prefer). */
export async function judgePair(client: JudgeClient, pair: { goal: string; question: string; maxFileChars: number; base: Side; head: Side }): Promise<PairJudgement> {
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
  const baseFirst = await ask(pair.base, pair.head);
  const headFirst = await ask(pair.head, pair.base);
  return {
    outcome: combineOrders(baseFirst.position, headFirst.position),
    tokens,
    ...(cost === undefined ? {} : { cost }),
    transcript: {
      orders: [
        { shown: 'base as A', ...baseFirst },
        { shown: 'head as A', ...headFirst },
      ],
    },
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
