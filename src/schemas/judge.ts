// The model judge (docs/model-judge.md): its configuration in trialgate.yml, what it answers, what a
// trial records of it, the labelled set it is calibrated against and the calibration record. One place
// for every file format of the semantic layer; types come from here.
import { z } from 'zod';
import { described } from './doc.ts';
import { MAX_COST_USD, MAX_TOKENS } from '../util/plausible.ts';

const ID = z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'lower-case letters, digits, ".", "_" or "-" (it names a check and a file)');
const InnerPath = z
  .string()
  .min(1)
  .refine((p) => !p.startsWith('/') && !p.split('/').includes('..') && !p.includes('\\'), 'a relative path below the directory (no "..", no leading "/")')
  .register(...described('A path below candidate/ or evidence/: relative, POSIX, never leaving the directory.'));

export const JudgeItem = z
  .strictObject({
    id: ID.describe('The check is `judge:<id>`.'),
    question: z
      .string()
      .min(10, 'one whole question, answerable yes or no')
      .register(...described('One question, answerable yes or no from the files shown.')),
    candidate: z
      .array(InnerPath)
      .min(1, 'at least one candidate file the question is about')
      .register(...described('Candidate files the judge sees (below candidate/); a missing one is a "no" without asking.')),
    evidence: z
      .array(InnerPath)
      .default([])
      .register(...described("Raw evidence the judge sees besides the candidate (below the trial's evidence/, e.g. reports/none.json).")),
    pairwise: z
      .boolean()
      .default(false)
      .register(...described('On a pull request, also compare a base and a head candidate on this item, blind and in both orders.')),
  })
  .register(...described('One checkable item: a single yes/no question about the candidate, never a holistic score.'));

export const TaskJudge = z
  .strictObject({
    items: z
      .array(JudgeItem)
      .min(1, 'at least one item')
      .register(...described('The questions the judge answers about each trial of the task, each the check `judge:<id>`.')),
    labels: z
      .string()
      .min(1)
      .optional()
      .register(...described('A directory with labels.json and samples/<id>/candidate/… (docs/model-judge.md); relative to trialgate.yml.')),
  })
  .register(...described("A task's judge items and the labelled set they are calibrated against."));

export const JudgeConfig = z
  .strictObject({
    model: z
      .string()
      .min(1)
      .register(...described('The model name sent to the endpoint; a calibration holds only for the model it was made with.')),
    base_url: z
      .url({ protocol: /^https?$/, error: 'an http(s) URL, e.g. https://api.openai.com/v1' })
      .optional()
      .register(...described('An OpenAI-compatible base URL (the path before /chat/completions), e.g. https://api.openai.com/v1.')),
    command: z
      .string()
      .min(1)
      .optional()
      .register(
        ...described`
          Instead of base_url: a command (run through \`sh -c\` in the project) that starts a local endpoint and
          prints its base URL on stdout; trialgate starts it for the run and stops it after.
        `,
      ),
    api_key_env: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name')
      .optional()
      .register(...described('The variable that holds the API key (sent as a bearer token, scrubbed from everything written).')),
    timeout_seconds: z
      .number()
      .positive()
      .max(600)
      .default(60)
      .register(...described('Per call; past it the call is an outage (an environment error).')),
    max_tokens: z
      .number()
      .int()
      .positive()
      .optional()
      .register(...described('Judge tokens a run (with its confirmation rounds) may spend; past it items are not judged.')),
    price: z
      .strictObject({
        input_usd_per_mtok: z
          .number()
          .nonnegative()
          .register(...described('US dollars per million prompt tokens.')),
        output_usd_per_mtok: z
          .number()
          .nonnegative()
          .register(...described('US dollars per million completion tokens.')),
      })
      .optional()
      .register(...described('Prices per million tokens, for the cost column; without them cost is not shown (never estimated).')),
    calibration: z
      .string()
      .min(1)
      .default('judge-calibration.json')
      .register(...described('Where `trialgate calibrate` writes the agreement per item, and where a run reads it.')),
    gate: z
      .strictObject({
        min_kappa: z
          .number()
          .min(-1)
          .max(1)
          .default(0.6)
          .register(...described("The least Cohen's κ of the judge against the human labels.")),
        min_labels: z
          .number()
          .int()
          .positive()
          .default(20)
          .register(...described('The fewest labelled samples the agreement is measured on.')),
      })
      .default({ min_kappa: 0.6, min_labels: 20 })
      .register(...described('An item gates only when its calibration meets both.')),
    pairs: z
      .number()
      .int()
      .positive()
      .max(100)
      .default(5)
      .register(...described('Most base/head pairs judged per pairwise item on a pull request.')),
    max_file_chars: z
      .number()
      .int()
      .positive()
      .default(20_000)
      .register(...described('Characters of each file shown to the judge; the rest is cut with a note saying so.')),
  })
  .refine((j) => Boolean(j.base_url) !== Boolean(j.command), {
    error: 'exactly one of base_url (an endpoint) or command (starts a local endpoint)',
    path: ['base_url'],
  })
  .register(...described('The endpoint and the rules the judge is held to; once per trial set.'));

