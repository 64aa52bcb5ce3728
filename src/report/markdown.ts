// The markdown of a comparison (the PR comment and job summary) and of a single run (report.md).
// Order: marker, verdict, regressions, improvements, what else changed, per-task results, details,
// denominators, SHAs. Holdout tasks appear only in their aggregate line. Under the length limit the
// details go first, then per-task rows, and the regressions last of all.
import { checkLabel } from '../compare/checks.ts';
import { compareResults } from '../compare/compare.ts';
import type { CheckComparison, CheckStatus, Comparison, Denominators, TaskComparison, TaskFigures } from '../schemas/comparison.ts';
import type { Results } from '../schemas/results.ts';
import { passRateChart } from './chart.ts';
import { fitDocument, NOTICE, type Cut, type Cuttable, type Piece } from './fit.ts';
import { change, fraction, inline, plural, ratio, seconds, table, tableLines, thousands, tokens, usd } from './format.ts';

/** GitHub's comment limit is 65,536 characters; the margin leaves room for what a caller wraps around it. */
export const DEFAULT_MAX_CHARS = 65_000;

export interface RenderOptions {
  /** The head run's evidence (the artefact with the trial directories), linked from each task's details. */
  evidenceUrl?: string;
  /** Where the uncut report is, named when the markdown had to be cut. */
  fullReportUrl?: string;
  /** Lines the caller adds under the verdict: baseline SHAs and age, the confirmation round. */
  notes?: readonly string[];
  maxChars?: number;
}

export interface RunRenderOptions extends RenderOptions {
  /** The PR comment when the base branch has no results: says so, and that regressions cannot fail. */
  noBaseline?: boolean;
}

/** The hidden first line by which the action finds its one comment per trial set. */
export function commentMarker(trialSetName: string): string {
  return `<!-- trialgate:${trialSetName.replace(/-{2,}/g, '-').replace(/>/g, '')} -->`;
}

export function renderComparisonMarkdown(comparison: Comparison, options: RenderOptions = {}): string {
  return render(comparison, options, comparison.verdict === 'no_baseline' ? 'no_baseline' : 'comparison');
}

export function renderRunMarkdown(results: Results, options: RunRenderOptions = {}): string {
  return render(compareResults([], results), options, options.noBaseline ? 'no_baseline' : 'run');
}

type Mode = 'comparison' | 'no_baseline' | 'run';

function render(c: Comparison, options: RenderOptions, mode: Mode): string {
  const compared = mode === 'comparison' && c.verdict !== 'incomparable';
  const tasks = [...c.tasks].sort((a, b) => rank(a) - rank(b));
  const rows = (status: CheckStatus, gated: boolean) =>
    tasks.flatMap((t) => t.checks.filter((ch) => ch.status === status && ch.gated === gated).map((ch) => ({ task: t, check: ch })));

  const regressions = checkTable('Regressions', rows('regressed', true), 'regressions', (ch) => `lost ${ch.label}`);
  const improvements = checkTable('Improvements', rows('improved', true), 'improvements', (ch) => ch.label);
  const suspects = checkTable('Suspect (below base, not significant; not gated)', rows('suspect', true), 'suspect checks', (ch) => ch.label);
  const flaky = checkTable('Flaky (mixed results, no significant change; not gated)', rows('flaky', true), 'flaky checks', (ch) => ch.label);
  const environment = checkTable(
    'Env errors changed (the environment, not the agent: never gated)',
    tasks.flatMap((t) => t.checks.filter((ch) => !ch.gated && ch.status !== 'unchanged' && ch.status !== 'flaky').map((ch) => ({ task: t, check: ch }))),
    'env error rows',
    (ch) => ch.label,
  );
  const notCompared = notComparedTable(tasks.filter((t) => t.status !== 'compared' && (compared || t.status !== 'new')));
  const perTask = perTaskTable(tasks, compared);
  const chart = passRateChart(c);
  // The chart is the first thing given up under the length limit.
  const chartPiece: Cuttable = { what: 'pass-rate chart', count: compared && chart ? 1 : 0, item: () => chart, head: '', tail: '', separator: '' };
  const details: Cuttable = {
    what: 'per-task details',
    count: tasks.length,
    item: (i) => taskDetails(tasks[i]!, compared, options.evidenceUrl),
    head: '#### Details\n\n',
    tail: '',
    separator: '\n\n',
  };

  const pieces: Piece[] = [
    commentMarker(c.trial_set),
    verdictLine(c, mode),
    ...(options.notes?.length ? [options.notes.map((n) => `- ${n.replace(/\r?\n/g, ' ')}`).join('\n')] : []),
    NOTICE,
    ...(compared ? [policyLine(c)] : []),
    regressions,
    holdoutRegressions(c),
    improvements,
    suspects,
    flaky,
    environment,
    notCompared,
    holdoutLine(c, compared),
    chartPiece,
    perTask,
    details,
    denominatorsBlock(c),
    shaLine(c),
  ];
  const cutOrder = [chartPiece, details, perTask, flaky, notCompared, improvements, environment, suspects, regressions];
  return fitDocument(pieces, cutOrder, options.maxChars ?? DEFAULT_MAX_CHARS, (cuts) => cutNotice(cuts, options));
}

