// The model judge (docs/model-judge.md): its configuration in trialgate.yml, what it answers, what a
// trial records of it, the labelled set it is calibrated against and the calibration record. One place
// for every file format of the semantic layer; types come from here.
import { z } from 'zod';

const ID = z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'lower-case letters, digits, ".", "_" or "-" (it names a check and a file)');
/** A path below candidate/ or evidence/: relative, POSIX, never leaving the directory. */
const InnerPath = z
  .string()
  .min(1)
  .refine((p) => !p.startsWith('/') && !p.split('/').includes('..') && !p.includes('\\'), 'a relative path below the directory (no "..", no leading "/")');

/** One checkable item: a single yes/no question about the candidate, never a holistic score. */
export const JudgeItem = z.strictObject({
  /** The check is `judge:<id>`. */
  id: ID,
  /** One question, answerable yes or no from the files shown. */
  question: z.string().min(10, 'one whole question, answerable yes or no'),
  /** Candidate files the judge sees (below candidate/); a missing one is a "no" without asking. */
  candidate: z.array(InnerPath).min(1, 'at least one candidate file the question is about'),
  /** Raw evidence the judge sees besides the candidate (below the trial's evidence/, e.g. reports/none.json). */
  evidence: z.array(InnerPath).default([]),
  /** On a pull request, also compare a base and a head candidate on this item, blind and in both orders. */
  pairwise: z.boolean().default(false),
});

/** A task's judge items and the labelled set they are calibrated against. */
export const TaskJudge = z.strictObject({
  items: z.array(JudgeItem).min(1, 'at least one item'),
  /** A directory with labels.json and samples/<id>/candidate/… (docs/model-judge.md); relative to trialgate.yml. */
  labels: z.string().min(1).optional(),
});

/** The endpoint and the rules the judge is held to; once per trial set. */
export const JudgeConfig = z
  .strictObject({
    /** The model name sent to the endpoint; a calibration holds only for the model it was made with. */
    model: z.string().min(1),
    /** An OpenAI-compatible base URL (the path before /chat/completions), e.g. https://api.openai.com/v1. */
    base_url: z.url({ protocol: /^https?$/, error: 'an http(s) URL, e.g. https://api.openai.com/v1' }).optional(),
    /**
     * Instead of base_url: a command (run through `sh -c` in the project) that starts a local endpoint and
     * prints its base URL on stdout; trialgate starts it for the run and stops it after.
     */
    command: z.string().min(1).optional(),
    /** The variable that holds the API key (sent as a bearer token, scrubbed from everything written). */
    api_key_env: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name').optional(),
    /** Per call; past it the call is an outage (an environment error). */
    timeout_seconds: z.number().positive().max(600).default(60),
    /** Judge tokens a run (with its confirmation rounds) may spend; past it items are not judged. */
    max_tokens: z.number().int().positive().optional(),
    /** Prices per million tokens, for the cost column; without them cost is not shown (never estimated). */
    price: z.strictObject({ input_usd_per_mtok: z.number().nonnegative(), output_usd_per_mtok: z.number().nonnegative() }).optional(),
    /** Where `trialgate calibrate` writes the agreement per item, and where a run reads it. */
    calibration: z.string().min(1).default('judge-calibration.json'),
    /** An item gates only when its calibration meets both. */
    gate: z
      .strictObject({ min_kappa: z.number().min(-1).max(1).default(0.6), min_labels: z.number().int().positive().default(20) })
      .default({ min_kappa: 0.6, min_labels: 20 }),
    /** Most base/head pairs judged per pairwise item on a pull request. */
    pairs: z.number().int().positive().max(100).default(5),
    /** Characters of each file shown to the judge; the rest is cut with a note saying so. */
    max_file_chars: z.number().int().positive().default(20_000),
  })
  .refine((j) => Boolean(j.base_url) !== Boolean(j.command), { error: 'exactly one of base_url (an endpoint) or command (starts a local endpoint)', path: ['base_url'] });

// ---- what the judge answers (structured output, validated; anything else is undetermined)

export const RubricAnswer = z.object({
  answer: z.enum(['yes', 'no', 'insufficient_evidence']),
  reason: z.string().max(4000),
});

export const PairwiseAnswer = z.object({
  preferred: z.enum(['A', 'B', 'tie', 'insufficient_evidence']),
  reason: z.string().max(4000),
});

// ---- what a trial records

/**
 * `yes`/`no`: the judge answered. `undetermined`: it abstained, refused or answered malformed (never a
 * pass). `error`: it could not be asked (outage, budget): the environment's, excluded like an env error.
 */
export const JudgeVerdict = z.enum(['yes', 'no', 'undetermined', 'error']);

