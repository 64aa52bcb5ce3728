// The markdown reporter: the PR comment, the job summary's body and report.md, of a comparison or of a
// run alone (view.ts). What a prompt author reads first comes first (about fifteen lines as GitHub renders
// them): the verdict and whether the check fails, each regression as one cause with its evidence in the
// acceptor's words, which changed files made it run, and what to do. Everything else is collapsed below:
// the regressions check by check with the policy's test, the policy, the other changes, the model judge,
// per-task results and details; denominators and commits close it. Holdout tasks appear only as counts.
// Under the length limit the details go first, then per-task rows and the other tables; every regression
// stays named (as a compact list when its table does not fit), and the first screen is never cut.
import { checkLabel } from '../compare/checks.ts';
import type { CheckComparison, Comparison, Denominators, SideFigures, TaskComparison, UndecidedNext } from '../schemas/comparison.ts';
import { describeCause, plainReason, reproduce, type Cause } from './causes.ts';
import { passRateChart } from './chart.ts';
import { measurementSection, spendLine } from './measurement.ts';
import { policyLine } from './policy-line.ts';
import { fitDocument, NOTICE, type Cut, type Cuttable, type Piece } from './fit.ts';
import { judgeSection, pairwiseSection } from './judge.ts';
import { bounded, change, code, fraction, html, md, plural, ratio, safeLine, seconds, table, tableLines, thousands, tokens, usd } from './format.ts';
import type { OutputContext, Reporter } from './reporter.ts';
import { CHECK_SEVERITY, checkState, regressionCount, type ReportView, type TaskView } from './view.ts';

/** GitHub's comment limit is 65,536 characters; the margin leaves room for what a caller wraps around it. */
export const DEFAULT_MAX_CHARS = 65_000;

export interface MarkdownOptions extends Pick<OutputContext, 'evidenceUrl' | 'fullReportUrl'> {
  maxChars?: number;
}

export const markdownReporter: Reporter = {
  file: 'report.md',
  render: (view, context) => [renderMarkdown(view, context)],
};

/** Longest trial-set name shown; a longer one is cut and told apart by a hash of the whole. */
const MAX_NAME = 100;
export const MAX_NOTE = 600;

/** The hidden first line by which the action finds its one comment per trial set. */
export function commentMarker(trialSetName: string): string {
  return `<!-- trialgate:${bounded(trialSetName, MAX_NAME)
    .replace(/[\r\n\u2028\u2029]+/g, ' ')
    .replace(/-{2,}/g, '-')
    .replace(/>/g, '')} -->`;
}