const TASK_RANK: Record<string, number> = { regressed: 0, suspect: 1, changed: 2, incomparable: 3, improved: 4, flaky: 5, new: 6, removed: 7, unchanged: 8 };

function rank(t: TaskComparison): number {
  return TASK_RANK[taskStatus(t)]!;
}

const CHECK_SEVERITY: readonly CheckStatus[] = ['regressed', 'suspect', 'improved', 'flaky', 'unchanged'];

/** A compared task takes the most severe status of its gated checks. */
function taskStatus(t: TaskComparison): string {
  if (t.status !== 'compared') return t.status;
  const gated = t.checks.filter((ch) => ch.gated);
  return CHECK_SEVERITY.find((s) => gated.some((ch) => ch.status === s)) ?? 'unchanged';
}

function taskStatusText(t: TaskComparison): string {
  const status = taskStatus(t);
  if (t.status === 'compared') {
    const n = t.checks.filter((ch) => ch.gated && ch.status === status).length;
    return status === 'unchanged' ? status : `${status} (${n})`;
  }
  return t.status === 'incomparable' ? 'incomparable' : `${status} task`;
}

function verdictLine(c: Comparison, mode: Mode): string {
  const head = c.denominators.head;
  const scope = `trialgate · ${inline(c.trial_set)} · k = ${head.k.join(', ')} · ${plural(head.tasks, 'task')}`;
  if (mode === 'run') {
    return `📋 **${thousands(passesOf(c))}/${plural(head.executed, 'executed trial')} passed** — ${scope}`;
  }
  if (mode === 'no_baseline') {
    return `ℹ️ **no baseline** — head results only; regressions cannot fail this check — ${scope}`;
  }
  if (c.verdict === 'incomparable' && c.incomparable) {
    const i = c.incomparable;
    return `⚠️ **cannot compare** — base run ${i.base_index + 1} has ${i.field} "${inline(i.base)}", the head "${inline(i.head)}"; head results only — ${scope}`;
  }
  const compared = c.task_counts.compared + c.holdout.tasks.compared;
  const suspects = c.checks.suspect + c.holdout.checks.suspect;
  const tail = `${scope} (${thousands(compared)} compared)${suspects > 0 ? ` · ${plural(suspects, 'suspect check')} (not gated)` : ''}`;
  if (c.regressions > 0) return `❌ **${plural(c.regressions, 'regression')}** — ${tail}`;
  if (compared === 0) return `⚠️ **no regressions, but no task could be compared** — ${tail}`;
  return `✅ **no regressions** — ${tail}`;
}

function passesOf(c: Comparison): number {
  return c.tasks.reduce((s, t) => s + (t.head?.passes ?? 0), 0) + c.holdout.head_passes_all.successes;
}

function policyLine(c: Comparison): string {
  const how = c.policy.chosen === 'default' ? `default with ${plural(c.bases.length, 'base run')}` : 'chosen';
  const rule = {
    strict: 'a check that succeeded on every base trial and failed on any head trial regressed',
    statistical: `one-sided Fisher exact test per task and check, Benjamini–Hochberg across them, α = ${c.policy.alpha}`,
    history: `the head's count against the pooled base rate (successes+1)/(n+2), binomial tail, α = ${c.policy.alpha}`,
  }[c.policy.name];
  return `Policy **${c.policy.name}** (${how}): ${rule}.`;
}

function checkTable(title: string, found: { task: TaskComparison; check: CheckComparison }[], what: string, name: (ch: CheckComparison) => string): Cuttable {
  const { head, rows } = tableLines(
    ['task', 'check', 'base', 'head', 'p or rule'],
    found.map(({ task, check }) => [task.id, name(check), ratio(check.base), ratio(check.head), check.rule]),
  );
  return section(what, `#### ${title}`, head, rows, '');
}

function holdoutRegressions(c: Comparison): string {
  const n = c.holdout.checks.regressed;
  return n === 0 ? '' : `Holdout tasks: **${plural(n, 'regression')}** (task and check withheld; they count in the gate).`;
}

