// Writing report.html: read the planned trial directories within the page's size budget, build the
// view model, redact it, render it. The one place where report.html touches the file system.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Comparison } from '../../schemas/comparison.ts';
import type { Results } from '../../schemas/results.ts';
import { DEFAULT_LIMITS, readCandidate, readTrialEvidence, type Candidate, type EvidenceLimits } from './evidence.ts';
import { buildReportModel, type EvidenceRead, type ReportModel } from './model.ts';
import { planEvidence, type BaseRun } from './plan.ts';
import { renderHtmlReport, type RenderOptions } from './render.ts';

export interface HtmlReportOptions extends RenderOptions {
  /** The head run directory: the trial directories' paths in results.json are relative to it. */
  runDir: string;
  /** Base runs with their directories, for the diff of the candidates; only their candidates are read. */
  bases?: readonly BaseRun[];
  notes?: readonly string[];
  /** Applied to every text of the page before it is rendered (the action scrubs secret values). */
  redact?: (text: string) => string;
  /** Evidence text the page embeds at most; the trials past it are listed with where to find them. */
  budgetBytes?: number;
  limits?: EvidenceLimits;
}

export const DEFAULT_BUDGET_BYTES = 24 * 1024 * 1024;

export async function buildHtmlReport(results: Results, comparison: Comparison, options: HtmlReportOptions): Promise<string> {
  const evidence = await readPlannedEvidence(results, comparison, options);
  let model = buildReportModel({ results, comparison, evidence, ...(options.notes ? { notes: options.notes } : {}) });
  if (options.redact) model = mapStrings(model, options.redact);
  return renderHtmlReport(model, options);
}

export async function writeHtmlReport(path: string, results: Results, comparison: Comparison, options: HtmlReportOptions): Promise<void> {
  await writeFile(path, await buildHtmlReport(results, comparison, options));
}

async function readPlannedEvidence(results: Results, comparison: Comparison, options: HtmlReportOptions): Promise<Map<string, EvidenceRead>> {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const budget = options.budgetBytes ?? DEFAULT_BUDGET_BYTES;
  const reads = new Map<string, EvidenceRead>();
  const baseCandidates = new Map<string, Promise<Candidate | null>>();
  // A text shown in many trials is embedded once (model.ts), so it counts once against the budget.
  const counted = new Set<string>();
  let used = 0;
  const count = (candidate: Candidate | null): void => {
    for (const f of candidate?.files ?? []) {
      if (f.text === null || counted.has(f.text)) continue;
      counted.add(f.text);
      used += f.text.length;
    }
  };
  for (const planned of planEvidence(results, comparison, options.runDir, options.bases ?? [])) {
    if (!planned.dir) {
      reads.set(planned.evidence, { kind: 'omitted', reason: 'its path leads outside the run directory, so it was not read' });
    } else if (used >= budget) {
      reads.set(planned.evidence, { kind: 'omitted', reason: `not embedded: the page holds at most ${Math.round(budget / 1024 / 1024)} MiB of evidence; it is in the trial directory ${planned.evidence}` });
    } else {
      const head = await readTrialEvidence(planned.dir, limits);
      const base = planned.base;
      let baseCandidate: Candidate | null = null;
      if (base && head?.candidate) {
        if (!baseCandidates.has(base.dir)) baseCandidates.set(base.dir, readCandidate(join(base.dir, 'candidate'), limits));
        baseCandidate = await baseCandidates.get(base.dir)!;
      }
      used += head?.bytes ?? 0;
      count(head?.candidate ?? null);
      count(baseCandidate);
      reads.set(planned.evidence, { kind: 'read', head, base: base && head?.candidate ? { evidence: base.evidence, candidate: baseCandidate } : null });
    }
  }
  return reads;
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