export function renderMarkdown(view: ReportView, options: MarkdownOptions = {}): string {
  const { comparison: c, mode, withBase: compared } = view;
  const shown = view.tasks;
  const tasks = shown.map((v) => v.task);
  const rows = (status: CheckComparison['status'], gated: boolean) =>
    tasks.flatMap((t) => t.checks.filter((ch) => checkState(t, ch) === status && ch.gated === gated).map((ch) => ({ task: t, check: ch })));

  const lost = rows('regressed', true);
  const regressions = checkTable('Regressions check by check (base → head, and the policy’s test)', lost, 'regressions', (t, ch) => `lost ${label(t, ch)}`);
  const improvements = checkTable('Improved', rows('improved', true), 'improvements', label);
  const suspects = checkTable('Suspect: below base, not significant (not gated)', rows('suspect', true), 'suspect checks', label);
  const flaky = checkTable('Flaky: mixed results, no significant change (not gated)', rows('flaky', true), 'flaky checks', label);
  const environment = checkTable(
    'Environment errors changed (the environment, not the agent: never a regression; where they could hide one, the task is undecided)',
    tasks.flatMap((t) =>
      t.checks.filter((ch) => ch.kind === 'env' && ch.status !== 'unchanged' && ch.status !== 'flaky').map((ch) => ({ task: t, check: ch })),
    ),
    'env error rows',
    label,
  );
  const judged = collapsed(judgeSection(c, compared), (n) => `Model judge: ${plural(n, 'item')} (a model's answers, not facts)`);
  const undecidedPiece = mode === 'comparison' ? undecidedSection(c, tasks) : '';
  const confirmationPiece = compared ? confirmationLine(c) : '';
  const notCompared = notComparedTable(tasks.filter((t) => t.status !== 'compared' && t.status !== 'not_rerun' && (compared || t.status !== 'new')));
  const notRerun = notRerunList(tasks.filter((t) => t.status === 'not_rerun'));
  // A task not rerun has no figures of this head: it is listed apart, never in the tables of results.
  const rerun = shown.filter((v) => v.task.status !== 'not_rerun');
  const perTask = perTaskTable(rerun, compared);
  const details: Cuttable = {
    what: 'per-task details',
    count: rerun.length,
    item: (i) => taskDetails(rerun[i]!, compared, options.evidenceUrl),
    head: '#### Each task: its checks and trials\n\n',
    tail: '',
    separator: '\n\n',
  };
  const chart = passRateChart(c);
  // The chart is the first thing given up under the length limit.
  const chartPiece: Cuttable = {
    what: 'pass-rate chart',
    count: compared && chart ? 1 : 0,
    item: () => chart,
    head: '<details><summary>Trial pass rate per task (chart)</summary>\n\n',
    tail: '\n\n</details>',
    separator: '',
  };
  const notes: Cuttable = {
    what: 'notes',
    count: view.notes.length,
    // Another bullet than the causes' lists use: two lists of one bullet with a blank line between are one list.
    item: (i) => `* ${safeLine(view.notes[i]!, MAX_NOTE)}`,
    // Against a baseline, where it came from and what failed anew are not what a reader needs first; without
    // one, they say where it was looked for.
    head: mode === 'comparison' ? `<details><summary>About this run: ${plural(view.notes.length, 'note')}${noteTopics(view.notes)}</summary>\n\n` : '',
    tail: mode === 'comparison' ? '\n\n</details>' : '',
    separator: '\n',
    rest: (n) => `\n* … and ${plural(n, 'more note')} (report.html has every one)`,
  };
  const first = firstScreen(view, options);

  const document = (named: Piece): Piece[] => [
    commentMarker(c.trial_set),
    verdictLine(view),
    ...(view.alerts.length ? [view.alerts.map((a) => `- ${safeLine(a, MAX_NOTE)}`).join('\n')] : []),
    first,
    NOTICE,
    ...(mode === 'comparison' && c.measurement ? [measurementSection(c)] : []),
    notes,
    ...(mode === 'comparison' && c.spend ? [spendLine(c)] : []),
    undecidedPiece,
    notRerun,
    named,
    ...(compared ? [policyBlock(c)] : []),
    confirmationPiece,
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
  const cuttable = (p: Cuttable | string): Cuttable[] => (typeof p === 'string' ? [] : [p]);
  const others = [
    chartPiece,
    details,
    perTask,
    ...cuttable(confirmationPiece),
    flaky,
    judged,
    notCompared,
    notRerun,
    improvements,
    environment,
    suspects,
    notes,
    ...cuttable(undecidedPiece),
  ];
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
  return lastResort(view, max, options);
}

/** What the folded notes are about, as their summary names it: only what they hold (an unchanged run has no new failures). */
const NOTE_TOPICS: readonly [RegExp, string][] = [
  [/\bbaseline\b/i, 'the baseline'],
  // failures.ts's note; matched by its words, as failures.ts reads this module's limit.
  [/^New failures since the base\b/, 'new failures'],
  [/\bapproved\b/, 'the approval'],
  [/\bshards\b/, 'the shards'],
];

function noteTopics(notes: readonly string[]): string {
  const topics = NOTE_TOPICS.filter(([pattern]) => notes.some((n) => pattern.test(n))).map(([, topic]) => topic);
  return topics.length ? ` (${topics.join(', ')})` : '';
}

/**
 * What the undecided tasks need, when every one (and the run-wide reason) needs the same: `rerun` otherwise
 * (an environment's failure among them, or withheld holdout tasks), as a rerun is then the first thing to try.
 */
function undecidedAction(c: Comparison): UndecidedNext {
  if (c.undecided?.holdout_tasks) return 'rerun';
  const needs = new Set<UndecidedNext>([
    ...c.tasks.filter((t) => t.undecided).map((t) => t.undecided_next ?? 'rerun'),
    ...(c.undecided?.reasons.length ? [c.undecided.next ?? 'rerun'] : []),
  ]);
  return needs.size === 1 ? [...needs][0]! : 'rerun';
}

/** The headline's word for what an undecided pull request needs, and until when its check fails. */
const HEADLINE_ACTIONS: Record<UndecidedNext, { word: string; until: string }> = {
  rerun: { word: 'rerun', until: 'the check fails until a rerun decides' },
  fix_setup: { word: 'fix the setup', until: 'the check fails until it is fixed' },
  baseline_runs: { word: 'more evidence needed', until: 'the check fails until more base runs or trials decide; a rerun alone does not' },
  baseline_workflow: { word: 'rerun the baseline', until: 'the check fails until the baseline workflow has run on the base branch' },
  confirm_trials: { word: 'more trials needed', until: 'the check fails until a larger `confirm-trials` decides' },
  max_trials: { word: 'more trials needed', until: 'the check fails until a larger `max-trials` decides' },
  confirmation: { word: 'confirm', until: 'the check fails until the confirmation rounds run' },
  maintainer: { word: 'a maintainer decides', until: 'the check fails until then' },
};

type Naming = 'table' | 'compact' | 'partial';

/** What is left when even the named regressions do not fit: marker, verdict and where the rest is. */
function lastResort(view: ReportView, max: number, options: MarkdownOptions): string {
  const where = options.fullReportUrl ? `the full report: ${options.fullReportUrl}` : 'the full comparison: `trialgate compare … --format json`';
  const text = `${commentMarker(view.comparison.trial_set)}\n\n${verdictLine(view)}\n\n✂️ Too long for a comment even with every table left out; see ${where}.\n`;
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}\n`;
}

function sectionText(s: Cuttable): string {
  if (s.count === 0) return '';
  return s.head + Array.from({ length: s.count }, (_, i) => s.item(i)).join(s.separator) + s.tail;
}

/** A section folded away behind a one-line summary that counts what it holds. */
function collapsed(s: Cuttable, summary: (count: number) => string): Cuttable {
  return { ...s, head: `<details><summary>${summary(s.count)}</summary>\n\n${s.head}`, tail: `${s.tail}\n\n</details>` };
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
    head: '<details><summary>Every regression, named by task and check (the full table did not fit)</summary>\n\n',
    tail: '\n\n</details>',
    separator: '\n',
  };
  return { text: sectionText(section), section };
}

/** A compared task in the most severe status of its gated checks, with how many are in it. */
function taskStatusText(t: TaskView): string {
  if (t.task.status === 'compared') return t.state === 'unchanged' || t.state === 'undecided' ? t.state : `${t.state} (${t.checks})`;
  if (t.task.status === 'not_rerun') return 'not rerun (unaffected by this change)';
  return t.task.status === 'incomparable' ? 'incomparable' : `${t.state} task`;
}

function verdictLine(view: ReportView): string {
  const { comparison: c, mode } = view;
  const head = c.denominators.head;
  const k = `${head.k.join(', ')} ${head.k.length === 1 && head.k[0] === 1 ? 'trial' : 'trials'} per task`;
  const scope = `trialgate · ${md(bounded(c.trial_set, MAX_NAME))} · ${k} · ${plural(head.tasks, 'task')}`;
  if (mode === 'run') {
    return `📋 **${thousands(view.headPasses)}/${plural(head.executed, 'executed trial')} passed** — ${scope}`;
  }
  if (mode === 'no_baseline') {
    if (view.baselineRequired)
      return `❌ **no baseline** — head results only; this check fails until the base branch has a results artefact (fail-without-baseline) — ${scope}`;
    return `ℹ️ **no baseline** — head results only; regressions cannot fail this check — ${scope}`;
  }
  const fails = view.checkFails;
  if (c.verdict === 'incomparable' && c.incomparable) {
    const i = c.incomparable;
    return `⏸️ **cannot compare — undecided** — base run ${i.base_index + 1} has ${i.field} ${md(bounded(i.base, MAX_NAME))}, the head ${md(bounded(i.head, MAX_NAME))} (renamed?); head results only, and a maintainer decides${fails ? '; the check fails until then' : ''} — ${scope}`;
  }
  const compared = c.task_counts.compared + c.holdout.tasks.compared;
  const notRerun = c.task_counts.not_rerun + c.holdout.tasks.not_rerun;
  const tail = `${scope} (${thousands(compared)} compared${notRerun > 0 ? `, ${thousands(notRerun)} not rerun` : ''})`;
  const undecided = (c.undecided?.tasks ?? 0) + (c.undecided?.holdout_tasks ?? 0);
  const open = undecided > 0 ? ` · ${plural(undecided, 'task')} undecided` : '';
  if (c.regressions > 0) {
    const check = fails ? 'the check fails, so a branch rule that requires it blocks the merge' : 'reported only: the check passes (fail-on: never)';
    return `❌ ${regressionCount(view, (text) => `**${text}**`)} — ${check} — ${tail}${open}`;
  }
  // What every undecided task needs, when they agree (a rerun fails the same way after a setup mistake, and
  // decides nothing where the base history is too thin): the headline says that, never "rerun" regardless.
  const action = HEADLINE_ACTIONS[undecidedAction(c)];
  const rerun = !fails ? 'reported only: the check passes (fail-on: never)' : action.until;
  if (c.verdict === 'undecided') {
    // Tasks that a rerun may decide; a baseline that cannot serve; or tasks this change made incomparable, which a maintainer decides.
    if (undecided > 0) return `⏸️ **undecided — ${action.word}** — no regression found, but ${plural(undecided, 'task')} cannot be decided; ${rerun} — ${tail}`;
    if (c.bases.length === 0) return `⏸️ **undecided — ${action.word}** — no regression found, but the baseline cannot be used; ${rerun} — ${tail}`;
    return `⏸️ **undecided — a maintainer decides** — no regression found, but what this change measures cannot be compared with its base runs${fails ? '; the check fails until then' : ''} — ${tail}`;
  }
  if (compared === 0) return `⚠️ **no regressions, but no task could be compared** — the check passes — ${tail}`;
  return `✅ **no regressions** — the check passes — ${tail}`;
}

/** Regressions shown in full on the first screen; the rest are named on one line (and all are in the table below). */
const SHOWN_CAUSES = 3;
const NAMED_CAUSES = 20;

/**
 * What a reader must see first: each regression's cause with its evidence, the holdout tasks' count, why a
 * pull request is undecided and what to do, which changed files made it run. Never cut.
 */
function firstScreen(view: ReportView, options: MarkdownOptions): string {
  const { comparison: c, mode } = view;
  const parts: string[] = [];
  const holdout = holdoutRegressions(c);
  if (holdout) parts.push(holdout);
  if (mode === 'comparison' && c.regressions === 0 && (c.verdict === 'undecided' || (c.verdict === 'incomparable' && c.incomparable)))
    parts.push(undecidedWhy(c));
  // What changed and what to do come before the causes: with several, they would push both off the first screen.
  const changed = changedLine(view);
  if (changed) parts.push(changed);
  const next = nextStep(view, options);
  if (next) parts.push(next);
  const causes = view.causes;
  if (causes.length > 0) {
    parts.push(
      causes
        .slice(0, SHOWN_CAUSES)
        .map((cause, i) => causeEntry(cause, i + 1, causes.length))
        .join('\n\n'),
    );
    const rest = causes.slice(SHOWN_CAUSES);
    if (rest.length > 0) {
      const named = rest.slice(0, NAMED_CAUSES).map((cause) => `${md(cause.task.id)} (${shortName(cause.checks[0]!)})`);
      const more = rest.length - named.length;
      parts.push(
        `**… and ${plural(rest.length, 'more regression cause')}:** ${named.join('; ')}${more > 0 ? `; and ${thousands(more)} more` : ''}. Each is in the table below.`,
      );
    }
  }
  return parts.join('\n\n');
}

/** One cause: the task and what it no longer does, then the base's evidence, the head's, and what failed with it. */
function causeEntry(cause: Cause, n: number, of: number): string {
  const { title, lines } = describeCause(cause, { text: md, code, strong: (t) => `**${t}**` });
  // Under a numbered title the bullets are indented, so they belong to its item.
  return [`${of > 1 ? `${n}. ` : ''}${title}`, ...lines.map((l) => `${of > 1 ? '   ' : ''}- ${l}`)].join('\n');
}

/** A check by its short name: `double-reserve`, or `trial pass`. */
function shortName(check: CheckComparison): string {
  return check.kind === 'pass' ? 'trial pass' : md(bounded(check.check.slice(check.check.indexOf(':') + 1), 120));
}

/** Why a pull request without a regression cannot be decided, in one line, and what to do. */
function undecidedWhy(c: Comparison): string {
  if (c.verdict === 'incomparable' && c.incomparable)
    return `**Next:** if the trial set was renamed here, a maintainer decides: its baselines are recorded under the new name only after the merge.`;
  const u = c.undecided;
  const firstTask = c.tasks.find((t) => t.undecided);
  const n = (u?.tasks ?? 0) + (u?.holdout_tasks ?? 0);
  const why = u?.reasons[0]
    ? md(bounded(u.reasons[0], MAX_NOTE))
    : firstTask
      ? `${md(firstTask.id)}: ${md(bounded(plainReason(firstTask.undecided!), MAX_NOTE))}${n > 1 ? ` (and ${plural(n - 1, 'more task')}, listed below)` : ''}`
      : u?.holdout_tasks
        ? `${plural(u.holdout_tasks, 'holdout task')} could not be decided (withheld)`
        : 'the baseline cannot be used (below)';
  const next = u?.reasons[0] ? u.next : firstTask?.undecided_next;
  return `**Why:** ${why}\n\n**Next:** ${undecidedNext(next, !u && c.bases.length > 0)} Nothing here says this change made anything worse, or better.`;
}

/** What to do about an undecided pull request, from what the comparison says made it undecided: a rerun only helps an environment's failure. */
function undecidedNext(next: UndecidedNext | undefined, maintainer: boolean): string {
  if (maintainer) return NEXT_STEPS.maintainer;
  return NEXT_STEPS[next ?? 'rerun'];
}

const NEXT_STEPS: Record<UndecidedNext, string> = {
  maintainer:
    'a maintainer decides (the approval label, or `--approved-by` elsewhere), or the baseline workflow is rerun where the change is already the base branch’s.',
  baseline_runs:
    'record more baseline runs on the base branch (`baseline-runs`), let the gate rerun the base commit beside the head (`rerun-base`, `--base-checkout`), or raise `trials` or `confirm-trials`; a rerun alone decides nothing here.',
  baseline_workflow: 'rerun the baseline workflow on the base branch, then this job.',
  max_trials: 'raise `max-trials` if the spend is worth it, or rerun the job.',
  confirm_trials: 'raise `confirm-trials` if the spend is worth it, then rerun the job.',
  confirmation: 'run `trialgate gate` (or the action), which runs the confirmation rounds this head lacks.',
  fix_setup: 'fix the setup mistake named above in the trial set or the fixture, and push: a rerun fails the same way.',
  rerun: 'rerun the job (on GitHub: Re-run jobs) once the environment named above answers again.',
};

const MAX_CHANGED = 5;

/** The changed files that made a task rerun, as the front end knows them. */
function changedLine(view: ReportView): string {
  const ch = view.changed;
  if (!ch) return '';
  const files = ch.matched.slice(0, MAX_CHANGED).map((f) => code(bounded(f, 200)));
  const more = ch.matched.length - files.length;
  if (files.length > 0) return `**Changed:** ${files.join(', ')}${more > 0 ? ` and ${plural(more, 'more file')}` : ''}.`;
  const why = ch.tasks.find((t) => t.rerun)?.why;
  return why ? `**Changed:** every task reran: ${md(bounded(why, MAX_NOTE))}.` : '';
}

/** Where the trials are when no artefact link is known: the run directory, which CI uploads as the artefact. */
const NO_EVIDENCE_LINK = 'the run directory (in CI, its evidence artefact)';

/** What to do about the regressions: the command that reproduces them, and where their evidence is. */
function nextStep(view: ReportView, options: MarkdownOptions): string {
  if (view.causes.length === 0) {
    if (view.comparison.holdout.checks.regressed > 0)
      return '**Next:** the holdout tasks are withheld from pull requests; a maintainer can open their sealed detail (docs/holdout.md) to see what was lost.';
    return '';
  }
  const { command, anchors } = reproduce(view, SHOWN_CAUSES);
  const places = anchors.map((a) => `${code(`report.html#${a.anchor}`)}${anchors.length > 1 ? ` (${md(a.task)})` : ''}`);
  // As the details say it: the artefact is the run directory, uploaded (the action's, or another CI's job artefact).
  const where = options.evidenceUrl ? `the [evidence artefact](${options.evidenceUrl})` : NO_EVIDENCE_LINK;
  return `**Next:** reproduce it with ${code(command)}; the trials, the tests and the diff against the base's candidate are in ${places.join(', ')} in ${where}.`;
}

