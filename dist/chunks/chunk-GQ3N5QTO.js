import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  external_exports
} from "./chunk-OVH43LBJ.js";

// src/schemas/judge.ts
var ID = external_exports.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'lower-case letters, digits, ".", "_" or "-" (it names a check and a file)');
var InnerPath = external_exports.string().min(1).refine((p) => !p.startsWith("/") && !p.split("/").includes("..") && !p.includes("\\"), 'a relative path below the directory (no "..", no leading "/")');
var JudgeItem = external_exports.strictObject({
  /** The check is `judge:<id>`. */
  id: ID,
  /** One question, answerable yes or no from the files shown. */
  question: external_exports.string().min(10, "one whole question, answerable yes or no"),
  /** Candidate files the judge sees (below candidate/); a missing one is a "no" without asking. */
  candidate: external_exports.array(InnerPath).min(1, "at least one candidate file the question is about"),
  /** Raw evidence the judge sees besides the candidate (below the trial's evidence/, e.g. reports/none.json). */
  evidence: external_exports.array(InnerPath).default([]),
  /** On a pull request, also compare a base and a head candidate on this item, blind and in both orders. */
  pairwise: external_exports.boolean().default(false)
});
var TaskJudge = external_exports.strictObject({
  items: external_exports.array(JudgeItem).min(1, "at least one item"),
  /** A directory with labels.json and samples/<id>/candidate/… (docs/model-judge.md); relative to trialgate.yml. */
  labels: external_exports.string().min(1).optional()
});
var JudgeConfig = external_exports.strictObject({
  /** The model name sent to the endpoint; a calibration holds only for the model it was made with. */
  model: external_exports.string().min(1),
  /** An OpenAI-compatible base URL (the path before /chat/completions), e.g. https://api.openai.com/v1. */
  base_url: external_exports.url({ protocol: /^https?$/, error: "an http(s) URL, e.g. https://api.openai.com/v1" }).optional(),
  /**
   * Instead of base_url: a command (run through `sh -c` in the project) that starts a local endpoint and
   * prints its base URL on stdout; trialgate starts it for the run and stops it after.
   */
  command: external_exports.string().min(1).optional(),
  /** The variable that holds the API key (sent as a bearer token, scrubbed from everything written). */
  api_key_env: external_exports.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "an environment variable name").optional(),
  /** Per call; past it the call is an outage (an environment error). */
  timeout_seconds: external_exports.number().positive().max(600).default(60),
  /** Judge tokens a run (with its confirmation rounds) may spend; past it items are not judged. */
  max_tokens: external_exports.number().int().positive().optional(),
  /** Prices per million tokens, for the cost column; without them cost is not shown (never estimated). */
  price: external_exports.strictObject({ input_usd_per_mtok: external_exports.number().nonnegative(), output_usd_per_mtok: external_exports.number().nonnegative() }).optional(),
  /** Where `trialgate calibrate` writes the agreement per item, and where a run reads it. */
  calibration: external_exports.string().min(1).default("judge-calibration.json"),
  /** An item gates only when its calibration meets both. */
  gate: external_exports.strictObject({ min_kappa: external_exports.number().min(-1).max(1).default(0.6), min_labels: external_exports.number().int().positive().default(20) }).default({ min_kappa: 0.6, min_labels: 20 }),
  /** Most base/head pairs judged per pairwise item on a pull request. */
  pairs: external_exports.number().int().positive().max(100).default(5),
  /** Characters of each file shown to the judge; the rest is cut with a note saying so. */
  max_file_chars: external_exports.number().int().positive().default(2e4)
}).refine((j) => Boolean(j.base_url) !== Boolean(j.command), { error: "exactly one of base_url (an endpoint) or command (starts a local endpoint)", path: ["base_url"] });
var RubricAnswer = external_exports.object({
  answer: external_exports.enum(["yes", "no", "insufficient_evidence"]),
  reason: external_exports.string().max(4e3)
});
var PairwiseAnswer = external_exports.object({
  preferred: external_exports.enum(["A", "B", "tie", "insufficient_evidence"]),
  reason: external_exports.string().max(4e3)
});
var JudgeVerdict = external_exports.enum(["yes", "no", "undetermined", "error"]);
var JudgeRecord = external_exports.object({
  id: external_exports.string(),
  verdict: JudgeVerdict,
  /** The judge's reason, or why it was not asked or not understood. */
  reason: external_exports.string(),
  /** For `error`: the rule that excludes it. */
  rule: external_exports.string().optional(),
  input_tokens: external_exports.number().nonnegative().optional(),
  output_tokens: external_exports.number().nonnegative().optional(),
  cost_usd: external_exports.number().nonnegative().optional(),
  /** Whether the endpoint (or its cache) answered; false for an item decided without a model or not asked. */
  asked: external_exports.boolean(),
  /** Answered from the run's cache (same model, same prompt): no tokens were spent for it here. */
  cached: external_exports.boolean(),
  /** The transcript, relative to the trial directory. */
  transcript: external_exports.string().optional()
});
var TaskJudgeInfo = external_exports.object({
  model: external_exports.string(),
  items: external_exports.array(
    external_exports.object({
      id: external_exports.string(),
      question: external_exports.string(),
      /** Of the prompt template (instructions, question, files, goal): what a calibration is bound to. */
      prompt_sha256: external_exports.string(),
      /** The calibration in words, gated or not (the reason it is not gated is in the task's `ungated`). */
      calibration: external_exports.string(),
      pairwise: external_exports.boolean()
    })
  )
});
var JudgeSummary = external_exports.object({
  calls: external_exports.number().int().nonnegative(),
  cached: external_exports.number().int().nonnegative(),
  tokens: external_exports.number().nonnegative(),
  cost_usd: external_exports.number().nonnegative().optional(),
  items: external_exports.record(
    external_exports.string(),
    external_exports.object({
      yes: external_exports.number().int().nonnegative(),
      no: external_exports.number().int().nonnegative(),
      undetermined: external_exports.number().int().nonnegative(),
      errors: external_exports.number().int().nonnegative(),
      tokens: external_exports.number().nonnegative(),
      cost_usd: external_exports.number().nonnegative().optional()
    })
  )
});
var LabelsFile = external_exports.strictObject({
  version: external_exports.literal(1),
  samples: external_exports.array(
    external_exports.strictObject({
      /** The sample's files are samples/<id>/candidate/… and, optionally, samples/<id>/evidence/…. */
      id: ID,
      /** Item id → the human answer: does the sample satisfy the item? */
      labels: external_exports.record(external_exports.string(), external_exports.boolean()),
      /** Why the labeller answered so, for whoever reviews a disagreement. */
      note: external_exports.string().optional()
    })
  ).min(1)
});
var CALIBRATION_SCHEMA = "trialgate/calibration@1";
var Confusion = external_exports.object({
  /** human yes, judge yes */
  yes_yes: external_exports.number().int().nonnegative(),
  yes_no: external_exports.number().int().nonnegative(),
  no_yes: external_exports.number().int().nonnegative(),
  no_no: external_exports.number().int().nonnegative()
});
var CalibrationItem = external_exports.object({
  task: external_exports.string(),
  item: external_exports.string(),
  model: external_exports.string(),
  prompt_sha256: external_exports.string(),
  labels_sha256: external_exports.string(),
  /** Labels the judge answered (yes, no or undetermined); an undetermined answer counts as "no". */
  n: external_exports.number().int().nonnegative(),
  agree: external_exports.number().int().nonnegative(),
  undetermined: external_exports.number().int().nonnegative(),
  accuracy: external_exports.number().min(0).max(1).nullable(),
  /** Cohen's κ of judge against human; null when undefined (every label and answer of one class). */
  kappa: external_exports.number().min(-1).max(1).nullable(),
  confusion: Confusion,
  calibrated_at: external_exports.string()
});
var CalibrationFile = external_exports.object({
  schema: external_exports.literal(CALIBRATION_SCHEMA),
  items: external_exports.array(CalibrationItem)
});
var PairwiseItem = external_exports.object({
  task: external_exports.string(),
  item: external_exports.string(),
  model: external_exports.string(),
  /** Pairs of one base and one head candidate, each asked in both orders. */
  pairs: external_exports.number().int().nonnegative(),
  /** Consistent preferences: the same version chosen in both orders. */
  head: external_exports.number().int().nonnegative(),
  base: external_exports.number().int().nonnegative(),
  tie: external_exports.number().int().nonnegative(),
  /** The two orders disagreed: no preference counts. `first`/`second`: it chose that position both times. */
  inconsistent: external_exports.number().int().nonnegative(),
  first_position: external_exports.number().int().nonnegative(),
  second_position: external_exports.number().int().nonnegative(),
  undetermined: external_exports.number().int().nonnegative(),
  errors: external_exports.number().int().nonnegative(),
  /** Pairs whose candidate files were byte-identical: nothing to prefer, not asked. */
  identical: external_exports.number().int().nonnegative(),
  tokens: external_exports.number().nonnegative(),
  cost_usd: external_exports.number().nonnegative().optional()
});
var Pairwise = external_exports.object({
  items: external_exports.array(PairwiseItem),
  /** Per model: pairs answered in both orders, and how many of them were inconsistent. */
  models: external_exports.array(external_exports.object({ model: external_exports.string(), answered: external_exports.number().int().nonnegative(), inconsistent: external_exports.number().int().nonnegative(), first_position: external_exports.number().int().nonnegative(), second_position: external_exports.number().int().nonnegative() })),
  /** Why pairs could not be judged (an outage, a missing base artefact), one line each. */
  notes: external_exports.array(external_exports.string())
});

export {
  TaskJudge,
  JudgeConfig,
  RubricAnswer,
  PairwiseAnswer,
  JudgeRecord,
  TaskJudgeInfo,
  JudgeSummary,
  LabelsFile,
  CALIBRATION_SCHEMA,
  CalibrationFile,
  Pairwise
};
