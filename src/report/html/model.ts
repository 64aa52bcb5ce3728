// The view model of report.html and the one adapter that builds it from the report's view (view.ts) and
// the evidence read from the trial directories. The renderer sees only this model, so a change of
// results.json or of the comparison touches this file alone. The tasks, their states and their order are
// the view's; the page's model is built from the trials' digests, a trial's own view one trial at a time
// (write.ts streams them), so a run of thousands of trials is never held whole. Pure.
import { checkKind, checkLabel, orderChecks, tallyChecks } from '../../compare/checks.ts';
import type { CheckComparison, CheckStatus, Count, Denominators, RunRef, SideFigures } from '../../schemas/comparison.ts';
import type { Report } from '../../schemas/report.ts';
import type { TaskDigest, TrialResult } from '../../schemas/results.ts';
import { sha256 } from '../../util/hash.ts';
import { checkState, headState, regressionCount, type CheckState, type HeadState, type RunView, type TaskState, type TaskView } from '../view.ts';
import { describeCause, PLAIN, plainReason, verdictInWords } from '../causes.ts';
import { diffCandidates } from './diff.ts';
import { clip } from './escape.ts';
import type { BoundaryRun, Candidate, Tail, TrialEvidence } from './evidence.ts';
import { plural } from '../../util/counted.ts';
import { boundedNote, taskAnchor, type NotePart } from '../format.ts';

export type CellState = CheckState | HeadState;

export interface ReportModel {
  trialSet: string;
  verdict: { state: 'pass' | 'fail' | 'undecided' | 'no_baseline' | 'incomparable'; headline: string };
  policy: string | null;
  /** Each regression's cause in the comment's words (causes.ts), linked to its task; plain text, escaped when rendered. */
  causes: { anchor: string; title: string; lines: string[] }[];
  /** The run's alerts, then the caller's notes: each in its pieces (plain text, code spans, links into the repository), cut between pieces. */
  notes: NotePart[][];
  /** Gated checks of the compared tasks by state; null without a comparison. */
  checkCounts: Record<CheckStatus, number> | null;
  denominators: { side: string; figures: DenominatorsView }[];
  runs: { head: PageRun; bases: PageRun[] };
  holdout: HoldoutView | null;
  columns: Column[];
  tasks: PageTask[];
  /** Trials whose evidence was left out of the page (size budget). */
  evidenceOmitted: number;
}

export interface Blob {
  kind: 'text' | 'diff';
  text: string;
}

export interface PageRun {
  sha: string | null;
  ref: string | null;
  startedAt: string;
}

export interface DenominatorsView {
  runs: number;
  k: number[];
  tasks: number;
  launched: number;
  executed: number;
  envErrors: number;
  unexecuted: number;
  envErrorRules: { rule: string; trials: number }[];
  holdoutEnvErrors: number;
}

export interface HoldoutView {
  tasks: { state: string; n: number }[];
  checks: Record<CheckStatus, number> | null;
  basePasses: Count | null;
  headPasses: Count;
}

/** A matrix column: one check, or (when tasks name too many) every check of a kind. */
export interface Column {
  title: string;
  full: string;
  keys: string[];
}

export interface CellView {
  key: string;
  label: string;
  state: CellState;
  base: Count | null;
  head: Count | null;
  /** The figures behind the state, in words. */
  rule: string | null;
  gated: boolean;
}

export interface FiguresView {
  side: 'head' | 'base';
  k: number;
  launched: number;
  executed: number;
  passes: number;
  envErrors: number;
  unexecuted: number;
  passPowK: number | null;
  wallMs: number;
  tokens: number | null;
  costUsd: number | null;
  envErrorRules: { rule: string; trials: number }[];
}

export interface PageTask {
  /** The element id: never the task id, which is the user's text. */
  anchor: string;
  id: string;
  state: TaskState;
  stateText: string;
  pass: { base: Count | null; head: Count | null };
  cells: CellView[];
  differs: { field: string; base: string; head: string }[];
  pooled: string | null;
  figures: FiguresView[];
  /** Each trial in a line; its whole view is built when the page is written (trialView). */
  trials: TrialLine[];
}

