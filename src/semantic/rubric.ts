// One rubric item asked of the judge about one candidate: the same prompt in a trial and in a
// calibration, so that an agreement measured on the labelled set holds for what the run asks.
import type { JudgeItem, JudgeRecord } from '../schemas/judge.ts';
import { rubricVerdict, type Reply } from './answer.ts';
import type { JudgeClient } from './client.ts';
import { RUBRIC_FORMAT, rubricMessages, type ChatMessage, type ShownFile } from './prompt.ts';

export interface RubricAsk {
  goal: string;
  item: JudgeItem;
  candidate: ShownFile[];
  evidence: ShownFile[];
  maxFileChars: number;
}

export interface RubricOutcome {
  record: Omit<JudgeRecord, 'transcript'>;
  /** What was asked and answered, for the transcript; absent when the judge was not asked. */
  exchange?: { messages: ChatMessage[]; reply?: Reply; key?: string };
}

export async function askRubric(client: JudgeClient, ask: RubricAsk): Promise<RubricOutcome> {
  const id = ask.item.id;
  if (ask.candidate.every((f) => f.text === null)) {
    // Nothing the item is about was delivered: that is the agent's miss, and no model is needed to see it.
    return {
      record: {
        id,
        verdict: 'no',
        reason: `the candidate has no ${ask.item.candidate.join(', ')}: nothing to judge, so not a pass`,
        asked: false,
        cached: false,
      },
    };
  }
  const messages = rubricMessages({
    goal: ask.goal,
    question: ask.item.question,
    candidate: ask.candidate,
    evidence: ask.evidence,
    maxFileChars: ask.maxFileChars,
  });
  const asked = await client.ask(messages, RUBRIC_FORMAT);
  if (!asked.ok) return { record: { id, verdict: 'error', reason: asked.message, rule: asked.rule, asked: false, cached: false }, exchange: { messages } };
  const { verdict, reason } = rubricVerdict(asked.reply);
  return {
    record: {
      id,
      verdict,
      reason,
      ...(asked.inputTokens === undefined ? {} : { input_tokens: asked.inputTokens }),
      ...(asked.outputTokens === undefined ? {} : { output_tokens: asked.outputTokens }),
      ...(asked.costUsd === undefined ? {} : { cost_usd: asked.costUsd }),
      ...(asked.note ? { note: asked.note } : {}),
      asked: true,
      cached: asked.cached,
    },
    exchange: { messages, reply: asked.reply, key: asked.key },
  };
}