// ---- what the judge answers (structured output, validated; anything else is undetermined)

export const RubricAnswer = z.object({
  answer: z.enum(['yes', 'no', 'insufficient_evidence']).register(...described('The answer to the question; `insufficient_evidence` is undetermined.')),
  reason: z
    .string()
    .max(4000)
    .register(...described('Why, in a few sentences.')),
});

export const PairwiseAnswer = z.object({
  preferred: z.enum(['A', 'B', 'tie', 'insufficient_evidence']).register(...described('The version that better satisfies the item, neither, or undetermined.')),
  reason: z
    .string()
    .max(4000)
    .register(...described('Why, in a few sentences.')),
});

// ---- what a trial records

export const JudgeVerdict = z.enum(['yes', 'no', 'undetermined', 'error']).register(
  ...described`
    \`yes\`/\`no\`: the judge answered. \`undetermined\`: it abstained, refused or answered malformed (never a pass).
    \`error\`: it could not be asked (outage, budget): the environment's, excluded like an env error.
  `,
);

const Tokens = {
  input_tokens: z
    .number()
    .nonnegative()
    .max(MAX_TOKENS)
    .optional()
    .register(...described('Prompt tokens of the call, as the endpoint reported them (bounded).')),
  output_tokens: z
    .number()
    .nonnegative()
    .max(MAX_TOKENS)
    .optional()
    .register(...described('Completion tokens of the call, as the endpoint reported them (bounded).')),
  cost_usd: z
    .number()
    .nonnegative()
    .max(MAX_COST_USD)
    .optional()
    .register(...described('What the call cost, with judge.price; never estimated.')),
};

export const JudgeRecord = z.object({
  id: z.string().register(...described('The item: its check is `judge:<id>`.')),
  verdict: JudgeVerdict,
  reason: z.string().register(...described("The judge's reason, or why it was not asked or not understood.")),
  rule: z
    .string()
    .optional()
    .register(...described('For `error`: the rule that excludes it.')),
  ...Tokens,
  note: z
    .string()
    .optional()
    .register(...described("What trialgate made of the endpoint's figures: an implausible token count it bounded.")),
  asked: z.boolean().register(...described('Whether the endpoint (or its cache) answered; false for an item decided without a model or not asked.')),
  cached: z.boolean().register(...described("Answered from the run's cache (same model, same prompt): no tokens were spent for it here.")),
  transcript: z
    .string()
    .optional()
    .register(...described('The transcript, relative to the trial directory.')),
});

export const TaskJudgeInfo = z
  .object({
    model: z.string().register(...described('The model asked.')),
    items: z
      .array(
        z.object({
          id: z.string().register(...described('The item: its check is `judge:<id>`.')),
          question: z.string().register(...described('The question as the judge was asked it.')),
          prompt_sha256: z.string().register(...described('Of the prompt template (instructions, question, files, goal): what a calibration is bound to.')),
          calibration: z.string().register(...described("The calibration in words, gated or not (the reason it is not gated is in the task's `ungated`).")),
          pairwise: z.boolean().register(...described('Whether a pull request also compares base and head on it, blind and in both orders.')),
        }),
      )
      .register(...described("The task's judge items.")),
  })
  .register(...described('Per task in results.json: the judge as it was defined for the run.'));

