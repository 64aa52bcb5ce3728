// What an agent reports of its usage (evidence/usage.json): read without following a link, each figure
// bounded where it enters (util/plausible.ts), and summed over a trial's agent runs. Nothing an agent
// writes here can make a sum overflow or a results file fail its schema; what was refused or bounded is
// a note on the trial. A report that is not usage counts as none: usage is never estimated.
import { z } from 'zod';
import { Usage } from '../schemas/results.ts';
import { issuePath } from '../util/errors.ts';
import { readRegularFile } from '../util/files.ts';
import { bound, MAX_COST_USD, MAX_TOKENS } from '../util/plausible.ts';

const REPORT_BYTES = 64 * 1024;
const FIGURES = ['input_tokens', 'output_tokens', 'total_tokens', 'cost_usd'] as const;

/** usage.json as an agent may write it: figures ≥ 0 of any size, bounded before they count. */
const Reported = Usage.extend({
  input_tokens: z.number().nonnegative().optional(),
  output_tokens: z.number().nonnegative().optional(),
  total_tokens: z.number().nonnegative().optional(),
  cost_usd: z.number().nonnegative().optional(),
});

export interface UsageReport {
  usage?: Usage;
  /** What was refused or bounded, naming the file and the field. */
  notes: string[];
}

/** The usage report at `path`, named `label` (e.g. `evidence/usage.json`) in notes. */
export async function readUsageReport(path: string, label: string): Promise<UsageReport> {
  let bytes: Buffer | null;
  try {
    bytes = await readRegularFile(path, REPORT_BYTES);
  } catch (e) {
    return { notes: [`${label} could not be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}): no usage counted`] };
  }
  if (bytes === null) return { notes: [`${label} is larger than ${REPORT_BYTES} bytes: no usage counted`] };
  let data: unknown;
  try {
    data = JSON.parse(bytes.toString('utf8'));
  } catch {
    return { notes: [`${label} is not JSON: no usage counted`] };
  }
  const parsed = Reported.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { notes: [`${label}: ${issuePath(issue.path) || 'the file'}: ${issue.message} (expected figures ≥ 0): no usage counted`] };
  }
  return boundUsage(parsed.data, label);
}

/** Each figure within its bound. Pure. */
export function boundUsage(reported: z.infer<typeof Reported>, label: string): UsageReport & { usage: Usage } {
  const usage: Usage = {};
  const notes: string[] = [];
  for (const key of FIGURES) {
    const value = reported[key];
    if (value === undefined) continue;
    const bounded = bound(value, key === 'cost_usd' ? MAX_COST_USD : MAX_TOKENS, `${label}: ${key}`);
    usage[key] = bounded.value;
    if (bounded.note) notes.push(bounded.note);
  }
  return { usage, notes };
}

/** Usage over every run, per figure, only when every run reported it (never estimated), bounded again. Pure. */
export function sumUsage(usages: readonly (Usage | undefined)[]): Usage | undefined {
  if (usages.length === 0 || usages.some((u) => u === undefined)) return undefined;
  const out: Usage = {};
  for (const key of FIGURES) {
    if (!usages.every((u) => u![key] !== undefined)) continue;
    out[key] = Math.min(
      usages.reduce((s, u) => s + u![key]!, 0),
      key === 'cost_usd' ? MAX_COST_USD : MAX_TOKENS,
    );
  }
  return out;
}