export type TrialLine = Pick<TrialView, 'trial' | 'outcome' | 'stopReason' | 'wallMs' | 'evidencePath'>;

export interface LayerView {
  name: string;
  ok: boolean | null;
  failures: string[];
}

export interface TrialView {
  trial: number;
  outcome: string;
  stopReason: string;
  cause: string | null;
  envError: string | null;
  wallMs: number;
  agentMs: number | null;
  usage: { name: string; value: number }[];
  evidencePath: string;
  layers: LayerView[];
  trajectory: { steps: number | null; retries: number | null; notes: string[] };
  checks: { key: string; label: string; ok: boolean }[];
  variants: VariantView[];
  /** The kinds' own evidence files, each as its declared view shows it. */
  kindEvidence: KindEvidenceView[];
  boundaries: BoundaryView[];
  log: TailView | null;
  /** The candidate's changes against what the trial gave it (a code task), as a diff from its start. */
  changes: TailView | null;
  files: FileView[] | null;
  unlistedFiles: number;
  diff: DiffView | null;
  /** Why there is no evidence to show, when there is none. */
  evidenceNote: string | null;
  problems: string[];
}

export interface VariantView {
  variant: string;
  label: string | null;
  verdict: string | null;
  reason: string | null;
  report: {
    planned: number;
    executed: number;
    complete: boolean;
    blocked: boolean;
    error: string | null;
    passed: number;
    failing: RecordView[];
  } | null;
}

export interface RecordView {
  test: string;
  status: string;
  assertion: string | null;
  traceback: string | null;
  /** The defect this failure caught (attributed by the judge), null when it caught none. */
  caught: string | null;
}

export interface KindEvidenceView {
  title: string;
  path: string;
  lines: string[];
  table: { header: string[]; rows: string[][] } | null;
}

export interface BoundaryView {
  variant: string;
  label: string | null;
  accepted: boolean | null;
  findings: { kind: string; text: string }[];
  timeline: ExchangeView[];
  cutExchanges: number;
  goals: string[];
  log: TailView | null;
  problems: string[];
}

export interface ExchangeView {
  seq: number;
  atMs: number;
  call: string;
  requestBody: string | null;
  delivered: number;
  upstream: number[];
  /** The status the agent received, null when the answer was dropped. */
  response: number | null;
  responseBody: string | null;
  /** The fault injected into this call. */
  fault: string | null;
}

export interface TailView {
  blob: string;
  cutBytes: number;
}

export interface FileView {
  path: string;
  size: number;
  blob: string | null;
  why: string | null;
}

export interface DiffView {
  against: string;
  files: { path: string; change: string; blob: string | null; why: string | null }[];
}

/** What was read for one head trial, keyed by its evidence path. */
export type EvidenceRead =
  { kind: 'read'; head: TrialEvidence | null; base: { evidence: string; candidate: Candidate | null } | null } | { kind: 'omitted'; reason: string };

/** One-line texts from the input are cut here; multi-line texts are bounded where they are read. */
const MAX_LINE = 1000;
const BODY_CHARS = 2000;
/** Past this many distinct checks, the matrix has one column per kind of check. */
const MAX_COLUMNS = 16;

