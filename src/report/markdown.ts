// The markdown of a comparison (the PR comment and job summary) and of a single run (report.md).
// Order: marker, verdict, regressions, improvements, what else changed, per-task results, details,
// denominators, SHAs. Holdout tasks appear only in their aggregate line. Under the length limit the
// details go first, then per-task rows and the other tables; every regression stays named (as a compact
// list when its table does not fit), and the marker and the verdict line are never cut.
import { checkKind } from '../compare/checks.ts';
import { compareResults } from '../compare/compare.ts';
import type { ComparedResults } from '../compare/read-results.ts';
import type { CheckComparison, CheckStatus, Comparison, Denominators, TaskComparison, TaskFigures } from '../schemas/comparison.ts';
import { passRateChart } from './chart.ts';
import { fitDocument, NOTICE, type Cut, type Cuttable, type Piece } from './fit.ts';
import { judgeSection, pairwiseSection } from './judge.ts';
import { bounded, change, code, fraction, html, md, plural, ratio, safeLine, seconds, table, tableLines, thousands, tokens, usd } from './format.ts';

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

/** Longest trial-set name shown; a longer one is cut and told apart by a hash of the whole. */
const MAX_NAME = 100;
const MAX_NOTES = 20;
const MAX_NOTE = 600;

/** The hidden first line by which the action finds its one comment per trial set. */
export function commentMarker(trialSetName: string): string {
  return `<!-- trialgate:${bounded(trialSetName, MAX_NAME).replace(/[\r\n\u2028\u2029]+/g, ' ').replace(/-{2,}/g, '-').replace(/>/g, '')} -->`;
}

export function renderComparisonMarkdown(comparison: Comparison, options: RenderOptions = {}): string {
  return render(comparison, options, comparison.verdict === 'no_baseline' ? 'no_baseline' : 'comparison');
}

export function renderRunMarkdown(results: ComparedResults, options: RunRenderOptions = {}): string {
  return render(compareResults([], results), options, options.noBaseline ? 'no_baseline' : 'run');
}

type Mode = 'comparison' | 'no_baseline' | 'run';

function render(c: Comparison, options: RenderOptions, mode: Mode): string {
  const compared = mode === 'comparison' && c.verdict !== 'incomparable';
  const tasks = [...c.tasks].sort((a, b) => rank(a) - rank(b));
  const rows = (status: CheckStatus, gated: boolean) =>
    tasks.flatMap((t) => t.checks.filter((ch) => ch.status === status && ch.gated === gated).map((ch) => ({ task: t, check: ch })));

  const lost = rows('regressed', true);
  const regressions = checkTable('Regressions', lost, 'regressions', (t, ch) => `lost ${label(t, ch)}`);
  const improvements = checkTable('Improvements', rows('improved', true), 'improvements', label);
  const suspects = checkTable('Suspect (below base, not significant; not gated)', rows('suspect', true), 'suspect checks', label);
  const flaky = checkTable('Flaky (mixed results, no significant change; not gated)', rows('flaky', true), 'flaky checks', label);
  const environment = checkTable(
    'Env errors changed (the environment, not the agent: never gated)',
    tasks.flatMap((t) => t.checks.filter((ch) => ch.kind === 'env' && ch.status !== 'unchanged' && ch.status !== 'flaky').map((ch) => ({ task: t, check: ch }))),
    'env error rows',
    label,
  );
  const judged = judgeSection(c, compared);
  const notCompared = notComparedTable(tasks.filter((t) => t.status !== 'compared' && (compared || t.status !== 'new')));
  const perTask = perTaskTable(tasks, compared);
  const details: Cuttable = {
    what: 'per-task details',
    count: tasks.length,
    item: (i) => taskDetails(tasks[i]!, compared, options.evidenceUrl),
    head: '#### Details\n\n',
    tail: '',
    separator: '\n\n',
  };
  const chart = passRateChart(c);
  // The chart is the first thing given up under the length limit.
  const chartPiece: Cuttable = { what: 'pass-rate chart', count: compared && chart ? 1 : 0, item: () => chart, head: '', tail: '', separator: '' };
  const notes = options.notes ?? [];
  const noteLines = notes.slice(0, MAX_NOTES).map((n) => `- ${safeLine(bounded(n, MAX_NOTE))}`);
  if (notes.length > MAX_NOTES) noteLines.push(`- … and ${plural(notes.length - MAX_NOTES, 'more note')}`);

  const document = (named: Piece): Piece[] => [
    commentMarker(c.trial_set),
    verdictLine(c, mode),
    ...(noteLines.length ? [noteLines.join('\n')] : []),
    NOTICE,
    ...(compared ? [policyLine(c)] : []),
    named,
    holdoutRegressions(c),
    improvements,
    suspects,
    flaky,
    environment,
    judged,
    pairwiseSection(c),
    notCompared,
    holdoutLine(c, compared),
    chartPiece,
    perTask,
    details,
    denominatorsBlock(c),
    shaLine(c),
  ];
  const others = [chartPiece, details, perTask, flaky, judged, notCompared, improvements, environment, suspects];
  const max = options.maxChars ?? DEFAULT_MAX_CHARS;
  // Regressions are never cut while anything else can be: the table whole, else every one named compactly,
  // and only when the names alone are too long are names cut (the notice counts them).
  const whole = sectionText(regressions);
  const compact = compactRegressions(lost);
  const attempts: { named: Piece; cut: Cuttable[]; how: Naming }[] = [
    { named: whole, cut: others, how: 'table' },
    { named: compact.text, cut: others, how: 'compact' },
    { named: compact.section, cut: [...others, compact.section], how: 'partial' },
  ];
  for (const { named, cut, how } of attempts) {
    const text = fitDocument(document(named), cut, max, (cuts) => cutNotice(cuts, options, how, lost.length));
    if (text !== null) return text;
  }
  return lastResort(c, mode, max, options);
}

