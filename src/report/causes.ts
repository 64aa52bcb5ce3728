// What a prompt author reads first: each regression as one cause. The gated checks of a task that regressed
// and failed in the same head trials are one cause (a lost section of a skill loses the detection, the
// trial's pass and the judge item that asks about it at once), led by the check that says most. Its evidence
// is in the acceptor's and the judge's words, never a test statistic; the internal verdict names of a
// reason are said in plain words (plainReason). Pure: explain.ts adds what only the trial directories hold.
import { checkKind, checkLabel } from '../compare/checks.ts';
import type { CheckComparison, CheckKind, TaskComparison } from '../schemas/comparison.ts';
import { plural } from '../util/counted.ts';
import { bounded, taskAnchor } from './format.ts';

export interface Cause {
  task: TaskComparison;
  /** The regressed gated checks of the cause, the one that says most first (LEAD_ORDER). */
  checks: CheckComparison[];
  /** Executed head trials in which the lead check failed, of the executed head trials. */
  failing: { trials: number; of: number };
  evidence: CauseEvidence;
}

export interface CauseEvidence {
  /** The first reason a failing head trial gives for the lead check, in plain words; null when none names it. */
  head: string | null;
  /** A lost detection: the base trials' tests that caught the defect, and the first assertion they failed on it. */
  base: { tests: string[]; assertion: string | null; trials: number; of: number } | null;
  /** A lost detection: of those tests, the ones the head's tests lack and the ones that ran on the defect and passed. */
  headTests: { missing: string[]; passing: string[] } | null;
  /** The model judge's answers in the cause: what it said of a failing head trial's candidate. */
  judge: { item: string; reason: string }[];
}

/** The check that explains a cause best leads it: a defect no longer caught says more than the trial's pass. */
const LEAD_ORDER: readonly CheckKind[] = ['detect', 'tool', 'other', 'constraint', 'judge', 'pass', 'env'];

/** The causes of the view's regressions, in the view's task order (most severe first). */
export function causesOf(tasks: readonly TaskComparison[], isRegressed: (task: TaskComparison, check: CheckComparison) => boolean): Cause[] {
  return tasks.flatMap((task) => {
    const lost = task.checks.filter((ch) => ch.gated && isRegressed(task, ch));
    if (lost.length === 0) return [];
    const executed = task.head_trials.filter((t) => t.outcome === 'pass' || t.outcome === 'fail');
    const failedIn = (check: string) =>
      executed
        .filter((t) => t.checks[check] === false)
        .map((t) => t.trial)
        .join(',');
    const groups = new Map<string, CheckComparison[]>();
    for (const ch of lost) groups.set(failedIn(ch.check), [...(groups.get(failedIn(ch.check)) ?? []), ch]);
    // The trial's pass fails whenever any of its checks does: when it failed only in trials a listed cause
    // failed in, it is part of those causes, never one of its own.
    const passAlone = [...groups].find(([, checks]) => checks.length === 1 && checks[0]!.kind === 'pass');
    if (passAlone && groups.size > 1) {
      const explained = new Set([...groups].filter(([key]) => key !== passAlone[0]).flatMap(([key]) => key.split(',')));
      if (passAlone[0].split(',').every((trial) => explained.has(trial))) {
        groups.delete(passAlone[0]);
        const first = groups.values().next().value!;
        first.push(passAlone[1][0]!);
      }
    }
    // Among checks of one kind, the task kind's labels come in the order that explains most first (a code
    // task's: code that does not start before the tests it fails with it).
    const labelled = Object.keys(task.check_labels ?? {});
    const within = (ch: CheckComparison) => (labelled.includes(ch.check) ? labelled.indexOf(ch.check) : labelled.length);
    const rank = (ch: CheckComparison) => LEAD_ORDER.indexOf(ch.kind) * (labelled.length + 1) + within(ch);
    const byLead = [...groups.values()].map((checks) => [...checks].sort((a, b) => rank(a) - rank(b))).sort((a, b) => rank(a[0]!) - rank(b[0]!));
    return byLead.map((ordered) => {
      const lead = ordered[0]!;
      const failing = executed.filter((t) => t.checks[lead.check] === false);
      return {
        task,
        checks: ordered,
        failing: { trials: failing.length, of: executed.length },
        evidence: { head: headReason(lead, failing), base: null, headTests: null, judge: [] },
      };
    });
  });
}