/** The policy and how it decided, folded away: statistics are not what a reader needs first. */
function policyBlock(c: Comparison): string {
  return `<details><summary>How a check is called regressed: the policy</summary>\n\n${policyLine(c)}\n\n</details>`;
}

/** #### What the confirmation cost: extra head trials against a fixed k, and which task was ambiguous and why (holdout tasks only counted). */
function confirmationLine(c: Comparison): Cuttable | string {
  const conf = c.confirmation;
  if (!conf) return '';
  const extra = conf.head_trials - conf.fixed_trials;
  if (extra <= 0) return '';
  const ratioText = conf.fixed_trials > 0 ? `: ${(conf.head_trials / conf.fixed_trials).toFixed(2)}×` : '';
  const holdout = conf.holdout_tasks ? ` and ${plural(conf.holdout_tasks, 'holdout task')} (${plural(conf.holdout_trials, 'trial')})` : '';
  const lines = c.tasks
    .filter((t) => t.confirmation)
    .map((t) => `- ${md(t.id)}: ${t.confirmation!.trials} head trials; ${md(bounded(t.confirmation!.why, MAX_NOTE))}`);
  return {
    what: 'confirmed tasks listed',
    count: lines.length,
    item: (i) => lines[i]!,
    head: `<details><summary>The confirmation: ${plural(extra, 'extra trial')} for ${plural(conf.tasks + conf.holdout_tasks, 'task')} the first round left open</summary>\n\n**Confirmation:** ${plural(extra, 'extra head trial')} (${thousands(conf.head_trials)} run against ${thousands(conf.fixed_trials)} at a fixed k${ratioText}) for ${plural(conf.tasks, 'task')}${holdout} that their first round did not decide (ambiguous, or mostly environment errors):\n\n`,
    tail: '\n\n</details>',
    separator: '\n',
  };
}