export const JudgeSummary = z
  .object({
    calls: z
      .number()
      .int()
      .nonnegative()
      .register(...described('Calls made to the endpoint over the trials (an answer from the run’s cache is none).')),
    cached: z
      .number()
      .int()
      .nonnegative()
      .register(...described('Answers taken from the run’s cache (same model, same prompt).')),
    tokens: z
      .number()
      .nonnegative()
      .register(...described('Judge tokens spent over the trials (a cached answer spends none).')),
    cost_usd: z
      .number()
      .nonnegative()
      .optional()
      .register(...described('What they cost, with judge.price; never estimated.')),
    items: z
      .record(
        z.string(),
        z.object({
          yes: z
            .number()
            .int()
            .nonnegative()
            .register(...described('Trials the judge answered yes.')),
          no: z
            .number()
            .int()
            .nonnegative()
            .register(...described('Trials it answered no.')),
          undetermined: z
            .number()
            .int()
            .nonnegative()
            .register(...described('Trials it abstained, refused or answered malformed.')),
          errors: z
            .number()
            .int()
            .nonnegative()
            .register(...described('Trials it could not be asked (excluded, like env errors).')),
          tokens: z
            .number()
            .nonnegative()
            .register(...described('Judge tokens spent on it (a cached answer spends none).')),
          cost_usd: z
            .number()
            .nonnegative()
            .optional()
            .register(...described('What they cost, with judge.price; never estimated.')),
        }),
      )
      .register(...described('Item id → its answers over the trials.')),
  })
  .register(...described("Per task summary of the judge's work (derived from the trials, so merged rounds stay right)."));

// ---- the labelled set and the calibration record

export const LabelsFile = z.strictObject({
  version: z.literal(1).register(...described('The version of this file format: 1.')),
  samples: z
    .array(
      z.strictObject({
        id: ID.describe("The sample's files are samples/<id>/candidate/… and, optionally, samples/<id>/evidence/…."),
        labels: z.record(z.string(), z.boolean()).register(...described('Item id → the human answer: does the sample satisfy the item?')),
        note: z
          .string()
          .optional()
          .register(...described('Why the labeller answered so, for whoever reviews a disagreement.')),
      }),
    )
    .min(1)
    .register(...described('The labelled samples, each with the human answer per item.')),
});

export const CALIBRATION_SCHEMA = 'trialgate/calibration@1';

export const Confusion = z
  .object({
    yes_yes: z
      .number()
      .int()
      .nonnegative()
      .register(...described('human yes, judge yes')),
    yes_no: z
      .number()
      .int()
      .nonnegative()
      .register(...described('human yes, judge no (or undetermined)')),
    no_yes: z
      .number()
      .int()
      .nonnegative()
      .register(...described('human no, judge yes')),
    no_no: z
      .number()
      .int()
      .nonnegative()
      .register(...described('human no, judge no (or undetermined)')),
  })
  .register(...described('The answers of judge and human side by side.'));

export const CalibrationItem = z.object({
  task: z.string().register(...described('The task whose item this is.')),
  item: z.string().register(...described('The judge item.')),
  model: z.string().register(...described('The model calibrated: the calibration holds for it only.')),
  prompt_sha256: z.string().register(...described('The prompt template it was made with: a changed question or prompt needs a new calibration.')),
  labels_sha256: z.string().register(...described('The labelled set it was made on: changed labels need a new calibration.')),
  n: z
    .number()
    .int()
    .nonnegative()
    .register(...described('Labels the judge answered (yes, no or undetermined); an undetermined answer counts as "no".')),
  agree: z
    .number()
    .int()
    .nonnegative()
    .register(...described('Labels the judge agreed with.')),
  undetermined: z
    .number()
    .int()
    .nonnegative()
    .register(...described('Labels the judge answered undetermined.')),
  accuracy: z
    .number()
    .min(0)
    .max(1)
    .nullable()
    .register(...described('agree ÷ n; null without labels.')),
  kappa: z
    .number()
    .min(-1)
    .max(1)
    .nullable()
    .register(...described("Cohen's κ of judge against human; null when undefined (every label and answer of one class).")),
  confusion: Confusion,
  calibrated_at: z.string().register(...described('When (ISO 8601).')),
});

export const CalibrationFile = z.object({
  schema: z.literal(CALIBRATION_SCHEMA).register(...described('The version of this file format.')),
  items: z.array(CalibrationItem).register(...described('The agreement of the judge with the human labels, per task and item.')),
});

// ---- what a run keeps of each call: the transcripts, and the answer cache

export const ChatMessage = z
  .object({
    role: z.enum(['system', 'user']).register(...described("`system`: trialgate's instructions; `user`: the question, the goal and the files shown.")),
    content: z.string().register(...described('The text sent.')),
  })
  .register(...described('One message sent to the judge.'));

