// The model judge in the PR comment: each item's answers, whether it gates and, when it does not, why;
// and on a pull request, the judge's blind base-vs-head preferences with the position bias the swap
// exposed. A model's answer is shown as a model's answer, never as a fact.
import type { CheckComparison, Comparison, TaskComparison } from '../schemas/comparison.ts';
import type { PairwiseItem } from '../schemas/judge.ts';
import type { Results, TrialDigest } from '../schemas/results.ts';
import type { Cuttable } from './fit.ts';
import { bounded, change, md, plural, safeLine, tableLines, thousands, usd } from './format.ts';
import { checkState } from './view.ts';

const MAX_QUESTION = 140;
const MAX_REASON = 300;

type Judged = TaskComparison & { judge: NonNullable<TaskComparison['judge']> };
type Item = Judged['judge']['items'][number];

/** One row per judge item of the shown tasks; empty when no task has a judge. */
export function judgeSection(c: Comparison, compared: boolean): Cuttable {
  const judged = c.tasks.filter((t): t is Judged => t.judge !== undefined);
  const priced = judged.some((t) => t.judge.summary?.cost_usd !== undefined);
  const header = ['task', 'item', ...(compared ? ['yes, base → head', 'status'] : []), 'head answers', 'gate', 'tokens', ...(priced ? ['cost'] : [])];
  const rows = judged.flatMap((t) =>
    t.judge.items.map((item) => row(t, item, compared ? t.checks.find((ch) => ch.check === `judge:${item.id}`) : undefined, compared, priced)),
  );
  const models = [...new Set(judged.map((t) => t.judge.model))];
  const sum = (pick: (s: NonNullable<Judged['judge']['summary']>) => number) => judged.reduce((n, t) => n + (t.judge.summary ? pick(t.judge.summary) : 0), 0);
  return {
    what: 'judge item rows',
    count: rows.length,
    item: (i) => rows[i]!,
    head:
      `#### Model judge (${models.map(md).join(', ')}): a model's answers, not facts\n\n` +
      'Each item is one yes/no question about the candidate, asked with the goal and the harness evidence. An item gates only when its agreement with human labels meets the threshold (trialgate calibrate); an undetermined answer (malformed, refused, insufficient evidence) is never a pass; an item the judge could not be asked about is left out, as an environment error.\n\n' +
      `${tableLines(header, []).head.join('\n')}\n`,
    tail: `\n\nJudge: ${plural(
      sum((s) => s.calls),
      'call',
    )} to the endpoint, ${plural(
      sum((s) => s.cached),
      'answer',
    )} from the run's cache, ${thousands(sum((s) => s.tokens))} tokens${priced ? `, ${usd(sum((s) => s.cost_usd ?? 0))}` : ''}.`,
    separator: '\n',
  };

  function row(t: Judged, item: Item, check: CheckComparison | undefined, comparing: boolean, withCost: boolean): string {
    const s = t.judge.summary?.items[item.id];
    const answers = s
      ? [`yes ${s.yes}`, `no ${s.no}`, ...(s.undetermined ? [`undetermined ${s.undetermined}`] : []), ...(s.errors ? [`not asked ${s.errors}`] : [])].join(
          ' · ',
        )
      : '–';
    // Compared, the check's own reason (it may add one: a base judged with another model or prompt).
    const ungated = check ? check.ungated : t.judge.ungated[item.id];
    const gate = ungated ? `not gated, because ${safeLine(ungated, MAX_REASON)}` : `gates: ${safeLine(item.calibration, MAX_REASON)}`;
    // As every output shows it: an undecided task's checks decided nothing (an outage is never "suspect").
    const status = check ? `${checkState(t, check)}${check.gated ? '' : ' (not gated)'}` : 'not compared';
    const figures = comparing ? [check ? change(check.base, check.head) : '–', status] : [];
    const cells = [
      md(t.id),
      `${md(item.id)}: ${md(bounded(item.question, MAX_QUESTION))}`,
      ...figures,
      answers,
      gate,
      s ? thousands(s.tokens) : '',
      ...(withCost ? [usd(s?.cost_usd)] : []),
    ];
    return tableLines(header, [cells]).rows[0]!;
  }
}