/** The first reason of a failing head trial that concerns the lead check (a detection's names its variant), in plain words. */
function headReason(lead: CheckComparison, failing: readonly TaskComparison['head_trials'][number][]): string | null {
  const fault = lead.kind === 'detect' || lead.kind === 'tool' ? lead.check.slice(lead.check.indexOf(':') + 1) : null;
  for (const trial of failing) {
    const reasons = trial.why ?? [];
    const named = fault === null ? reasons[0] : reasons.find((r) => r.startsWith(`${fault}: `));
    if (named) return plainReason(named);
  }
  return null;
}

/** What a cause lost, said of the task: "no longer catches double-reserve — duplicate request reserves twice". */
export function lostInWords(task: TaskComparison, check: CheckComparison, quote: (text: string) => string = (t) => t): string {
  const name = check.check.slice(check.check.indexOf(':') + 1);
  const fault = task.faults.find((f) => f.id === name)?.label;
  const defect = fault ? `${quote(name)} — ${quote(fault)}` : quote(name);
  // A kind's label is a name, not a predicate ("reproduction: tax is charged after the discount", "the changed
  // code builds and starts"): quoted as the check's name, the sentence reads as what was lost, not as a claim.
  if (task.check_labels?.[check.check] !== undefined) return `no longer passes its check “${quote(task.check_labels[check.check]!)}”`;
  switch (checkKind(check.check)) {
    case 'detect':
      return `no longer catches the defect ${defect}`;
    case 'tool':
      return `no longer handles the tool fault ${defect}`;
    case 'constraint':
      return `now breaks the constraint ${quote(name)}`;
    case 'judge': {
      const question = task.judge?.items.find((i) => i.id === name)?.question;
      return `no longer gets a yes from the model judge on ${quote(name)}${question ? ` (${quote(question)})` : ''}`;
    }
    case 'pass':
      return 'no longer passes its trials';
    default:
      return `no longer passes ${checkLabel(check.check, task.faults, task.check_labels, quote)}`;
  }
}

const VERDICT_NAMES: Record<string, string> = {
  baseline_pass: 'every test passed on the correct service',
  baseline_fail: 'tests fail on the correct service',
  defect_detected: 'caught',
  defect_detected_unattributed: "tests failed, but none reached the defect's code",
  defect_missed: 'missed: no test caught it',
  execution_error_or_skip: 'a test errored or was skipped instead of asserting',
  incomplete: 'not every planned test ran',
  unverified: "not this trial's own report",
  unknown_fault: 'a defect the fixture does not declare',
};

/** A report's verdict as a reader says it (report.html's variant reports). */
export function verdictInWords(verdict: string): string {
  return VERDICT_NAMES[verdict] ?? verdict;
}

const VERDICT_WORDS: Record<string, (variant: string, reason: string) => string> = {
  defect_missed: (v, r) => `no test caught ${v} (${r})`,
  defect_detected_unattributed: (v, r) => `tests failed on ${v}, but none of them reached the defect's code (${r})`,
  baseline_fail: (_, r) => `the tests fail on the correct service (${r})`,
  execution_error_or_skip: (v, r) => `a test on ${v === 'none' ? 'the correct service' : v} errored or was skipped instead of asserting (${r})`,
  incomplete: (v, r) => `the tests on ${v === 'none' ? 'the correct service' : v} did not all run (${r})`,
  unverified: (v, r) => `the report on ${v === 'none' ? 'the correct service' : v} is not this trial's own (${r})`,
  unknown_fault: (_, r) => `a report names a defect the fixture does not declare (${r})`,
};

/**
 * A reason in plain words: `double-reserve: defect_missed: all 9 passed on double-reserve` reads as good news
 * and means no test caught the defect, so it is said so. Reasons in any other form are returned as they are.
 */
export function plainReason(reason: string): string {
  const m = /^(.+?): (defect_missed|defect_detected_unattributed|baseline_fail|execution_error_or_skip|incomplete|unverified|unknown_fault): (.*)$/s.exec(
    reason,
  );
  return m ? VERDICT_WORDS[m[2]!]!(m[1]!, m[3]!) : reason;
}