function notComparedTable(tasks: TaskComparison[]): Cuttable {
  const body = tasks.flatMap((t) => {
    const what = t.status === 'incomparable' ? 'incomparable' : `${t.status} task`;
    if (t.differs.length === 0) return [[t.id, what, '', '', '']];
    return t.differs.map((d) => [t.id, what, d.field, short(d.base), short(d.head)]);
  });
  const { head, rows } = tableLines(['task', 'not compared', 'field that differs', 'base', 'head'], body);
  return section('rows of tasks not compared', '#### Not compared (not gated)', head, rows, '');
}

function short(value: string): string {
  return /^[0-9a-f]{64}$/.test(value) ? value.slice(0, 12) : value;
}

function holdoutLine(c: Comparison, compared: boolean): string {
  const h = c.holdout;
  const total = h.tasks.compared + h.tasks.new + h.tasks.removed + h.tasks.changed + h.tasks.incomparable;
  if (total === 0) return '';
  if (!compared) return `**Holdout** (aggregate only): ${plural(total, 'task')}, trial pass ${ratio(h.head_passes_all)}.`;
  const tasks = (['compared', 'new', 'removed', 'changed', 'incomparable'] as const).filter((s) => h.tasks[s] > 0).map((s) => `${thousands(h.tasks[s])} ${s}`);
  const checks = CHECK_SEVERITY.map((s) => `${thousands(h.checks[s])} ${s}`).join(', ');
  return `**Holdout** (aggregate only): ${plural(total, 'task')} (${tasks.join(', ')}) · trial pass of compared tasks ${change(h.base_passes, h.head_passes)} · gated checks: ${checks}.`;
}

function perTaskTable(tasks: TaskComparison[], compared: boolean): Cuttable {
  // Tokens and cost appear only when some task reported them; a blank is never filled with an estimate.
  const usage = tasks.some((t) => (t.head ?? t.base)?.tokens !== undefined || (t.head ?? t.base)?.cost_usd !== undefined);
  const header = [
    ...(compared ? ['task', 'status'] : ['task']),
    ...['trial pass', 'pass@1', 'pass^k', 'detections', 'env errors', 'unexecuted', 'wall time'],
    ...(usage ? ['tokens', 'cost'] : []),
  ];
  const body = tasks.map((t) => {
    const f = t.head ?? t.base!;
    const pass = compared ? change(passCount(t.base), passCount(t.head)) : ratio(passCount(f));
    const detections = Object.entries(f.detections)
      .map(([fault, n]) => `${fault} ${ratio(n)}`)
      .join(' · ');
    const figures = [fraction(f.pass_at_1), fraction(f.pass_pow_k), detections, String(f.env_errors), String(f.unexecuted), seconds(f.wall_ms), ...(usage ? [tokens(f.tokens), usd(f.cost_usd)] : [])];
    return compared ? [t.id, taskStatusText(t), pass, ...figures] : [t.id, pass, ...figures];
  });
  const { head, rows } = tableLines(header, body);
  const usageNote = usage ? 'tokens and cost blank where not reported.' : 'no task reported tokens or cost.';
  const note = compared
    ? `Trial pass as passes/executed, base → head; figures of the head run (of the base for a removed task); pass@1 and pass^k from executed trials; ${usageNote}`
    : `Trial pass as passes/executed; pass@1 and pass^k from executed trials; ${usageNote}`;
  return section('per-task result rows', '#### Per-task results', head, rows, `\n\n${note}`);
}

/** A table whose rows can be cut: heading and header stay with the first row. */
function section(what: string, heading: string, header: string[], rows: string[], tail: string): Cuttable {
  return { what, count: rows.length, item: (i) => rows[i]!, head: `${heading}\n\n${header.join('\n')}\n`, tail, separator: '\n' };
}

function passCount(f: TaskFigures | null): { successes: number; n: number } | null {
  return f ? { successes: f.passes, n: f.executed } : null;
}

const CELL: Record<string, string> = { env_error: '–', unexecuted: '·' };