/** The page's model: the view's tasks in its order, `evidenceOmitted` trials' evidence left out of the page. */
export function buildReportModel(view: RunView, evidenceOmitted: number): ReportModel {
  const { comparison: c, withBase } = view;
  const head = new Map(view.run.tasks.map((t) => [t.id, t]));
  const ordered = view.tasks.map((o) => ({ ...o, cells: cellsOf(o, head.get(o.task.id), withBase) }));
  const columns = matrixColumns(
    ordered.flatMap((o) => o.cells),
    ordered.flatMap((o) => o.task.faults),
  );
  const tasks = ordered.map(({ task, state, checks, pass, cells }, i): PageTask => {
    const trials = (head.get(task.id)?.trials ?? []).map((t): TrialLine => ({
      trial: t.trial,
      outcome: t.outcome,
      stopReason: t.stop_reason,
      wallMs: t.wall_ms,
      evidencePath: clip(t.evidence, MAX_LINE),
    }));
    return {
      anchor: taskAnchor(i),
      id: clip(task.id, MAX_LINE),
      state,
      stateText: stateText(task.status, state, checks, withBase),
      pass,
      cells,
      differs: task.differs.map((d) => ({ field: d.field, base: clip(d.base, MAX_LINE), head: clip(d.head, MAX_LINE) })),
      pooled:
        task.base_runs > 1 || task.base_runs_excluded > 0
          ? `base pooled over ${plural(task.base_runs, 'run')}${task.base_runs_excluded > 0 ? `; ${task.base_runs_excluded} left out (another task definition)` : ''}`
          : null,
      figures: [...(task.head ? [figures('head', task.head)] : []), ...(task.base ? [figures('base', task.base)] : [])],
      trials,
    };
  });
  return {
    trialSet: c.trial_set,
    verdict: verdict(view),
    policy: withBase
      ? `${c.policy.name}${c.policy.alpha === null ? '' : `, α = ${c.policy.alpha}`} (${c.policy.chosen === 'default' ? `the default with ${plural(c.bases.length, 'base run')}` : 'chosen'})`
      : null,
    notes: [...view.alerts, ...view.notes].map((n) => boundedNote(n, MAX_LINE)),
    causes: view.causes.map((cause) => {
      const { title, lines } = describeCause(cause, PLAIN);
      return {
        anchor: taskAnchor(view.tasks.findIndex((t) => t.task === cause.task)),
        title: clip(title, MAX_LINE),
        lines: lines.map((l) => clip(l, MAX_LINE)),
      };
    }),
    checkCounts: withBase ? { ...c.checks } : null,
    denominators: [
      { side: 'head', figures: denominators(c.denominators.head) },
      ...(c.denominators.base ? [{ side: `base (${plural(c.denominators.base.runs, 'run')})`, figures: denominators(c.denominators.base) }] : []),
    ],
    runs: { head: pageRun(c.head), bases: c.bases.map(pageRun) },
    holdout: holdoutView(c, withBase),
    columns,
    tasks,
    evidenceOmitted,
  };
}

function stateText(status: TaskView['task']['status'], state: TaskState, n: number, withBase: boolean): string {
  if (state === 'not_rerun') return 'not rerun (unaffected by this change)';
  if (!withBase || status !== 'compared') return state === 'none' ? 'no executed trial' : `${state}${status !== 'compared' && withBase ? ' task' : ''}`;
  return state === 'unchanged' || state === 'undecided' ? state : `${state} (${plural(n, 'check')})`;
}

function cellsOf({ task }: TaskView, result: TaskDigest | undefined, withBase: boolean): CellView[] {
  if (withBase && task.status === 'compared') return task.checks.map((ch) => compared(task, ch));
  if (!result) return [];
  const tallies = tallyChecks(result.trials);
  return orderChecks(tallies.keys(), result.faults).map((key) => ({
    key,
    label: clip(checkLabel(key, result.faults, result.check_labels), MAX_LINE),
    state: headState(tallies.get(key)!),
    base: null,
    head: tallies.get(key)!,
    rule: null,
    gated: checkKind(key) !== 'env',
  }));
}

function compared(task: TaskView['task'], ch: CheckComparison): CellView {
  const rule = ch.ungated ? `not gated, because ${ch.ungated}; ${ch.rule}` : ch.rule;
  return {
    key: ch.check,
    label: clip(ch.label, MAX_LINE),
    state: checkState(task, ch),
    base: ch.base,
    head: ch.head,
    rule: clip(rule, MAX_LINE),
    gated: ch.gated,
  };
}

