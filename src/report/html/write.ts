// The report.html reporter. First it chooses which trial directories it shows within its size budget
// (reading each, keeping only the decision), and builds its model from the trials' digests. Then it is
// written one trial at a time: a trial's view is built from its whole result and its evidence read again,
// redacted, rendered and let go. A task's body is inlined while the page stays small; past the inline limit
// the bodies, and the texts they name, wait in JSON blocks that are put aside in the view's scratch (a
// private temporary file) and copied behind the page's script. So memory holds the page's model and one
// trial, never the run (docs/report-html.md). It touches no file itself: the view's `files` reads the trial
// directories and keeps the scratch (run-files.ts).
import { join } from 'node:path';
import { sha256 } from '../../util/hash.ts';
import type { Reporter } from '../reporter.ts';
import type { RunFiles, Scratch } from '../run-files.ts';
import type { RunView } from '../view.ts';
import { DEFAULT_LIMITS, type EvidenceLimits, type TrialEvidence } from './evidence.ts';
import { BlobTable, buildReportModel, trialView, type EvidenceRead } from './model.ts';
import { planEvidence, type PlannedTrial } from './plan.ts';
import {
  blobBlock,
  blobHtml,
  blobPlaceholder,
  DEFAULT_INLINE_LIMIT,
  LAZY_BODY_CLOSE,
  lazyBodyOpen,
  lazyBodyPart,
  lazyTaskHtml,
  matrixRestBlock,
  matrixRows,
  PAGE_END,
  PAGE_SCRIPT,
  pageStart,
  taskHeadParts,
  taskHtml,
  trialHtml,
  type BlobSlot,
  type RenderOptions,
} from './render.ts';

export interface HtmlReportOptions extends RenderOptions {
  /** Applied to every text of the page before it is rendered (the action scrubs secret values). */
  redact?: (text: string) => string;
  /** About how much evidence text the page embeds; the trials past it name their trial directory instead. */
  budgetBytes?: number;
  /**
   * How many trials' evidence the page reads at most. Trials that repeat one candidate add little text,
   * so the byte budget alone would read every trial of a large run.
   */
  maxTrials?: number;
  limits?: EvidenceLimits;
}

export const DEFAULT_BUDGET_BYTES = 8 * 1024 * 1024;
export const DEFAULT_MAX_TRIALS = 400;

export const htmlReporter: Reporter<RunView> = {
  file: 'report.html',
  render: (view, context) => htmlPieces(view, context.redact ? { redact: context.redact } : {}),
};

/** The page as one string (for a caller that holds the run anyway). */
export async function buildHtmlReport(view: RunView, options: HtmlReportOptions = {}): Promise<string> {
  const pieces: string[] = [];
  for await (const piece of htmlPieces(view, options)) pieces.push(piece);
  return pieces.join('');
}

/** The page as pieces to write one after the other; their concatenation is the page. */
export async function* htmlPieces(view: RunView, options: HtmlReportOptions = {}): AsyncGenerator<string> {
  const redact = options.redact;
  const limits = options.limits ?? DEFAULT_LIMITS;
  const { chosen, omitted } = await chooseEvidence(view, options);
  const model = redacted(buildReportModel(view, omitted), redact);
  const digests = new Map(view.run.tasks.map((t) => [t.id, t]));
  const ids = view.tasks.map(({ task }) => task.id);
  const spill = new Spill(await view.files.scratch());
  try {
    const body = new Bodies(spill, options.inlineLimit ?? DEFAULT_INLINE_LIMIT, redact);
    for (const [i, t] of model.tasks.entries()) {
      body.startTask(i, taskHeadParts(t));
      // A task the head does not have (removed since the base) has no trials to show.
      const digest = digests.get(ids[i]!);
      for await (const trial of digest ? view.trials(digest.id) : []) {
        const read = await readChosen(view.files, chosen.get(trial.evidence), limits);
        const shown = redacted(trialView(trial, digest!, read, body.blobs), redact);
        body.addTrial((slot) => trialHtml(shown, slot));
      }
      body.endTask();
    }
    spill.close();
    const rows = matrixRows(model);
    yield pageStart(model, rows);
    for (const [i, t] of model.tasks.entries()) yield `${i === 0 ? '' : '\n'}${body.inline ? taskHtml(t, body.inline[i]!.join('\n')) : lazyTaskHtml(t, i)}`;
    yield PAGE_SCRIPT;
    const rest = matrixRestBlock(rows);
    if (rest) yield rest;
    if (!body.inline) {
      let first = !rest;
      for (const file of ['bodies', 'blobs'] as const) {
        for await (const line of spill.scratch.lines(file)) {
          yield `${first ? '' : '\n'}${line}`;
          first = false;
        }
      }
    }
    yield PAGE_END;
  } finally {
    await spill.scratch.remove();
  }
}

/** What the page does with a trial's evidence: read it (and its base candidate), or say why not. */
type Choice = { read: PlannedTrial } | { omitted: string };

/**
 * Which trials' evidence the page shows: in the order plan.ts gives (most severe first), until the byte
 * budget or the trial count is spent. Each trial is read to measure it and then let go; the page reads
 * the chosen ones again as it writes them.
 */