function taskDetails(t: TaskComparison, compared: boolean, evidenceUrl: string | undefined): string {
  const parts: string[] = [`<details><summary><b>${inline(t.id)}</b> — ${inline(compared ? taskStatusText(t) : ratio(passCount(t.head)) + ' passed')}</summary>`];
  if (t.status === 'removed') parts.push(`Not in the head run; the base had it in ${plural(t.base_runs, 'run')}: trial pass ${ratio(passCount(t.base))}.`);
  if (t.differs.length > 0) parts.push(`Not compared: ${t.differs.map((d) => `${d.field} ${inline(short(d.base))} → ${inline(short(d.head))}`).join('; ')}.`);
  if (t.checks.length > 0) {
    const pooled = t.base_runs > 1 || t.base_runs_excluded > 0 ? `Base pooled over ${plural(t.base_runs, 'run')}${t.base_runs_excluded > 0 ? ` (${t.base_runs_excluded} left out: another task definition)` : ''}.\n\n` : '';
    parts.push(pooled + table(['check', 'base', 'head', 'status', 'p or rule'], t.checks.map((ch) => [ch.label, ratio(ch.base), ratio(ch.head), ch.status, ch.rule])));
  }
  if (t.head_trials.length > 0) {
    const names = [...new Set(t.head_trials.flatMap((tr) => Object.keys(tr.checks)))];
    const matrix = names.map((check) => [
      checkLabel(check, t.faults),
      ...t.head_trials.map((tr) => CELL[tr.outcome] ?? (tr.checks[check] === undefined ? '' : tr.checks[check] ? '✓' : '✗')),
    ]);
    if (matrix.length > 0) {
      parts.push('Head trials (✓ succeeded, ✗ failed, – env error, · unexecuted):\n\n' + table(['check', ...t.head_trials.map((tr) => String(tr.trial))], matrix));
    }
  }
  const rules = t.head?.env_error_rules ?? [];
  if (rules.length > 0) parts.push(`Env errors, excluded from every rate: ${rules.map((r) => `${inline(r.rule)} ×${r.trials}`).join('; ')}.`);
  if (t.head_trials.length > 0) {
    const where = evidenceUrl ? `[evidence artefact](${evidenceUrl})` : 'the evidence artefact';
    parts.push(`Evidence in ${where}: ${t.head_trials.map((tr) => `\`${tr.evidence.replace(/`/g, '')}\``).join(', ')}`);
  }
  parts.push('</details>');
  return parts.join('\n\n');
}

const MAX_RULES = 10;

function denominatorsBlock(c: Comparison): string {
  const side = (name: string, d: Denominators): string =>
    `${name}: k = ${d.k.join(', ')} · ${plural(d.tasks, 'task')} · ${thousands(d.launched)} trials launched = ${thousands(d.executed)} executed + ${plural(d.env_errors, 'env error')} + ${thousands(d.unexecuted)} unexecuted.`;
  const lines = [`**Denominators.** ${side('Head', c.denominators.head)}`];
  if (c.denominators.base) lines.push(side(`Base (${plural(c.denominators.base.runs, 'run')}${c.denominators.base.runs > 1 ? ', pooled per task' : ''})`, c.denominators.base));
  lines.push('Rates count executed trials only. Env errors are excluded from every rate, because the environment failed, not the agent; unexecuted trials never started.');
  const rules = [...(c.denominators.base ? [['base', c.denominators.base] as const] : []), ['head', c.denominators.head] as const].flatMap(([side, d]) => {
    const listed = d.env_error_rules.slice(0, MAX_RULES).map((r) => `${side}: ${inline(r.rule)} ×${r.trials}`);
    const rest = d.env_error_rules.slice(MAX_RULES).reduce((s, r) => s + r.trials, 0);
    return [...listed, ...(rest > 0 ? [`${side}: ${rest} under ${d.env_error_rules.length - MAX_RULES} other rules`] : []), ...(d.holdout_env_errors > 0 ? [`${side}: ${d.holdout_env_errors} in holdout tasks`] : [])];
  });
  if (rules.length > 0) lines.push(`Env error rules: ${rules.join('; ')}.`);
  return lines.join('\n');
}

function shaLine(c: Comparison): string {
  const sha = (s: string | null) => s ?? 'unknown';
  const head = `Head ${sha(c.head.git_sha)}${c.head.ref ? ` (${inline(c.head.ref)})` : ''}`;
  return c.bases.length === 0 ? `${head}.` : `${head} · base ${c.bases.map((b) => sha(b.git_sha)).join(', ')}.`;
}

function cutNotice(cuts: Cut[], options: RenderOptions): string {
  const what = cuts.map((c) => `${c.what}: ${thousands(c.total - c.kept)} of ${thousands(c.total)} cut`).join('; ');
  const where = options.fullReportUrl ? `the full report: ${options.fullReportUrl}` : 'the full comparison: `trialgate compare … --format json`, which is never cut';
  const regressionsKept = !cuts.some((c) => c.what === 'regressions');
  return `✂️ Cut to stay under GitHub's comment limit — ${what}.${regressionsKept ? ' Every regression is listed.' : ''} See ${where}.`;
}
