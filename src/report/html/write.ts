// Writing report.html: read the planned trial directories within the page's size budget, build the
// view model, redact it, render it. The one place where report.html touches the file system.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Comparison } from '../../schemas/comparison.ts';
import type { Results } from '../../schemas/results.ts';
import { DEFAULT_LIMITS, readCandidate, readTrialEvidence, type Candidate, type EvidenceLimits, type TrialEvidence } from './evidence.ts';
import { buildReportModel, type EvidenceRead, type ReportModel } from './model.ts';
import { planEvidence, type BaseRun } from './plan.ts';
import { renderHtmlPieces, type RenderOptions } from './render.ts';

export interface HtmlReportOptions extends RenderOptions {
  /** The head run directory: the trial directories' paths in results.json are relative to it. */
  runDir: string;
  /** Base runs with their directories, for the diff of the candidates; only their candidates are read. */
  bases?: readonly BaseRun[];
  notes?: readonly string[];
  /** Applied to every text of the page before it is rendered (the action scrubs secret values). */
  redact?: (text: string) => string;
  /** About how much evidence text the page embeds; the trials past it name their trial directory instead. */
  budgetBytes?: number;
  /**
   * How many trials' evidence the page reads at most. Trials that repeat one candidate add little text,
   * so the byte budget alone would read every trial of a large run, and hold it all in memory at once.
   */
  maxTrials?: number;
  limits?: EvidenceLimits;
}

export const DEFAULT_BUDGET_BYTES = 8 * 1024 * 1024;
export const DEFAULT_MAX_TRIALS = 400;

export async function buildHtmlReport(results: Results, comparison: Comparison, options: HtmlReportOptions): Promise<string> {
  return (await buildHtmlPieces(results, comparison, options)).join('');
}

/** The page as pieces to write one after the other (render.ts: renderHtmlPieces). */
export async function buildHtmlPieces(results: Results, comparison: Comparison, options: HtmlReportOptions): Promise<string[]> {
  const evidence = await readPlannedEvidence(results, comparison, options);
  let model = buildReportModel({ results, comparison, evidence, ...(options.notes ? { notes: options.notes } : {}) });
  if (options.redact) model = mapStrings(model, options.redact);
  return renderHtmlPieces(model, options);
}

export async function writeHtmlReport(path: string, results: Results, comparison: Comparison, options: HtmlReportOptions): Promise<void> {
  await writeFile(path, await buildHtmlReport(results, comparison, options));
}

async function readPlannedEvidence(results: Results, comparison: Comparison, options: HtmlReportOptions): Promise<Map<string, EvidenceRead>> {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const budget = options.budgetBytes ?? DEFAULT_BUDGET_BYTES;
  const maxTrials = options.maxTrials ?? DEFAULT_MAX_TRIALS;
  let read = 0;
  const reads = new Map<string, EvidenceRead>();
  const baseCandidates = new Map<string, Promise<Candidate | null>>();
  const counted = new Set<string>();
  let used = 0;
  for (const planned of planEvidence(results, comparison, options.runDir, options.bases ?? [])) {
    if (!planned.dir) {
      reads.set(planned.evidence, { kind: 'omitted', reason: 'its path leads outside the run directory, so it was not read' });
    } else if (used >= budget || read >= maxTrials) {
      reads.set(planned.evidence, { kind: 'omitted', reason: 'left out of this page, which keeps its size bounded; see the trial directory' });
    } else {
      const head = await readTrialEvidence(planned.dir, limits);
      read++;
      const base = planned.base;
      let baseCandidate: Candidate | null = null;
      if (base && head?.candidate) {
        if (!baseCandidates.has(base.dir)) baseCandidates.set(base.dir, readCandidate(join(base.dir, 'candidate'), limits));
        baseCandidate = await baseCandidates.get(base.dir)!;
      }
      used += head ? embeddedSize(head, counted) : 0;
      reads.set(planned.evidence, { kind: 'read', head, base: base && head?.candidate ? { evidence: base.evidence, candidate: baseCandidate } : null });
    }
  }
  return reads;
}

/**
 * About what a trial adds to the page: its logs, tool calls and failed records, and each candidate file
 * not already in it (model.ts embeds a text once however many trials show it). Base files count not:
 * only their diff is shown.
 */
function embeddedSize(e: TrialEvidence, counted: Set<string>): number {
  let size = e.log?.text.length ?? 0;
  for (const b of e.boundaries) size += (b.log?.text.length ?? 0) + JSON.stringify(b.trajectory ?? []).length;
  for (const r of e.reports) {
    for (const record of r.report?.records ?? []) {
      if (record.status !== 'passed') size += record.test.length + (record.assertion?.length ?? 0) + (record.traceback?.length ?? 0);
    }
  }
  for (const f of e.candidate?.files ?? []) {
    if (f.text === null || counted.has(f.text)) continue;
    counted.add(f.text);
    size += f.text.length;
  }
  return size;
}

/** The model with `f` applied to every string in it (keys are ids and names of the model's own). */
function mapStrings(model: ReportModel, f: (text: string) => string): ReportModel {
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return f(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    return value;
  };
  return walk(model) as ReportModel;
}
