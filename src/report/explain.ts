// The evidence of each regression's cause that only the runs' trials hold (causes.ts has what the comparison
// holds): which tests caught a lost defect on the base and with which assertion, whether the head's tests lack
// them or ran them and passed, the head's own first failure of the check, and what the model judge said. Read
// once, before any reporter renders, so that reporters stay pure: the front ends call presentRun instead of
// present. Whatever cannot be read is left unsaid; a report is never refused for it.
import { join } from 'node:path';
import { Report } from '../schemas/report.ts';
import { TrialResult, type RunDigest, type Results, type TaskDigest } from '../schemas/results.ts';
import type { Judgement } from '../schemas/judgement.ts';
import { plainReason, type Cause, type CauseEvidence } from './causes.ts';
import { readEvidenceJson } from './html/evidence.ts';
import { inside } from './html/plan.ts';
import { present, type ShownBase, type RunSource, type RunView } from './view.ts';
import { EVIDENCE } from '../layout.ts';

/** Causes explained from their trials; past these the first screen only names them. */
const EXPLAINED = 10;

/** The view of a run with the evidence of its first causes read from the trials (the front ends' present). */
export async function presentRun(source: RunSource): Promise<RunView> {
  const view = present(source);
  const causes: Cause[] = [];
  for (const [i, cause] of view.causes.entries()) causes.push(i < EXPLAINED ? await explainCause(view, cause) : cause);
  return { ...view, causes };
}

async function explainCause(view: RunView, cause: Cause): Promise<Cause> {
  const lead = cause.checks[0]!;
  const evidence: CauseEvidence = { ...cause.evidence, judge: [] };
  const fault = lead.kind === 'detect' ? lead.check.slice(lead.check.indexOf(':') + 1) : null;
  const judgeItems = new Set(cause.checks.filter((ch) => ch.kind === 'judge').map((ch) => ch.check.slice(ch.check.indexOf(':') + 1)));
  let firstFailing: TrialResult | null = null;
  for await (const trial of view.trials(cause.task.id)) {
    if (trial.outcome !== 'fail' || trial.checks[lead.check] !== false) continue;
    firstFailing ??= trial;
    const own = trial.check_failures?.[lead.check];
    if (own && !evidence.head) evidence.head = plainReason(own);
    for (const record of trial.judge ?? []) {
      if (judgeItems.has(record.id) && record.verdict === 'no' && !evidence.judge.some((j) => j.item === record.id) && record.reason)
        evidence.judge.push({ item: record.id, reason: record.reason });
    }
    if (evidence.head && evidence.judge.length === judgeItems.size) break;
  }
  if (fault) {
    evidence.base = await caughtOnBase(view.bases, cause.task.id, fault);
    if (evidence.base && firstFailing) evidence.headTests = await headTests(view.runDir, firstFailing.evidence, fault, evidence.base.tests);
  }
  return { ...cause, evidence };
}

/** The base trials' tests that caught `fault`, most often first, and the assertion the first of them failed on it. */
async function caughtOnBase(bases: readonly ShownBase[], taskId: string, fault: string): Promise<CauseEvidence['base']> {
  const tests = new Map<string, number>();
  let assertion: string | null = null;
  let caught = 0;
  let executed = 0;
  for (const base of bases) {
    const task = (base.results.tasks as readonly (TaskDigest | Results['tasks'][number])[]).find((t) => t.id === taskId && t.set !== 'holdout');
    for (const trial of task?.trials ?? []) {
      if (trial.outcome !== 'pass' && trial.outcome !== 'fail') continue;
      executed += 1;
      if (trial.checks[`detect:${fault}`] !== true) continue;
      caught += 1;
      const judgement = (await judgementsOf(base, trial)).find((j) => j.fault === fault);
      for (const test of judgement?.detected_by ?? []) tests.set(test, (tests.get(test) ?? 0) + 1);
      assertion ??= judgement ? assertionOf(judgement) : null;
    }
  }
  if (tests.size === 0) return null;
  return { tests: [...tests].sort((a, b) => b[1] - a[1]).map(([t]) => t), assertion, trials: caught, of: executed };
}

/** A trial's judgements: from its whole result when the base was read whole, else from its verdict.json. */
async function judgementsOf(base: ShownBase, trial: RunDigest['tasks'][number]['trials'][number]): Promise<readonly Judgement[]> {
  if ('judgements' in trial && Array.isArray(trial.judgements)) return trial.judgements as Judgement[];
  const dir = inside(base.dir, trial.evidence);
  if (!dir) return [];
  return (await readEvidenceJson(join(dir, 'evidence', 'verdict.json'), TrialResult)).value?.judgements ?? [];
}

/**
 * The assertion and what came instead, from the judgement's reason: `test (assertion: expected x, got y)`, its
 * first line only (a JUnit failure's detail goes on with the stack, after repeating the message as
 * `Type: message`, and go test's with the test's output, after its `=== RUN` line: then the assertion alone).
 */
export function assertionOf(judgement: Judgement): string | null {
  const test = judgement.detected_by[0];
  const known = judgement.first_failed?.test === test ? (judgement.first_failed?.assertion ?? null) : null;
  const reason = judgement.reason.replace(/ \(no coverage: not attributed\)$/, '');
  if (!test || judgement.detected_by.length !== 1 || !reason.startsWith(`${test} (`) || !reason.endsWith(')')) return known;
  const first = reason
    .slice(test.length + 2, -1)
    .split('\n')[0]!
    .trim();
  // After the assertion, the detail's first line may only repeat it (JUnit's `Type: message`), repeat its start
  // (Jest's `Error: <matcher hint>`, the values on lines below) or name the test (go test's `=== RUN   TestX`
  // header, the output the failure was printed in): then the assertion alone.
  if (!known || !first.startsWith(known)) return first;
  const rest = first.slice(known.length);
  const repeated = rest.replace(/^: (?:[\w.$]*(?:Error|Exception)\w*: )?/, '');
  return rest && (rest.includes(known) || (repeated !== '' && known.startsWith(repeated)) || rest.startsWith(`: === RUN   ${test}`)) ? known : first;
}

/** Of the base's catching tests: those the head trial's report on the defect lacks, and those it ran and passed. */
async function headTests(runDir: string, evidence: string, fault: string, caughtBy: readonly string[]): Promise<CauseEvidence['headTests']> {
  const dir = inside(runDir, evidence);
  // A fault id names a file here: one that would lead elsewhere is not read.
  if (!dir || /[/\\]|^\.\.?$/.test(fault)) return null;
  const report = (await readEvidenceJson(join(dir, 'evidence', EVIDENCE.reports, `${fault}.json`), Report)).value;
  if (!report) return null;
  const status = new Map(report.records.map((r) => [r.test, r.status]));
  return { missing: caughtBy.filter((t) => !status.has(t)), passing: caughtBy.filter((t) => status.get(t) === 'passed') };
}