type Naming = 'table' | 'compact' | 'partial';

/** What is left when even the named regressions do not fit: marker, verdict and where the rest is. */
function lastResort(c: Comparison, mode: Mode, max: number, options: RenderOptions): string {
  const where = options.fullReportUrl ? `the full report: ${options.fullReportUrl}` : 'the full comparison: `trialgate compare … --format json`';
  const text = `${commentMarker(c.trial_set)}\n\n${verdictLine(c, mode)}\n\n✂️ Too long for a comment even with every table left out; see ${where}.\n`;
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}\n`;
}

function sectionText(s: Cuttable): string {
  if (s.count === 0) return '';
  return s.head + Array.from({ length: s.count }, (_, i) => s.item(i)).join(s.separator) + s.tail;
}

/** Every regression by task and check name, one line per task: what must survive any cut. */
function compactRegressions(lost: { task: TaskComparison; check: CheckComparison }[]): { text: string; section: Cuttable } {
  const byTask = new Map<TaskComparison, CheckComparison[]>();
  for (const { task, check } of lost) byTask.set(task, [...(byTask.get(task) ?? []), check]);
  const lines = [...byTask].map(([task, checks]) => `- ${md(task.id)}: ${checks.map((ch) => md(ch.check)).join(', ')}`);
  const section: Cuttable = {
    what: 'tasks with regressions named',
    count: lines.length,
    item: (i) => lines[i]!,
    head: '#### Regressions (named by task and check; the full table did not fit)\n\n',
    tail: '',
    separator: '\n',
  };
  return { text: sectionText(section), section };
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
  const scope = `trialgate · ${md(bounded(c.trial_set, MAX_NAME))} · k = ${head.k.join(', ')} · ${plural(head.tasks, 'task')}`;
  if (mode === 'run') {
    return `📋 **${thousands(passesOf(c))}/${plural(head.executed, 'executed trial')} passed** — ${scope}`;
  }
  if (mode === 'no_baseline') {
    return `ℹ️ **no baseline** — head results only; regressions cannot fail this check — ${scope}`;
  }
  if (c.verdict === 'incomparable' && c.incomparable) {
    const i = c.incomparable;
    return `⚠️ **cannot compare** — base run ${i.base_index + 1} has ${i.field} ${md(bounded(i.base, MAX_NAME))}, the head ${md(bounded(i.head, MAX_NAME))}; head results only — ${scope}`;
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
  const p = c.policy;
  const how = p.chosen === 'default' ? `default with ${plural(c.bases.length, 'base run')}` : 'chosen';
  if (p.name === 'strict') {
    const why = p.reach.reachable || p.chosen !== 'default' ? '' : ` (familywise cannot flag anything here: ${p.reach.note})`;
    return `Policy **strict** (${how}${why}): a check that succeeded on every base trial and failed on any head trial regressed; false alarms are not bounded.`;
  }
  const confirm =
    p.looks.length > 1
      ? ` The first round spends α₁ = ${formatAlpha(p.alpha_first)}; the tasks it left ambiguous were rerun in rounds of up to ${p.looks.join(' → ')} head trials, and the last look spends ${formatAlpha(p.alpha_confirm)} over the ${plural(p.family, 'gated check')}.`
      : '';
  const warning = p.reach.reachable ? '' : ` ⚠️ ${p.reach.note}.`;
  return `Policy **familywise** (${how}): Fisher's exact test per check; at most α = ${p.alpha} of pull requests that changed nothing fail, over all ${plural(p.family, 'gated check')} (a check counts only where it could reach the p-value judged).${confirm}${warning}`;
}