export const JudgeReply = z
  .object({
    content: z
      .string()
      .nullable()
      .register(...described("The assistant message's text as the endpoint returned it (the structured answer, when it is one).")),
    refusal: z
      .string()
      .nullable()
      .register(...described('What the model said instead of answering, when it refused.')),
    finishReason: z
      .string()
      .nullable()
      .register(...described('Why the endpoint stopped: `stop`, or `length` when the answer was cut off (then malformed).')),
  })
  .register(...described("The judge's answer as the endpoint returned it, before trialgate read it."));

export const JudgeTranscript = JudgeRecord.omit({ transcript: true })
  .extend({
    item: z.string().register(...described('The item asked about: its check is `judge:<item>`.')),
    model: z.string().register(...described('The model asked.')),
    messages: z.array(ChatMessage).register(...described('What was sent, in order.')),
    reply: JudgeReply.optional().register(...described('What came back; absent when the judge could not be asked.')),
    key: z
      .string()
      .optional()
      .register(...described('Where the answer is cached, judge-cache/<key>.json: a hash of the model and the exact prompt.')),
  })
  .register(
    ...described`
      evidence/judge/<item>.json, written by trialgate: one judge item of a trial, what was asked and what came back,
      with the record results.json keeps of it.
    `,
  );

export const JudgeCacheEntry = z
  .object({
    model: z.string().register(...described('The model that answered.')),
    messages: z.array(ChatMessage).register(...described('The exact prompt: an answer is reused only for the same model and the same messages.')),
    reply: JudgeReply,
    input_tokens: z
      .number()
      .nonnegative()
      .optional()
      .register(...described('Prompt tokens the endpoint reported for the call.')),
    output_tokens: z
      .number()
      .nonnegative()
      .optional()
      .register(...described('Completion tokens the endpoint reported for the call.')),
  })
  .register(
    ...described`
      <run>/judge-cache/<key>.json, written by trialgate: one answer of the judge, asked once per run and its
      confirmation rounds.
    `,
  );

export const JudgeLedger = z
  .object({
    tokens: z
      .number()
      .nonnegative()
      .register(...described('Judge tokens spent so far, counted against judge.max_tokens.')),
  })
  .register(...described("<run>/judge-cache/spent.json, written by trialgate: what the run's judge has spent."));

export const PairPosition = z
  .enum(['A', 'B', 'tie', 'undetermined', 'error'])
  .register(...described('What one ask preferred: the version shown as A or as B, neither, no usable answer, or no answer at all.'));

export const PairOutcome = z.enum(['head', 'base', 'tie', 'first_position', 'second_position', 'inconsistent', 'undetermined', 'error']).register(
  ...described`
    A pair asked in both orders: the version preferred both times, a tie, the same position both times (a position
    bias), different versions (inconsistent), or no usable answer.
  `,
);

export const PairTranscript = z
  .object({
    base_trial: z
      .number()
      .int()
      .positive()
      .register(...described('The base run’s trial whose candidate was shown.')),
    head_trial: z
      .number()
      .int()
      .positive()
      .register(...described('The head run’s trial whose candidate was shown.')),
    outcome: PairOutcome,
    orders: z
      .array(
        z.object({
          shown: z.enum(['base as A', 'head as A']).register(...described('Which version the judge saw as A in this ask.')),
          position: PairPosition,
          reason: z.string().register(...described("The judge's reason, or why the ask has no answer.")),
        }),
      )
      .register(...described('The two asks, in the order they were made.')),
  })
  .register(...described('<head run>/pairwise/<task>/<item>/pair-<n>.json, written by trialgate: one base/head pair asked in both orders.'));

// ---- pairwise, as the comparison carries it