/** #### Undecided: why each task cannot be decided (holdout ones only counted), and what concerns the whole pull request. */
function undecidedSection(c: Comparison, tasks: TaskComparison[]): Cuttable | string {
  const u = c.undecided;
  const unused = (c.bases_unused ?? []).map(
    (b) => `- base run ${b.ref.git_sha ? b.ref.git_sha.slice(0, 7) : 'of unknown commit'} not used: ${md(bounded(b.reason, MAX_NOTE))}`,
  );
  if (!u && unused.length === 0) return '';
  const rows = [
    ...(u?.reasons ?? []).map((r) => `- ${md(bounded(r, MAX_NOTE))}`),
    ...unused,
    ...tasks.filter((t) => t.undecided).map((t) => `- ${md(t.id)}: ${md(bounded(plainReason(t.undecided!), MAX_NOTE))}`),
    ...(u?.holdout_tasks ? [`- ${plural(u.holdout_tasks, 'holdout task')} (withheld)`] : []),
  ];
  // As the headline says: a rerun decides undecided tasks or an unusable baseline; a change to the measurement, a maintainer.
  const byMaintainer = (c.undecided?.tasks ?? 0) + (c.undecided?.holdout_tasks ?? 0) === 0 && c.bases.length > 0;
  const title =
    c.verdict !== 'undecided'
      ? '#### Undecided tasks (not counted as regressions)'
      : byMaintainer
        ? '#### Undecided — not a regression; a maintainer decides (the check fails until then)'
        : `#### Undecided — not a regression; ${HEADLINE_ACTIONS[undecidedAction(c)].word} (the check fails until the evidence decides)`;
  const summary = `Undecided: ${plural(rows.length, 'reason')} why`;
  return {
    what: 'undecided reasons',
    count: rows.length,
    item: (i) => rows[i]!,
    head: `<details><summary>${summary}</summary>\n\n${title}\n\n`,
    tail: '\n\n</details>',
    separator: '\n',
  };
}