/** One column per check while there are few; otherwise one per kind of check, holding each task's checks of it. */
function matrixColumns(cells: readonly CellView[], faults: readonly { id: string }[]): Column[] {
  // The trial pass has a column of its own beside the task's state: a `pass` check column would repeat its numbers.
  const keys = orderChecks(new Set(cells.map((c) => c.key).filter((key) => key !== 'pass')), [...new Map(faults.map((f) => [f.id, f])).values()]);
  if (keys.length <= MAX_COLUMNS) {
    return keys.map((key) => ({
      title: clip(key.slice(key.indexOf(':') + 1), 40),
      full: clip(cells.find((c) => c.key === key)!.label, MAX_LINE),
      keys: [key],
    }));
  }
  const kinds = [...new Set(keys.map(checkKind))];
  return kinds.map((kind) => ({ title: kind, full: `every ${kind} check of the task`, keys: keys.filter((k) => checkKind(k) === kind) }));
}

function figures(side: 'head' | 'base', f: SideFigures): FiguresView {
  return {
    side,
    k: f.k,
    launched: f.launched,
    executed: f.n,
    passes: f.passes,
    envErrors: f.env_errors,
    unexecuted: f.unexecuted,
    passPowK: f.pass_pow_k,
    wallMs: f.wall_ms,
    tokens: f.tokens ?? null,
    costUsd: f.cost_usd ?? null,
    envErrorRules: f.env_error_rules.map((r) => ({ rule: clip(r.rule, MAX_LINE), trials: r.trials })),
  };
}

function verdict(view: RunView): ReportModel['verdict'] {
  const c = view.comparison;
  const d = c.denominators.head;
  if (c.verdict === 'incomparable' && c.incomparable) {
    const i = c.incomparable;
    return {
      state: 'incomparable',
      headline: clip(`cannot compare: base run ${i.base_index + 1} has ${i.field} "${i.base}", the head "${i.head}"; head results only`, MAX_LINE),
    };
  }
  if (c.verdict === 'no_baseline' || c.verdict === 'incomparable') {
    return { state: 'no_baseline', headline: `${view.headPasses}/${d.executed} executed trials passed (head results only, no baseline)` };
  }
  const compared = c.task_counts.compared + c.holdout.tasks.compared;
  const tasks = `${compared} task${compared === 1 ? '' : 's'} compared`;
  if (c.verdict === 'fail') return { state: 'fail', headline: `${regressionCount(view)} · ${tasks}` };
  if (c.verdict === 'undecided') {
    const n = (c.undecided?.tasks ?? 0) + (c.undecided?.holdout_tasks ?? 0);
    return {
      state: 'undecided',
      headline: `undecided, rerun: no regression found, but ${n ? `${n} task${n === 1 ? '' : 's'} cannot be decided` : 'the baseline cannot be used'} (${tasks})`,
    };
  }
  return { state: 'pass', headline: compared === 0 ? 'no regressions, but no task could be compared' : `no regressions (${tasks})` };
}

function denominators(d: Denominators): DenominatorsView {
  return {
    runs: d.runs,
    k: d.k,
    tasks: d.tasks,
    launched: d.launched,
    executed: d.executed,
    envErrors: d.env_errors,
    unexecuted: d.unexecuted,
    envErrorRules: d.env_error_rules.map((r) => ({ rule: clip(r.rule, MAX_LINE), trials: r.trials })),
    holdoutEnvErrors: d.holdout_env_errors,
  };
}

function pageRun(r: RunRef): PageRun {
  return { sha: r.git_sha === null ? null : clip(r.git_sha, 80), ref: r.ref === null ? null : clip(r.ref, MAX_LINE), startedAt: clip(r.started_at, 80) };
}

function holdoutView(c: RunView['comparison'], withBase: boolean): HoldoutView | null {
  const h = c.holdout;
  const tasks = Object.entries(h.tasks).filter(([, n]) => n > 0);
  if (tasks.length === 0) return null;
  return {
    tasks: withBase ? tasks.map(([state, n]) => ({ state, n })) : [{ state: 'run', n: tasks.reduce((s, [, n]) => s + n, 0) }],
    checks: withBase ? { ...h.checks } : null,
    basePasses: withBase ? h.base_passes : null,
    headPasses: withBase ? h.head_passes : h.head_passes_all,
  };
}

const LAYERS = [
  ['final state', 'final_state'],
  ['constraints', 'constraints'],
  ['tool contract', 'tool_contract'],
] as const;

