// Reading what the judge answered. Pure. Only a well-formed answer counts: malformed output, a refusal,
// an answer cut off or "insufficient evidence" is `undetermined`, never a pass.
import type { z } from 'zod';
import { PairwiseAnswer, RubricAnswer, type JudgeReply, type PairOutcome, type PairPosition } from '../schemas/judge.ts';

/** The assistant message as the endpoint returned it. */
export type Reply = JudgeReply;

export type Read<T> = { ok: true; value: T } | { ok: false; why: string };

const EXCERPT = 120;

/** The structured answer of `reply`, validated by `schema`, or why it is not one. */
export function readStructured<S extends z.ZodType>(schema: S, reply: Reply): Read<z.infer<S>> {
  if (reply.refusal?.trim()) return { ok: false, why: `the judge refused: ${excerpt(reply.refusal)}` };
  if (reply.finishReason === 'length') return { ok: false, why: 'the answer was cut off (finish_reason "length"): malformed output' };
  const content = reply.content?.trim() ?? '';
  if (!content) return { ok: false, why: 'the judge returned no content' };
  let data: unknown;
  try {
    data = JSON.parse(unfenced(content));
  } catch {
    return { ok: false, why: `malformed output, not JSON: ${JSON.stringify(excerpt(content))}` };
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, why: `malformed output: ${issue.path.join('.') || '(top level)'}: ${issue.message}` };
  }
  return { ok: true, value: parsed.data };
}

export type RubricVerdict = { verdict: 'yes' | 'no' | 'undetermined'; reason: string };

export function rubricVerdict(reply: Reply): RubricVerdict {
  const read = readStructured(RubricAnswer, reply);
  if (!read.ok) return { verdict: 'undetermined', reason: read.why };
  const { answer, reason } = read.value;
  if (answer === 'insufficient_evidence') return { verdict: 'undetermined', reason: `the judge found the evidence insufficient: ${reason}` };
  return { verdict: answer, reason };
}

/** One order's answer of a pairwise question: the position it chose. */
export type Position = PairPosition;

export function pairwisePosition(reply: Reply): { position: Position; reason: string } {
  const read = readStructured(PairwiseAnswer, reply);
  if (!read.ok) return { position: 'undetermined', reason: read.why };
  const { preferred, reason } = read.value;
  if (preferred === 'insufficient_evidence') return { position: 'undetermined', reason: `the judge found the evidence insufficient: ${reason}` };
  return { position: preferred, reason };
}

export type { PairOutcome };

/**
 * One pair asked twice: first with base as A and head as B, then swapped. Only a preference that
 * survives the swap counts. The same position chosen both times is position bias, not a preference.
 */
export function combineOrders(baseFirst: Position, headFirst: Position): PairOutcome {
  if (baseFirst === 'error' || headFirst === 'error') return 'error';
  if (baseFirst === 'undetermined' || headFirst === 'undetermined') return 'undetermined';
  if (baseFirst === 'tie' && headFirst === 'tie') return 'tie';
  if (baseFirst === 'A' && headFirst === 'B') return 'base';
  if (baseFirst === 'B' && headFirst === 'A') return 'head';
  if (baseFirst === 'A' && headFirst === 'A') return 'first_position';
  if (baseFirst === 'B' && headFirst === 'B') return 'second_position';
  return 'inconsistent';
}

/** A JSON object wrapped in one Markdown code fence, as some endpoints return it, unwrapped. */
function unfenced(text: string): string {
  const fenced = /^```(?:json)?\s*\n([\s\S]*?)\n```$/.exec(text);
  return fenced ? fenced[1]! : text;
}

function excerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > EXCERPT ? `${line.slice(0, EXCERPT)}…` : line;
}