function label(t: TaskComparison, ch: CheckComparison): string {
  return labelOf(ch.check, t);
}

/** A check's label with every user-supplied part made inert: `detection: <fault> — <label>`. */
function labelOf(check: string, t: TaskComparison): string {
  return checkLabel(check, t.faults, t.check_labels, md);
}

function checkTable(
  title: string,
  found: { task: TaskComparison; check: CheckComparison }[],
  what: string,
  name: (t: TaskComparison, ch: CheckComparison) => string,
): Cuttable {
  const { head, rows } = tableLines(
    ['task', 'check', 'base', 'head', 'why (the policy’s test)'],
    found.map(({ task, check }) => [md(task.id), name(task, check), ratio(check.base), ratio(check.head), check.rule]),
  );
  return section(what, `<details><summary>${title}: ${plural(rows.length, 'check')}</summary>\n\n`, head, rows, '\n\n</details>');
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
  return section(
    'rows of tasks not compared',
    `<details><summary>Not compared (not gated): ${plural(tasks.length, 'task')}</summary>\n\n`,
    head,
    rows,
    '\n\n</details>',
  );
}

/** The tasks the head did not rerun, by name, one line: what they did not show is said, never implied. */
function notRerunList(tasks: TaskComparison[]): Cuttable {
  const why = tasks[0]?.not_rerun;
  const same = tasks.every((t) => t.not_rerun === why);
  return {
    what: 'tasks not rerun named',
    count: tasks.length,
    item: (i) => (same ? md(tasks[i]!.id) : `${md(tasks[i]!.id)} (${md(bounded(tasks[i]!.not_rerun ?? '', MAX_NOTE))})`),
    head: `**Not rerun** (unaffected by this change, so neither passed nor regressed; their base results are no evidence for it${same && why ? `: ${md(bounded(why, MAX_NOTE))}` : ''}): `,
    tail: '.',
    separator: ', ',
  };
}