/** One trial's whole view, with what was read of its evidence; its texts go to `blobs`. */
export function trialView(trial: TrialResult, task: TaskDigest, read: EvidenceRead | undefined, blobs: BlobTable): TrialView {
  const faultLabel = (id: string) => task.faults.find((f) => f.id === id)?.label ?? null;
  const head = read?.kind === 'read' ? read.head : null;
  const usage = trial.usage ?? {};
  const view: TrialView = {
    trial: trial.trial,
    outcome: trial.outcome,
    stopReason: trial.stop_reason,
    cause: trial.cause ?? null,
    envError: trial.env_error === undefined ? null : clip(trial.env_error, MAX_LINE),
    wallMs: trial.wall_ms,
    agentMs: trial.agent_ms ?? null,
    usage: (['input_tokens', 'output_tokens', 'total_tokens', 'cost_usd'] as const).flatMap((name) =>
      usage[name] === undefined ? [] : [{ name, value: usage[name] }],
    ),
    evidencePath: clip(trial.evidence, MAX_LINE),
    layers: LAYERS.map(([name, key]) => ({ name, ok: trial.layers[key].ok, failures: trial.layers[key].failures.map((f) => clip(plainReason(f), MAX_LINE)) })),
    trajectory: {
      steps: trial.layers.trajectory.steps ?? null,
      retries: trial.layers.trajectory.retries ?? null,
      notes: trial.layers.trajectory.notes.map((n) => clip(n, MAX_LINE)),
    },
    checks: orderChecks(Object.keys(trial.checks), task.faults).map((key) => ({
      key,
      label: clip(checkLabel(key, task.faults, task.check_labels), MAX_LINE),
      ok: trial.checks[key]!,
    })),
    variants: variants(trial, head, faultLabel),
    kindEvidence: (head?.kindEvidence ?? []).map((e) => ({
      title: clip(e.title, MAX_LINE),
      path: clip(e.path, MAX_LINE),
      lines: (e.section?.lines ?? []).map((l) => clip(l, MAX_LINE)),
      table: e.section?.table
        ? { header: e.section.table.header.map((h) => clip(h, MAX_LINE)), rows: e.section.table.rows.map((r) => r.map((c) => clip(c, BODY_CHARS))) }
        : null,
    })),
    boundaries: (head?.boundaries ?? []).map((b) => boundaryView(b, faultLabel, blobs)),
    log: head?.log ? tailView(head.log, blobs) : null,
    changes: head?.changes ? { blob: blobs.add('diff', head.changes.text), cutBytes: head.changes.cutBytes } : null,
    files: head?.candidate
      ? head.candidate.files.map((f) => ({
          path: clip(f.path, MAX_LINE),
          size: f.size,
          blob: f.text === null ? null : blobs.add('text', f.text),
          why: f.why ?? null,
        }))
      : null,
    unlistedFiles: head?.candidate?.unlisted ?? 0,
    diff: null,
    evidenceNote:
      read === undefined
        ? 'no evidence was read for this trial'
        : read.kind === 'omitted'
          ? read.reason
          : head === null
            ? `the trial directory ${trial.evidence} is not beside this report`
            : null,
    problems: [
      ...(head?.problems ?? []),
      ...(head?.reports.flatMap((r) => (r.problem ? [r.problem] : [])) ?? []),
      ...(head?.kindEvidence.flatMap((e) => (e.problem ? [e.problem] : [])) ?? []),
    ].map((p) => clip(p, MAX_LINE)),
  };
  if (read?.kind === 'read' && read.base && head?.candidate) {
    const base = read.base;
    view.diff = {
      against: clip(base.evidence, MAX_LINE),
      files: base.candidate
        ? diffCandidates(base.candidate, head.candidate).map((f) => ({
            path: clip(f.path, MAX_LINE),
            change: f.change,
            blob: f.change === 'changed' ? blobs.add('diff', f.patch) : null,
            why: f.change === 'not compared' ? f.why : null,
          }))
        : [],
    };
  }
  return view;
}