export const PairwiseItem = z.object({
  task: z.string().register(...described('The task.')),
  item: z.string().register(...described('The judge item compared.')),
  model: z.string().register(...described('The model asked.')),
  pairs: z
    .number()
    .int()
    .nonnegative()
    .register(...described('Pairs of one base and one head candidate, each asked in both orders.')),
  head: z
    .number()
    .int()
    .nonnegative()
    .register(...described('Consistent preferences: the same version chosen in both orders.')),
  base: z
    .number()
    .int()
    .nonnegative()
    .register(...described('Consistent preferences for the base.')),
  tie: z
    .number()
    .int()
    .nonnegative()
    .register(...described('Pairs judged a tie in both orders.')),
  inconsistent: z
    .number()
    .int()
    .nonnegative()
    .register(...described('The two orders disagreed: no preference counts. `first`/`second`: it chose that position both times.')),
  first_position: z
    .number()
    .int()
    .nonnegative()
    .register(...described('Pairs where the judge chose the first position both times (a position bias).')),
  second_position: z
    .number()
    .int()
    .nonnegative()
    .register(...described('Pairs where it chose the second position both times.')),
  undetermined: z
    .number()
    .int()
    .nonnegative()
    .register(...described('Pairs without a usable answer in some order.')),
  errors: z
    .number()
    .int()
    .nonnegative()
    .register(...described('Pairs the judge could not be asked about (an environment error).')),
  identical: z
    .number()
    .int()
    .nonnegative()
    .register(...described('Pairs whose candidate files were byte-identical: nothing to prefer, not asked.')),
  tokens: z
    .number()
    .nonnegative()
    .register(...described('Judge tokens spent on the pairs.')),
  cost_usd: z
    .number()
    .nonnegative()
    .optional()
    .register(...described('What they cost, with judge.price; never estimated.')),
  base_first: z
    .number()
    .int()
    .nonnegative()
    .optional()
    .register(
      ...described`
        Pairs whose first ask showed the base as A; the others showed the head first. Drawn per pair from the run's
        seed, so that the order of the calls tells an endpoint nothing of which side is which.
      `,
    ),
});

export const Pairwise = z.object({
  items: z.array(PairwiseItem).register(...described('Per task and pairwise item: how the pairs were judged.')),
  models: z
    .array(
      z.object({
        model: z.string().register(...described('The model.')),
        answered: z
          .number()
          .int()
          .nonnegative()
          .register(...described('Pairs it answered in both orders.')),
        inconsistent: z
          .number()
          .int()
          .nonnegative()
          .register(...described('Of them, pairs whose two orders disagreed.')),
        first_position: z
          .number()
          .int()
          .nonnegative()
          .register(...described('Of them, pairs where it chose the first position both times.')),
        second_position: z
          .number()
          .int()
          .nonnegative()
          .register(...described('Of them, pairs where it chose the second position both times.')),
      }),
    )
    .register(...described('Per model: pairs answered in both orders, and how many of them were inconsistent.')),
  notes: z.array(z.string()).register(...described('Why pairs could not be judged (an outage, a missing base artefact), one line each.')),
});

export type JudgeItem = z.infer<typeof JudgeItem>;
export type ChatMessage = z.infer<typeof ChatMessage>;
export type JudgeReply = z.infer<typeof JudgeReply>;
export type JudgeTranscript = z.infer<typeof JudgeTranscript>;
export type JudgeCacheEntry = z.infer<typeof JudgeCacheEntry>;
export type JudgeLedger = z.infer<typeof JudgeLedger>;
export type PairPosition = z.infer<typeof PairPosition>;
export type PairOutcome = z.infer<typeof PairOutcome>;
export type PairTranscript = z.infer<typeof PairTranscript>;
export type TaskJudge = z.infer<typeof TaskJudge>;
export type JudgeConfig = z.infer<typeof JudgeConfig>;
export type RubricAnswer = z.infer<typeof RubricAnswer>;
export type PairwiseAnswer = z.infer<typeof PairwiseAnswer>;
export type JudgeVerdict = z.infer<typeof JudgeVerdict>;
export type JudgeRecord = z.infer<typeof JudgeRecord>;
/** A judge answer as a run keeps it in memory: the reason only where the item was not asked. */
export type JudgeRecordDigest = Omit<JudgeRecord, 'reason' | 'transcript'> & Partial<Pick<JudgeRecord, 'reason' | 'transcript'>>;
export type TaskJudgeInfo = z.infer<typeof TaskJudgeInfo>;
export type JudgeSummary = z.infer<typeof JudgeSummary>;
export type LabelsFile = z.infer<typeof LabelsFile>;
export type Confusion = z.infer<typeof Confusion>;
export type CalibrationItem = z.infer<typeof CalibrationItem>;
export type CalibrationFile = z.infer<typeof CalibrationFile>;
export type PairwiseItem = z.infer<typeof PairwiseItem>;
export type Pairwise = z.infer<typeof Pairwise>;