function short(value: string): string {
  return /^[0-9a-f]{64}$/.test(value) ? value.slice(0, 12) : value;
}

function holdoutLine(c: Comparison, compared: boolean): string {
  const h = c.holdout;
  const total = h.tasks.compared + h.tasks.new + h.tasks.removed + h.tasks.changed + h.tasks.incomparable + h.tasks.not_rerun;
  if (total === 0) return '';
  if (!compared) return `**Holdout** (aggregate only): ${plural(total, 'task')}, trial pass ${ratio(h.head_passes_all)}.`;
  const tasks = (['compared', 'new', 'removed', 'changed', 'incomparable', 'not_rerun'] as const)
    .filter((s) => h.tasks[s] > 0)
    .map((s) => `${thousands(h.tasks[s])} ${s === 'not_rerun' ? 'not rerun' : s}`);
  const checks = CHECK_SEVERITY.map((s) => `${thousands(h.checks[s])} ${s}`).join(', ');
  return `**Holdout** (aggregate only): ${plural(total, 'task')} (${tasks.join(', ')}) · trial pass of compared tasks ${change(h.base_passes, h.head_passes)} · gated checks: ${checks}.`;
}

function perTaskTable(shown: readonly TaskView[], compared: boolean): Cuttable {
  const tasks = shown.map((v) => v.task);
  // Tokens and cost appear only when some task reported them; a blank is never filled with an estimate.
  const usage = tasks.some((t) => (t.head ?? t.base)?.tokens !== undefined || (t.head ?? t.base)?.cost_usd !== undefined);
  // Human repairs stand beside the raw figures, in columns of their own, only when some trial was repaired.
  const repairs = tasks.some((t) => t.head?.repaired || t.base?.repaired);
  // Only kinds whose capabilities count detections record them (countsDetections): a run of code tasks has no such column.
  const detects = tasks.some((t) => Object.keys((t.head ?? t.base)?.detections ?? {}).length > 0);
  const header = [
    ...(compared ? ['task', 'status'] : ['task']),
    // pass@1 is passes/executed, the trial pass already shown: one column per meaning.
    ...['trials passed', 'all k passed (pass^k)', ...(detects ? ['defects detected'] : []), 'env errors (excluded)', 'not started', 'wall time'],
    ...(usage ? ['tokens', 'cost'] : []),
    ...(repairs ? ['pass after human repair', 'human minutes', 'patch lines'] : []),
  ];
  // Rows are made on demand: with thousands of tasks most of them are cut.
  const cells = (v: TaskView): string[] => {
    const t = v.task;
    const f = t.head ?? t.base!;
    const pass = compared ? change(v.pass.base, v.pass.head) : ratio(v.pass.head ?? v.pass.base);
    const detections = Object.entries(f.detections)
      .map(([fault, d]) => `${md(fault)} ${d.detected}/${d.n}`)
      .join(' · ');
    const figures = [
      fraction(f.pass_pow_k),
      ...(detects ? [detections] : []),
      String(f.env_errors),
      String(f.unexecuted),
      seconds(f.wall_ms),
      ...(usage ? [tokens(f.tokens), usd(f.cost_usd)] : []),
      ...(repairs ? repairedCells(compared ? t.base : null, f) : []),
    ];
    return compared ? [md(t.id), taskStatusText(v), pass, ...figures] : [md(t.id), pass, ...figures];
  };
  const { head } = tableLines(header, []);
  const usageNote = `${usage ? 'tokens and cost blank where not reported.' : 'no task reported tokens or cost.'}${repairs ? ' The pass after human repair is apart from the raw trial pass, which alone is compared and gated.' : ''}`;
  const powK = 'all k passed: the estimated chance that k trials in a row all pass (pass^k), from executed trials';
  const detected = detects ? ' defects detected as trials that detected the defect/executed;' : '';
  const note = compared
    ? `Trials passed as passes/executed, base → head; figures of the head run (of the base for a removed task); ${powK};${detected} ${usageNote}`
    : `Trials passed as passes/executed; ${powK};${detected} ${usageNote}`;
  return {
    what: 'per-task result rows',
    count: shown.length,
    item: (i) => tableLines(header, [cells(shown[i]!)]).rows[0]!,
    head: `${compared ? `<details><summary>Per-task results: ${plural(shown.length, 'task')}</summary>\n\n` : ''}#### Per-task results\n\n${head.join('\n')}\n`,
    tail: `\n\n${note}${compared ? '\n\n</details>' : ''}`,
    separator: '\n',
  };
}