/** Each variant's report beside the judge's verdict on it; verdicts without a report still show. */
function variants(trial: TrialResult, head: TrialEvidence | null, faultLabel: (id: string) => string | null): VariantView[] {
  const reports = new Map((head?.reports ?? []).map((r) => [r.report?.fault ?? r.variant, r.report]));
  const names = [...new Set([...trial.judgements.map((j) => j.fault), ...reports.keys()])];
  return names.map((variant) => {
    const judgement = trial.judgements.find((j) => j.fault === variant);
    const report = reports.get(variant) ?? null;
    const caught = variant === 'none' ? new Set<string>() : new Set(judgement?.detected_by ?? []);
    return {
      variant: clip(variant, MAX_LINE),
      label: faultLabel(variant),
      verdict: judgement ? verdictInWords(judgement.verdict) : null,
      reason: judgement ? clip(judgement.reason, MAX_LINE) : null,
      report: report ? reportView(report, variant, caught) : null,
    };
  });
}

function reportView(report: Report, variant: string, caught: ReadonlySet<string>): NonNullable<VariantView['report']> {
  return {
    planned: report.planned,
    executed: report.executed,
    complete: report.complete,
    blocked: report.blocked,
    error: report.error === undefined ? null : clip(report.error, MAX_LINE),
    passed: report.records.filter((r) => r.status === 'passed').length,
    failing: report.records
      .filter((r) => r.status !== 'passed')
      .map((r) => ({
        test: clip(r.test, MAX_LINE),
        status: r.status,
        assertion: r.assertion === undefined ? null : clip(r.assertion, MAX_LINE),
        traceback: r.traceback === undefined ? null : clip(r.traceback, MAX_LINE),
        caught: caught.has(r.test) ? clip(variant, MAX_LINE) : null,
      })),
  };
}

function boundaryView(b: BoundaryRun, faultLabel: (id: string) => string | null, blobs: BlobTable): BoundaryView {
  return {
    variant: clip(b.variant, MAX_LINE),
    label: faultLabel(b.variant),
    accepted: b.judgement?.accepted ?? null,
    findings: (b.judgement?.findings ?? []).map((f) => ({ kind: clip(f.kind, 80), text: clip(f.text, MAX_LINE) })),
    timeline: (b.trajectory ?? []).map((x) => ({
      seq: x.seq,
      atMs: x.at_ms,
      call: clip(`${x.request.method} ${x.request.path}`, MAX_LINE),
      requestBody: x.request.body === undefined ? null : clip(JSON.stringify(x.request.body), BODY_CHARS),
      delivered: x.delivered,
      upstream: x.upstream.map((u) => u.status),
      response: x.response?.status ?? null,
      responseBody: x.response?.body === undefined ? null : clip(JSON.stringify(x.response.body), BODY_CHARS),
      fault: x.fault === undefined ? null : clip(x.fault, MAX_LINE),
    })),
    cutExchanges: b.cutExchanges,
    goals: b.goals.map((g) => clip(JSON.stringify(g), BODY_CHARS)),
    log: b.log ? tailView(b.log, blobs) : null,
    problems: b.problems.map((p) => clip(p, MAX_LINE)),
  };
}

function tailView(tail: Tail, blobs: BlobTable): TailView {
  return { blob: blobs.add('text', tail.text), cutBytes: tail.cutBytes };
}

/**
 * Texts kept once however often they appear: trials of a deterministic agent write the same files. A
 * text is held only until the page takes it to write; afterwards its id is known by the text's hash.
 */
export class BlobTable {
  private readonly ids = new Map<string, string>();
  private readonly pending = new Map<string, Blob>();

  add(kind: Blob['kind'], text: string): string {
    const key = sha256(`${kind}:${text}`);
    let id = this.ids.get(key);
    if (id === undefined) {
      id = `b${this.ids.size}`;
      this.ids.set(key, id);
      this.pending.set(id, { kind, text });
    }
    return id;
  }

  /** The blob `id` the first time it is asked for; undefined after (the page has it already). */
  take(id: string): Blob | undefined {
    const blob = this.pending.get(id);
    this.pending.delete(id);
    return blob;
  }
}