export const JudgeRecord = z.object({
  id: z.string(),
  verdict: JudgeVerdict,
  /** The judge's reason, or why it was not asked or not understood. */
  reason: z.string(),
  /** For `error`: the rule that excludes it. */
  rule: z.string().optional(),
  input_tokens: z.number().nonnegative().optional(),
  output_tokens: z.number().nonnegative().optional(),
  cost_usd: z.number().nonnegative().optional(),
  /** Whether the endpoint (or its cache) answered; false for an item decided without a model or not asked. */
  asked: z.boolean(),
  /** Answered from the run's cache (same model, same prompt): no tokens were spent for it here. */
  cached: z.boolean(),
  /** The transcript, relative to the trial directory. */
  transcript: z.string().optional(),
});

/** Per task in results.json: the judge as it was defined for the run. */
export const TaskJudgeInfo = z.object({
  model: z.string(),
  items: z.array(
    z.object({
      id: z.string(),
      question: z.string(),
      /** Of the prompt template (instructions, question, files, goal): what a calibration is bound to. */
      prompt_sha256: z.string(),
      /** The calibration in words, gated or not (the reason it is not gated is in the task's `ungated`). */
      calibration: z.string(),
      pairwise: z.boolean(),
    }),
  ),
});

/** Per task summary of the judge's work (derived from the trials, so merged rounds stay right). */
export const JudgeSummary = z.object({
  calls: z.number().int().nonnegative(),
  cached: z.number().int().nonnegative(),
  tokens: z.number().nonnegative(),
  cost_usd: z.number().nonnegative().optional(),
  items: z.record(
    z.string(),
    z.object({
      yes: z.number().int().nonnegative(),
      no: z.number().int().nonnegative(),
      undetermined: z.number().int().nonnegative(),
      errors: z.number().int().nonnegative(),
      tokens: z.number().nonnegative(),
      cost_usd: z.number().nonnegative().optional(),
    }),
  ),
});

// ---- the labelled set and the calibration record

export const LabelsFile = z.strictObject({
  version: z.literal(1),
  samples: z
    .array(
      z.strictObject({
        /** The sample's files are samples/<id>/candidate/… and, optionally, samples/<id>/evidence/…. */
        id: ID,
        /** Item id → the human answer: does the sample satisfy the item? */
        labels: z.record(z.string(), z.boolean()),
        /** Why the labeller answered so, for whoever reviews a disagreement. */
        note: z.string().optional(),
      }),
    )
    .min(1),
});

export const CALIBRATION_SCHEMA = 'trialgate/calibration@1';

export const Confusion = z.object({
  /** human yes, judge yes */
  yes_yes: z.number().int().nonnegative(),
  yes_no: z.number().int().nonnegative(),
  no_yes: z.number().int().nonnegative(),
  no_no: z.number().int().nonnegative(),
});

export const CalibrationItem = z.object({
  task: z.string(),
  item: z.string(),
  model: z.string(),
  prompt_sha256: z.string(),
  labels_sha256: z.string(),
  /** Labels the judge answered (yes, no or undetermined); an undetermined answer counts as "no". */
  n: z.number().int().nonnegative(),
  agree: z.number().int().nonnegative(),
  undetermined: z.number().int().nonnegative(),
  accuracy: z.number().min(0).max(1).nullable(),
  /** Cohen's κ of judge against human; null when undefined (every label and answer of one class). */
  kappa: z.number().min(-1).max(1).nullable(),
  confusion: Confusion,
  calibrated_at: z.string(),
});

export const CalibrationFile = z.object({
  schema: z.literal(CALIBRATION_SCHEMA),
  items: z.array(CalibrationItem),
});

// ---- pairwise, as the comparison carries it

export const PairwiseItem = z.object({
  task: z.string(),
  item: z.string(),
  model: z.string(),
  /** Pairs of one base and one head candidate, each asked in both orders. */
  pairs: z.number().int().nonnegative(),
  /** Consistent preferences: the same version chosen in both orders. */
  head: z.number().int().nonnegative(),
  base: z.number().int().nonnegative(),
  tie: z.number().int().nonnegative(),
  /** The two orders disagreed: no preference counts. `first`/`second`: it chose that position both times. */
  inconsistent: z.number().int().nonnegative(),
  first_position: z.number().int().nonnegative(),
  second_position: z.number().int().nonnegative(),
  undetermined: z.number().int().nonnegative(),
  errors: z.number().int().nonnegative(),
  /** Pairs whose candidate files were byte-identical: nothing to prefer, not asked. */
  identical: z.number().int().nonnegative(),
  tokens: z.number().nonnegative(),
  cost_usd: z.number().nonnegative().optional(),
});

export const Pairwise = z.object({
  items: z.array(PairwiseItem),
  /** Per model: pairs answered in both orders, and how many of them were inconsistent. */
  models: z.array(z.object({ model: z.string(), answered: z.number().int().nonnegative(), inconsistent: z.number().int().nonnegative(), first_position: z.number().int().nonnegative(), second_position: z.number().int().nonnegative() })),
  /** Why pairs could not be judged (an outage, a missing base artefact), one line each. */
  notes: z.array(z.string()),
});

export type JudgeItem = z.infer<typeof JudgeItem>;
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