/** A table whose rows can be cut: heading and header stay with the first row. */
function section(what: string, heading: string, header: string[], rows: string[], tail: string): Cuttable {
  return { what, count: rows.length, item: (i) => rows[i]!, head: `${heading}${header.join('\n')}\n`, tail, separator: '\n' };
}

/** Pass after repair (base → head when compared), human minutes and patch lines; blank without repairs. */
function repairedCells(base: SideFigures | null, f: SideFigures): string[] {
  const after = (x: SideFigures | null) => (x ? { successes: x.repaired?.passes ?? x.passes, n: x.n } : null);
  const pass = base ? change(after(base), after(f)) : ratio(after(f));
  return f.repaired ? [pass, String(f.repaired.minutes), String(f.repaired.patch_lines)] : [base?.repaired ? pass : '', '', ''];
}

const CELL: Record<string, string> = { env_error: '–', unexecuted: '·' };

function taskDetails(v: TaskView, compared: boolean, evidenceUrl: string | undefined): string {
  const t = v.task;
  const parts: string[] = [`<details><summary><b>${html(t.id)}</b> — ${compared ? taskStatusText(v) : `${ratio(v.pass.head)} passed`}</summary>`];
  if (t.status === 'removed') parts.push(`Not in the head run; the base had it in ${plural(t.base_runs, 'run')}: trial pass ${ratio(v.pass.base)}.`);
  if (t.differs.length > 0) parts.push(`Not compared: ${t.differs.map((d) => `${d.field} ${md(short(d.base))} → ${md(short(d.head))}`).join('; ')}.`);
  if (t.checks.length > 0) {
    const pooled =
      t.base_runs > 1 || t.base_runs_excluded > 0
        ? `Base pooled over ${plural(t.base_runs, 'run')}${t.base_runs_excluded > 0 ? ` (${t.base_runs_excluded} left out: another task definition)` : ''}.\n\n`
        : '';
    parts.push(
      pooled +
        table(
          ['check', 'base', 'head', 'status', 'why (the policy’s test)'],
          t.checks.map((ch) => [label(t, ch), ratio(ch.base), ratio(ch.head), ch.ungated ? `${ch.status} (not gated)` : checkState(t, ch), ch.rule]),
        ),
    );
  }
  if (t.head_trials.length > 0) {
    const names = [...new Set(t.head_trials.flatMap((tr) => Object.keys(tr.checks)))];
    const matrix = names.map((check) => [
      labelOf(check, t),
      ...t.head_trials.map((tr) => CELL[tr.outcome] ?? (tr.checks[check] === undefined ? '' : tr.checks[check] ? '✓' : '✗')),
    ]);
    if (matrix.length > 0) {
      parts.push(
        'Head trials (✓ succeeded, ✗ failed, – env error, · unexecuted):\n\n' + table(['check', ...t.head_trials.map((tr) => String(tr.trial))], matrix),
      );
    }
    const failing = t.head_trials.filter((tr) => tr.why?.length);
    const why = failing.slice(0, MAX_WHY_TRIALS);
    if (why.length > 0) {
      const more = failing.length - why.length;
      parts.push(
        `Why (the first reasons of each trial that did not pass):\n\n${why.map((tr) => `- trial ${tr.trial}: ${tr.why!.map((w) => md(bounded(plainReason(w), 300))).join(' · ')}`).join('\n')}${more > 0 ? `\n- … and ${plural(more, 'more trial')} (report.html and results.json have every one)` : ''}`,
      );
    }
  }
  const rules = t.head?.env_error_rules ?? [];
  if (rules.length > 0) parts.push(`Env errors, excluded from every rate: ${rules.map((r) => `${md(r.rule)} ×${r.trials}`).join('; ')}.`);
  if (t.head_trials.length > 0) {
    const where = evidenceUrl ? `the [evidence artefact](${evidenceUrl})` : NO_EVIDENCE_LINK;
    parts.push(`Evidence in ${where}: ${t.head_trials.map((tr) => code(bounded(tr.evidence, 300))).join(', ')}`);
  }
  parts.push('</details>');
  return parts.join('\n\n');
}