function formatAlpha(x: number | null): string {
  return x === null ? '–' : String(Number(x.toPrecision(2)));
}

function label(t: TaskComparison, ch: CheckComparison): string {
  return labelOf(ch.check, t.faults);
}

/** A check's label with every user-supplied part made inert: `detection: <fault> — <label>`. */
function labelOf(check: string, faults: readonly { id: string; label: string }[]): string {
  const name = check.slice(check.indexOf(':') + 1);
  const fault = faults.find((f) => f.id === name)?.label;
  switch (checkKind(check)) {
    case 'pass':
      return 'trial pass';
    case 'env':
      return 'executed (no env error)';
    case 'detect':
      return fault ? `detection: ${md(name)} — ${md(fault)}` : `detection: ${md(name)}`;
    case 'constraint':
      return `constraint: ${md(name)}`;
    case 'tool':
      return fault ? `tool contract: ${md(name)} — ${md(fault)}` : `tool contract: ${md(name)}`;
    case 'judge':
      return `model judge: ${md(name)}`;
    case 'other':
      return md(check);
  }
}

function checkTable(title: string, found: { task: TaskComparison; check: CheckComparison }[], what: string, name: (t: TaskComparison, ch: CheckComparison) => string): Cuttable {
  const { head, rows } = tableLines(
    ['task', 'check', 'base', 'head', 'p or rule'],
    found.map(({ task, check }) => [md(task.id), name(task, check), ratio(check.base), ratio(check.head), check.rule]),
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
    if (t.differs.length === 0) return [[md(t.id), what, '', '', '']];
    return t.differs.map((d) => [md(t.id), what, d.field, md(short(d.base)), md(short(d.head))]);
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
  // Human repairs stand beside the raw figures, in columns of their own, only when some trial was repaired.
  const repairs = tasks.some((t) => t.head?.repaired || t.base?.repaired);
  const header = [
    ...(compared ? ['task', 'status'] : ['task']),
    ...['trial pass', 'pass@1', 'pass^k', 'detections', 'env errors', 'unexecuted', 'wall time'],
    ...(usage ? ['tokens', 'cost'] : []),
    ...(repairs ? ['pass after human repair', 'human minutes', 'patch lines'] : []),
  ];
  // Rows are made on demand: with thousands of tasks most of them are cut.
  const cells = (t: TaskComparison): string[] => {
    const f = t.head ?? t.base!;
    const pass = compared ? change(passCount(t.base), passCount(t.head)) : ratio(passCount(f));
    const detections = Object.entries(f.detections)
      .map(([fault, n]) => `${md(fault)} ${ratio(n)}`)
      .join(' · ');
    const figures = [
      fraction(f.pass_at_1),
      fraction(f.pass_pow_k),
      detections,
      String(f.env_errors),
      String(f.unexecuted),
      seconds(f.wall_ms),
      ...(usage ? [tokens(f.tokens), usd(f.cost_usd)] : []),
      ...(repairs ? repairedCells(compared ? t.base : null, f) : []),
    ];
    return compared ? [md(t.id), taskStatusText(t), pass, ...figures] : [md(t.id), pass, ...figures];
  };
  const { head } = tableLines(header, []);
  const usageNote = `${usage ? 'tokens and cost blank where not reported.' : 'no task reported tokens or cost.'}${repairs ? ' The pass after human repair is apart from the raw trial pass, which alone is compared and gated.' : ''}`;
  const note = compared
    ? `Trial pass as passes/executed, base → head; figures of the head run (of the base for a removed task); pass@1 and pass^k from executed trials; ${usageNote}`
    : `Trial pass as passes/executed; pass@1 and pass^k from executed trials; ${usageNote}`;
  return {
    what: 'per-task result rows',
    count: tasks.length,
    item: (i) => tableLines(header, [cells(tasks[i]!)]).rows[0]!,
    head: `#### Per-task results\n\n${head.join('\n')}\n`,
    tail: `\n\n${note}`,
    separator: '\n',
  };
}

/** A table whose rows can be cut: heading and header stay with the first row. */
function section(what: string, heading: string, header: string[], rows: string[], tail: string): Cuttable {
  return { what, count: rows.length, item: (i) => rows[i]!, head: `${heading}\n\n${header.join('\n')}\n`, tail, separator: '\n' };
}

/** Pass after repair (base → head when compared), human minutes and patch lines; blank without repairs. */
function repairedCells(base: TaskFigures | null, f: TaskFigures): string[] {
  const after = (x: TaskFigures | null) => (x ? { successes: x.repaired?.passes ?? x.passes, n: x.executed } : null);
  const pass = base ? change(after(base), after(f)) : ratio(after(f));
  return f.repaired ? [pass, String(f.repaired.minutes), String(f.repaired.patch_lines)] : [base?.repaired ? pass : '', '', ''];
}

function passCount(f: TaskFigures | null): { successes: number; n: number } | null {
  return f ? { successes: f.passes, n: f.executed } : null;
}

const CELL: Record<string, string> = { env_error: '–', unexecuted: '·' };

function taskDetails(t: TaskComparison, compared: boolean, evidenceUrl: string | undefined): string {
  const parts: string[] = [`<details><summary><b>${html(t.id)}</b> — ${compared ? taskStatusText(t) : `${ratio(passCount(t.head))} passed`}</summary>`];
  if (t.status === 'removed') parts.push(`Not in the head run; the base had it in ${plural(t.base_runs, 'run')}: trial pass ${ratio(passCount(t.base))}.`);
  if (t.differs.length > 0) parts.push(`Not compared: ${t.differs.map((d) => `${d.field} ${md(short(d.base))} → ${md(short(d.head))}`).join('; ')}.`);
  if (t.checks.length > 0) {
    const pooled = t.base_runs > 1 || t.base_runs_excluded > 0 ? `Base pooled over ${plural(t.base_runs, 'run')}${t.base_runs_excluded > 0 ? ` (${t.base_runs_excluded} left out: another task definition)` : ''}.\n\n` : '';
    parts.push(pooled + table(['check', 'base', 'head', 'status', 'p or rule'], t.checks.map((ch) => [label(t, ch), ratio(ch.base), ratio(ch.head), ch.ungated ? `${ch.status} (not gated)` : ch.status, ch.rule])));
  }
  if (t.head_trials.length > 0) {
    const names = [...new Set(t.head_trials.flatMap((tr) => Object.keys(tr.checks)))];
    const matrix = names.map((check) => [
      labelOf(check, t.faults),
      ...t.head_trials.map((tr) => CELL[tr.outcome] ?? (tr.checks[check] === undefined ? '' : tr.checks[check] ? '✓' : '✗')),
    ]);
    if (matrix.length > 0) {
      parts.push('Head trials (✓ succeeded, ✗ failed, – env error, · unexecuted):\n\n' + table(['check', ...t.head_trials.map((tr) => String(tr.trial))], matrix));
    }
  }
  const rules = t.head?.env_error_rules ?? [];
  if (rules.length > 0) parts.push(`Env errors, excluded from every rate: ${rules.map((r) => `${md(r.rule)} ×${r.trials}`).join('; ')}.`);
  if (t.head_trials.length > 0) {
    const where = evidenceUrl ? `[evidence artefact](${evidenceUrl})` : 'the evidence artefact';
    parts.push(`Evidence in ${where}: ${t.head_trials.map((tr) => code(bounded(tr.evidence, 300))).join(', ')}`);
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
    const listed = d.env_error_rules.slice(0, MAX_RULES).map((r) => `${side}: ${md(bounded(r.rule, 200))} ×${r.trials}`);
    const rest = d.env_error_rules.slice(MAX_RULES).reduce((s, r) => s + r.trials, 0);
    return [...listed, ...(rest > 0 ? [`${side}: ${rest} under ${d.env_error_rules.length - MAX_RULES} other rules`] : []), ...(d.holdout_env_errors > 0 ? [`${side}: ${d.holdout_env_errors} in holdout tasks`] : [])];
  });
  if (rules.length > 0) lines.push(`Env error rules: ${rules.join('; ')}.`);
  return lines.join('\n');
}