async function chooseEvidence(view: RunView, options: HtmlReportOptions): Promise<{ chosen: Map<string, Choice>; omitted: number }> {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const budget = options.budgetBytes ?? DEFAULT_BUDGET_BYTES;
  const maxTrials = options.maxTrials ?? DEFAULT_MAX_TRIALS;
  const chosen = new Map<string, Choice>();
  const counted = new Set<string>();
  let used = 0;
  let read = 0;
  let omitted = 0;
  for (const planned of planEvidence(view)) {
    if (!planned.dir) {
      chosen.set(planned.evidence, { omitted: 'its path leads outside the run directory, so it was not read' });
      omitted++;
    } else if (used >= budget || read >= maxTrials) {
      chosen.set(planned.evidence, { omitted: 'left out of this page, which keeps its size bounded; see the trial directory' });
      omitted++;
    } else {
      const head = await view.files.trial(planned.dir, limits);
      read++;
      used += head ? embeddedSize(head, counted) : 0;
      chosen.set(planned.evidence, { read: planned });
    }
  }
  return { chosen, omitted };
}

async function readChosen(files: RunFiles, choice: Choice | undefined, limits: EvidenceLimits): Promise<EvidenceRead | undefined> {
  if (choice === undefined) return undefined;
  if ('omitted' in choice) return { kind: 'omitted', reason: choice.omitted };
  const { dir, base } = choice.read;
  const head = await files.trial(dir!, limits);
  if (!base || !head?.candidate) return { kind: 'read', head, base: null };
  return { kind: 'read', head, base: { evidence: base.evidence, candidate: await files.candidate(join(base.dir, 'candidate'), limits) } };
}

/**
 * About what a trial adds to the page: its logs, tool calls and failed records, and each candidate file
 * not already in it (a text is embedded once however many trials show it; `counted` holds their hashes).
 * Base files count not: only their diff is shown.
 */
function embeddedSize(e: TrialEvidence, counted: Set<string>): number {
  let size = (e.log?.text.length ?? 0) + (e.changes?.text.length ?? 0);
  for (const b of e.boundaries) size += (b.log?.text.length ?? 0) + JSON.stringify(b.trajectory ?? []).length;
  for (const r of e.reports) {
    for (const record of r.report?.records ?? []) {
      if (record.status !== 'passed') size += record.test.length + (record.assertion?.length ?? 0) + (record.traceback?.length ?? 0);
    }
  }
  for (const f of e.candidate?.files ?? []) {
    if (f.text === null) continue;
    const key = sha256(f.text);
    if (counted.has(key)) continue;
    counted.add(key);
    size += f.text.length;
  }
  return size;
}

/**
 * The tasks' bodies as they are rendered: always spilled in their lazy form (JSON blocks, a blob once in
 * a block of its own), and also kept inline while the whole stays under the inline limit. The inline
 * size counts a blob at every place that shows it, as the inlined page repeats it.
 */
class Bodies {
  readonly blobs = new BlobTable();
  /** Each task's inline parts; null once the page is too large to inline. */
  inline: string[][] | null = [];
  private readonly blobHtmlById = new Map<string, string>();
  private readonly blobSize = new Map<string, number>();
  private size = 0;
  private firstPart = true;

  constructor(
    private readonly spill: Spill,
    private readonly limit: number,
    private readonly redact: ((text: string) => string) | undefined,
  ) {}

  startTask(i: number, headParts: readonly string[]): void {
    this.inline?.push([]);
    this.spill.writeBody(lazyBodyOpen(i));
    this.firstPart = true;
    for (const part of headParts) this.add(part, () => part);
  }

  /** A trial's part, rendered once with blob placeholders and, while inlining is possible, once with its blobs. */
  addTrial(render: (slot: BlobSlot) => string): void {
    this.add(render(this.lazySlot), () => render(this.inlineSlot));
  }

  endTask(): void {
    this.spill.writeBody(LAZY_BODY_CLOSE);
  }

  private add(lazyPart: string, inlinePart: () => string): void {
    this.spill.writeBody(lazyBodyPart(lazyPart, this.firstPart));
    this.firstPart = false;
    this.size += lazyPart.length + 1;
    if (!this.inline) return;
    if (this.size > this.limit) {
      this.inline = null;
      this.blobHtmlById.clear();
      return;
    }
    this.inline.at(-1)!.push(inlinePart());
  }

  private readonly lazySlot: BlobSlot = (id, tag, cls) => {
    let size = this.blobSize.get(id);
    if (size === undefined) {
      const blob = this.blobs.take(id)!;
      const html = blobHtml(redacted(blob, this.redact));
      size = html.length;
      this.blobSize.set(id, size);
      this.spill.writeBlob(blobBlock(id, html));
      if (this.inline) this.blobHtmlById.set(id, html);
    }
    this.size += size;
    return blobPlaceholder(id, tag, cls);
  };

  private readonly inlineSlot: BlobSlot = (id, tag, cls) => `<${tag} class="${cls}">${this.blobHtmlById.get(id)!}</${tag}>`;
}

/** The page's two spilled streams: the lazy task bodies, and the blobs they name. */
class Spill {
  private open = true;

  constructor(readonly scratch: Scratch) {}

  writeBody(line: string): void {
    this.scratch.write('bodies', line);
  }

  writeBlob(line: string): void {
    this.scratch.write('blobs', line);
  }

  close(): void {
    if (this.open) this.scratch.close();
    this.open = false;
  }
}

/** `value` with `f` applied to every string in it (keys are ids and names of the model's own). */
function redacted<T>(value: T, f: ((text: string) => string) | undefined): T {
  if (!f) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return f(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}