/** How an output marks the parts of a sentence: user text made inert, code (test names, assertions), emphasis. */
export interface Quoting {
  text: (s: string) => string;
  code: (s: string) => string;
  strong: (s: string) => string;
}

export const PLAIN: Quoting = { text: (s) => s, code: (s) => s, strong: (s) => s };

const MAX_EVIDENCE = 300;

/** A cause in sentences, the same in the comment and a CI log: its title, then what the base did, what the head does, what fails with it. */
export function describeCause(cause: Cause, q: Quoting): { title: string; lines: string[] } {
  const [lead, ...with_] = cause.checks;
  const e = cause.evidence;
  const trials = cause.failing.of > 0 ? `, in ${cause.failing.trials} of ${plural(cause.failing.of, 'trial')}` : '';
  const title = `${q.strong(q.text(cause.task.id))} ${lostInWords(cause.task, lead!, q.text)}${trials}.`;
  const lines: string[] = [];
  if (e.base) {
    const tests = e.base.tests.map((t) => q.code(bounded(t, 120)));
    const assertion = e.base.assertion ? `: ${q.code(bounded(e.base.assertion, MAX_EVIDENCE))}` : '';
    lines.push(
      `Before: on the base, ${e.base.tests.length === 1 ? 'test' : 'tests'} ${tests.join(', ')} caught it in ${e.base.trials} of ${plural(e.base.of, 'trial')}${assertion}.`,
    );
  } else if (lead!.base.n > 0) {
    const did = lead!.kind === 'detect' ? "the base's tests caught it" : lead!.kind === 'judge' ? 'the model judge said yes' : 'it passed';
    lines.push(`Before: ${did} in ${lead!.base.successes} of ${plural(lead!.base.n, 'base trial')}.`);
  }
  const listed = (tests: readonly string[]) =>
    `${tests.length === 1 ? 'test' : 'tests'} ${tests
      .slice(0, 5)
      .map((t) => q.code(bounded(t, 120)))
      .join(', ')}${tests.length > 5 ? ` and ${tests.length - 5} more` : ''}`;
  const now: string[] = [];
  if (e.headTests?.missing.length) now.push(`${listed(e.headTests.missing)} ${e.headTests.missing.length === 1 ? 'is' : 'are'} gone from the agent's tests`);
  if (e.headTests?.passing.length)
    now.push(`${listed(e.headTests.passing)} still ${e.headTests.passing.length === 1 ? 'runs' : 'run'} but no longer fails on the defect`);
  if (e.head) now.push(q.text(bounded(e.head, MAX_EVIDENCE)));
  if (now.length) lines.push(`Now: ${now.join('; ')}.`);
  if (with_.length) lines.push(`Also failing in those trials: ${with_.map((ch) => alsoFailing(cause, ch, q)).join('; ')}.`);
  return { title, lines };
}

function alsoFailing(cause: Cause, check: CheckComparison, q: Quoting): string {
  if (check.kind === 'pass') return "the trial's overall pass";
  const name = check.check.slice(check.check.indexOf(':') + 1);
  if (check.kind === 'judge') {
    const said = cause.evidence.judge.find((j) => j.item === name);
    return `the model judge on ${q.text(name)}${said ? ` (it answered no: ${q.text(bounded(said.reason, MAX_EVIDENCE))})` : ''}`;
  }
  return checkLabel(check.check, cause.task.faults, cause.task.check_labels, q.text);
}

/**
 * What reproduces the first `shown` causes on a laptop: `trialgate run` of their tasks (with the trial set's
 * file when it is not trialgate.yml), and each task's anchor in report.html.
 */
export function reproduce(
  view: { causes: readonly Cause[]; config: string | null; tasks: readonly { task: { id: string } }[] },
  shown: number,
): { command: string; anchors: { task: string; anchor: string }[] } {
  const ids = [...new Set(view.causes.slice(0, shown).map((c) => c.task.id))];
  const config = view.config && view.config !== 'trialgate.yml' ? ` --config ${shellWord(view.config)}` : '';
  return {
    command: `npx trialgate run${config} ${ids.map((id) => `--task ${shellWord(id)}`).join(' ')}`,
    anchors: ids.map((task) => ({ task, anchor: taskAnchor(view.tasks.findIndex((t) => t.task.id === task)) })),
  };
}

/** A word a POSIX shell reads as itself. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