function shaLine(c: Comparison): string {
  const sha = (s: string | null) => (s === null ? 'unknown' : /^[0-9a-f]{7,64}$/i.test(s) ? s : md(bounded(s, 80)));
  const head = `Head ${sha(c.head.git_sha)}${c.head.ref ? ` (${md(bounded(c.head.ref, 200))})` : ''}`;
  return c.bases.length === 0 ? `${head}.` : `${head} · base ${c.bases.map((b) => sha(b.git_sha)).join(', ')}.`;
}

function cutNotice(cuts: Cut[], options: RenderOptions, naming: Naming, regressions: number): string {
  const what = cuts.map((c) => `${c.what}: ${thousands(c.total - c.kept)} of ${thousands(c.total)} cut`).join('; ');
  const where = options.fullReportUrl ? `the full report: ${options.fullReportUrl}` : 'the full comparison: `trialgate compare … --format json`, which is never cut';
  const named = {
    table: regressions > 0 ? ' Every regression is listed.' : '',
    compact: ` Every regression is named; their table of ${plural(regressions, 'row')} did not fit.`,
    partial: ' Not every regression could be named: the count in the verdict line is complete.',
  }[naming];
  return `✂️ Cut to stay under GitHub's comment limit — ${what}.${named} See ${where}.`;
}