const MAX_RULES = 10;
/** Trials whose reasons are listed per task: enough to see the pattern, never a wall of text in a comment. */
const MAX_WHY_TRIALS = 10;

function denominatorsBlock(c: Comparison): string {
  const side = (name: string, d: Denominators): string =>
    `${name}: ${d.k.join(', ')} ${d.k.length === 1 && d.k[0] === 1 ? 'trial' : 'trials'} per task (k) · ${plural(d.tasks, 'task')} · ${plural(d.launched, 'trial')} launched = ${thousands(d.executed)} executed + ${plural(d.env_errors, 'env error')} + ${thousands(d.unexecuted)} unexecuted.`;
  const lines = [`**Denominators.** ${side('Head', c.denominators.head)}`];
  if (c.denominators.base)
    lines.push(side(`Base (${plural(c.denominators.base.runs, 'run')}${c.denominators.base.runs > 1 ? ', pooled per task' : ''})`, c.denominators.base));
  lines.push(
    'Rates count executed trials only. Env errors are excluded from every rate, because the environment failed, not the agent; unexecuted trials never started.',
  );
  const rules = [...(c.denominators.base ? [['base', c.denominators.base] as const] : []), ['head', c.denominators.head] as const].flatMap(([side, d]) => {
    const listed = d.env_error_rules.slice(0, MAX_RULES).map((r) => `${side}: ${md(bounded(r.rule, 200))} ×${r.trials}`);
    const rest = d.env_error_rules.slice(MAX_RULES).reduce((s, r) => s + r.trials, 0);
    return [
      ...listed,
      ...(rest > 0 ? [`${side}: ${rest} under ${d.env_error_rules.length - MAX_RULES} other rules`] : []),
      ...(d.holdout_env_errors > 0 ? [`${side}: ${d.holdout_env_errors} in holdout tasks`] : []),
    ];
  });
  if (rules.length > 0) lines.push(`Env error rules: ${rules.join('; ')}.`);
  return `<details><summary>Denominators: what every rate counts</summary>\n\n${lines.join('\n')}\n\n</details>`;
}

function shaLine(c: Comparison): string {
  const sha = (s: string | null) => (s === null ? 'unknown' : /^[0-9a-f]{7,64}$/i.test(s) ? s : md(bounded(s, 80)));
  const head = `Head commit ${sha(c.head.git_sha)}${c.head.ref ? ` (${md(bounded(c.head.ref, 200))})` : ''}`;
  const line = c.bases.length === 0 ? head : `${head} · base commit ${c.bases.map((b) => sha(b.git_sha)).join(', ')}`;
  const unknown = c.head.git_sha === null || c.bases.some((b) => b.git_sha === null);
  // A run outside a git checkout (or before its first commit) records no commit: say so rather than leave "unknown" bare.
  return `${line}${unknown ? ' (unknown: the run recorded no git commit, as it was not made in a git checkout with a commit)' : ''}.`;
}

function cutNotice(cuts: Cut[], options: MarkdownOptions, naming: Naming, regressions: number): string {
  const what = cuts.map((c) => `${c.what}: ${thousands(c.total - c.kept)} of ${thousands(c.total)} cut`).join('; ');
  const where = options.fullReportUrl
    ? `the full report: ${options.fullReportUrl}`
    : 'the full comparison: `trialgate compare … --format json`, which is never cut';
  const named = {
    table: regressions > 0 ? ' Every regression is listed.' : '',
    compact: ` Every regression is named; their table of ${plural(regressions, 'row')} did not fit.`,
    partial: ' Not every regression could be named: the count in the verdict line is complete.',
  }[naming];
  return `✂️ Cut to stay under GitHub's comment limit — ${what}.${named} See ${where}.`;
}