/** The base-vs-head preferences per item, and the position bias per model; '' without any. */
export function pairwiseSection(c: Comparison): string {
  const p = c.pairwise;
  if (!p || (p.items.length === 0 && p.notes.length === 0)) return '';
  // Holdout tasks never reach the comparison's task list, so their pairs are never shown.
  const shown = new Set(c.tasks.map((t) => t.id));
  const items = p.items.filter((i) => shown.has(i.task));
  const { head, rows } = tableLines(
    ['task', 'item', 'pairs', 'head preferred', 'base preferred', 'tie', 'inconsistent (position bias)', 'undetermined', 'not asked'],
    items.map((i) => [
      md(i.task),
      md(i.item),
      String(i.pairs),
      String(i.head),
      String(i.base),
      String(i.tie),
      inconsistency(i),
      String(i.undetermined),
      String(i.errors + i.identical),
    ]),
  );
  const bias = p.models.map((m) => {
    if (m.answered === 0) return `${md(m.model)}: no pair was answered in both orders.`;
    const which = [
      m.first_position ? `the first position both times in ${m.first_position}` : '',
      m.second_position ? `the second position both times in ${m.second_position}` : '',
    ]
      .filter(Boolean)
      .join(', ');
    const warning = m.inconsistent > 0 ? ' ⚠️ position bias: those pairs count for neither side' : '';
    return `${md(m.model)}: ${m.inconsistent} of ${plural(m.answered, 'pair')} answered in both orders ${m.answered === 1 ? 'was' : 'were'} inconsistent${which ? ` (it chose ${which})` : ''}${warning}.`;
  });
  return [
    '#### Model judge: base against head (blind, both orders)',
    'Each pair is one base and one head candidate, shown as A and B, then asked again with the order swapped; only a preference that survives the swap counts. Identical pairs are not asked. Shown, never gated.',
    ...(items.length ? [[...head, ...rows].join('\n')] : []),
    ...(bias.length ? [`Position bias per model: ${bias.join(' ')}`] : []),
    ...p.notes.map((n) => `- ${safeLine(n, MAX_REASON)}`),
  ].join('\n\n');
}

function inconsistency(i: PairwiseItem): string {
  if (i.inconsistent === 0) return '0';
  const parts = [i.first_position ? `${i.first_position} first position` : '', i.second_position ? `${i.second_position} second position` : ''].filter(Boolean);
  return `${i.inconsistent}${parts.length ? ` (${parts.join(', ')})` : ''}`;
}

type JudgedTask = Pick<Results['tasks'][number], 'id' | 'judge' | 'summary' | 'ungated'> & { trials: readonly Pick<TrialDigest, 'judge'>[] };

/** For the terminal after a run: each judged task's answers per item, what is not gated, and why an item went unasked (a run's digest will do). */
export function judgeRunLines(results: { tasks: readonly JudgedTask[] }): string[] {
  const judged = results.tasks.filter((t) => t.judge);
  if (judged.length === 0) return [];
  const lines: string[] = [];
  for (const task of judged) {
    const summary = task.summary.judge;
    lines.push(
      `model judge (${task.judge!.model}) on ${task.id}: ${summary ? `${plural(summary.calls, 'call')}, ${plural(summary.cached, 'answer')} from the cache, ${thousands(summary.tokens)} tokens` : 'no trial was judged'}`,
    );
    for (const item of task.judge!.items) {
      const s = summary?.items[item.id];
      const answers = s
        ? `yes ${s.yes}/${s.yes + s.no + s.undetermined}${s.undetermined ? ` (${s.undetermined} undetermined)` : ''}${s.errors ? `, ${s.errors} not asked` : ''}`
        : 'not judged';
      const why = task.ungated?.[`judge:${item.id}`];
      lines.push(`  ${item.id}: ${answers}; ${why ? `not gated, because ${why}` : `gated (${item.calibration})`}`);
    }
    const unasked = task.trials.flatMap((t) => (t.judge ?? []).flatMap((r) => (r.verdict === 'error' && r.reason !== undefined ? [r.reason] : [])));
    if (unasked.length) lines.push(`  not asked (environment, excluded): ${[...new Set(unasked)].slice(0, 3).join('; ')}`);
  }
  return lines;
}
