import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  described,
  external_exports
} from "./chunk-AJNZHUO4.js";

// src/util/plausible.ts
var MAX_TOKENS = 1e12;
var MAX_COST_USD = 1e9;
var MAX_SUMMED = 1e6;
var MAX_MINUTES = 1e7;
function bound(value, max, what) {
  if (value <= max) return { value };
  return { value: max, note: `${what} reported ${value.toExponential(3)}, past any plausible figure: counted as ${max.toExponential(0)}` };
}

// src/schemas/holdout.ts
var ENV_NAME = external_exports.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "an environment variable name");
var HOLDOUT_KEY_ENV = "TRIALGATE_HOLDOUT_KEY";
var HoldoutSource = external_exports.strictObject({
  github: external_exports.string().regex(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/, "owner/name of a GitHub repository").register(...described("`owner/name` of the repository holding holdout.yml and the holdout fixtures.")),
  ref: external_exports.string().min(1).optional().register(...described("The branch, tag or commit; default the repository's default branch.")),
  path: external_exports.string().min(1).default(".").register(...described("The directory in that repository that holds holdout.yml; default its root.")),
  token_env: ENV_NAME.default("TRIALGATE_HOLDOUT_TOKEN").register(
    ...described("The variable holding a token that can read that repository (a fine-grained token with contents: read).")
  ),
  api_url: external_exports.url().optional().register(...described("The REST API; default $GITHUB_API_URL, else https://api.github.com."))
}).register(
  ...described`
      Where the holdout tasks live when not in this repository: a directory of another GitHub repository, fetched
      through the REST API (its zipball) at run time, never for a pull request from a fork.
    `
);
var HoldoutConfig = external_exports.strictObject({
  key_env: ENV_NAME.default(HOLDOUT_KEY_ENV).register(
    ...described`
      The variable holding the key the holdout pseudonyms are made with (any secret string of 16 characters or more,
      the same wherever base and head run). Unset: a key for this run alone, so no base run compares.
    `
  ),
  recipients: external_exports.array(external_exports.string().regex(/^age1[0-9a-z]+$/, "an age public key, age1\u2026")).default([]).register(...described("age public keys (`age1\u2026`) the holdout detail is encrypted to: only their holders open it. None: the detail is discarded.")),
  source: HoldoutSource.optional().register(
    ...described("Holdout tasks fetched at run time from another repository, besides any `set: holdout` task of this file.")
  )
});
var HoldoutRecord = external_exports.object({
  key: external_exports.enum(["configured", "run"]).register(...described("`configured`: from the key variable, stable across runs; `run`: made for this run alone (the variable was unset).")),
  key_id: external_exports.string().register(...described("Names the key without revealing it: runs compare their holdout tasks only when this is equal.")),
  unavailable: external_exports.string().optional().register(...described("Set when the holdout tasks of the source could not be run here: why, in words that name none of them.")),
  sealed: external_exports.string().optional().register(...described("The sealed detail, relative to the run directory; absent when no recipient is configured."))
}).register(...described("What results.json says of its run's holdout: the key its pseudonyms were made with, and holdout tasks that could not run."));

// src/schemas/judge.ts
var ID = external_exports.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'lower-case letters, digits, ".", "_" or "-" (it names a check and a file)');
var InnerPath = external_exports.string().min(1).refine((p) => !p.startsWith("/") && !p.split("/").includes("..") && !p.includes("\\"), 'a relative path below the directory (no "..", no leading "/")').register(...described("A path below candidate/ or evidence/: relative, POSIX, never leaving the directory."));
var JudgeItem = external_exports.strictObject({
  id: ID.describe("The check is `judge:<id>`."),
  question: external_exports.string().min(10, "one whole question, answerable yes or no").register(...described("One question, answerable yes or no from the files shown.")),
  candidate: external_exports.array(InnerPath).min(1, "at least one candidate file the question is about").register(...described('Candidate files the judge sees (below candidate/); a missing one is a "no" without asking.')),
  evidence: external_exports.array(InnerPath).default([]).register(...described("Raw evidence the judge sees besides the candidate (below the trial's evidence/, e.g. reports/none.json).")),
  pairwise: external_exports.boolean().default(false).register(...described("On a pull request, also compare a base and a head candidate on this item, blind and in both orders."))
}).register(...described("One checkable item: a single yes/no question about the candidate, never a holistic score."));
var TaskJudge = external_exports.strictObject({
  items: external_exports.array(JudgeItem).min(1, "at least one item").register(...described("The questions the judge answers about each trial of the task, each the check `judge:<id>`.")),
  labels: external_exports.string().min(1).optional().register(...described("A directory with labels.json and samples/<id>/candidate/\u2026 (docs/model-judge.md); relative to trialgate.yml."))
}).register(...described("A task's judge items and the labelled set they are calibrated against."));
var JudgeConfig = external_exports.strictObject({
  model: external_exports.string().min(1).register(...described("The model name sent to the endpoint; a calibration holds only for the model it was made with.")),
  base_url: external_exports.url({ protocol: /^https?$/, error: "an http(s) URL, e.g. https://api.openai.com/v1" }).optional().register(...described("An OpenAI-compatible base URL (the path before /chat/completions), e.g. https://api.openai.com/v1.")),
  command: external_exports.string().min(1).optional().register(
    ...described`
          Instead of base_url: a command (run through \`sh -c\` in the project) that starts a local endpoint and
          prints its base URL on stdout; trialgate starts it for the run and stops it after.
        `
  ),
  api_key_env: external_exports.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "an environment variable name").optional().register(...described("The variable that holds the API key (sent as a bearer token, scrubbed from everything written).")),
  timeout_seconds: external_exports.number().positive().max(600).default(60).register(...described("Per call; past it the call is an outage (an environment error).")),
  max_tokens: external_exports.number().int().positive().optional().register(...described("Judge tokens a run (with its confirmation rounds) may spend; past it items are not judged.")),
  price: external_exports.strictObject({
    input_usd_per_mtok: external_exports.number().nonnegative().register(...described("US dollars per million prompt tokens.")),
    output_usd_per_mtok: external_exports.number().nonnegative().register(...described("US dollars per million completion tokens."))
  }).optional().register(...described("Prices per million tokens, for the cost column; without them cost is not shown (never estimated).")),
  calibration: external_exports.string().min(1).default("judge-calibration.json").register(...described("Where `trialgate calibrate` writes the agreement per item, and where a run reads it.")),
  gate: external_exports.strictObject({
    min_kappa: external_exports.number().min(-1).max(1).default(0.6).register(...described("The least Cohen's \u03BA of the judge against the human labels.")),
    min_labels: external_exports.number().int().positive().default(20).register(...described("The fewest labelled samples the agreement is measured on."))
  }).default({ min_kappa: 0.6, min_labels: 20 }).register(...described("An item gates only when its calibration meets both.")),
  pairs: external_exports.number().int().positive().max(100).default(5).register(...described("Most base/head pairs judged per pairwise item on a pull request.")),
  max_file_chars: external_exports.number().int().positive().default(2e4).register(...described("Characters of each file shown to the judge; the rest is cut with a note saying so."))
}).refine((j) => Boolean(j.base_url) !== Boolean(j.command), {
  error: "exactly one of base_url (an endpoint) or command (starts a local endpoint)",
  path: ["base_url"]
}).register(...described("The endpoint and the rules the judge is held to; once per trial set."));
var RubricAnswer = external_exports.object({
  answer: external_exports.enum(["yes", "no", "insufficient_evidence"]).register(...described("The answer to the question; `insufficient_evidence` is undetermined.")),
  reason: external_exports.string().max(4e3).register(...described("Why, in a few sentences."))
});
var PairwiseAnswer = external_exports.object({
  preferred: external_exports.enum(["A", "B", "tie", "insufficient_evidence"]).register(...described("The version that better satisfies the item, neither, or undetermined.")),
  reason: external_exports.string().max(4e3).register(...described("Why, in a few sentences."))
});
var JudgeVerdict = external_exports.enum(["yes", "no", "undetermined", "error"]).register(
  ...described`
    \`yes\`/\`no\`: the judge answered. \`undetermined\`: it abstained, refused or answered malformed (never a pass).
    \`error\`: it could not be asked (outage, budget): the environment's, excluded like an env error.
  `
);
var Tokens = {
  input_tokens: external_exports.number().nonnegative().max(MAX_TOKENS).optional().register(...described("Prompt tokens of the call, as the endpoint reported them (bounded).")),
  output_tokens: external_exports.number().nonnegative().max(MAX_TOKENS).optional().register(...described("Completion tokens of the call, as the endpoint reported them (bounded).")),
  cost_usd: external_exports.number().nonnegative().max(MAX_COST_USD).optional().register(...described("What the call cost, with judge.price; never estimated."))
};
var JudgeRecord = external_exports.object({
  id: external_exports.string().register(...described("The item: its check is `judge:<id>`.")),
  verdict: JudgeVerdict,
  reason: external_exports.string().register(...described("The judge's reason, or why it was not asked or not understood.")),
  rule: external_exports.string().optional().register(...described("For `error`: the rule that excludes it.")),
  ...Tokens,
  note: external_exports.string().optional().register(...described("What trialgate made of the endpoint's figures: an implausible token count it bounded.")),
  asked: external_exports.boolean().register(...described("Whether the endpoint (or its cache) answered; false for an item decided without a model or not asked.")),
  cached: external_exports.boolean().register(...described("Answered from the run's cache (same model, same prompt): no tokens were spent for it here.")),
  transcript: external_exports.string().optional().register(...described("The transcript, relative to the trial directory."))
});
var TaskJudgeInfo = external_exports.object({
  model: external_exports.string().register(...described("The model asked.")),
  items: external_exports.array(
    external_exports.object({
      id: external_exports.string().register(...described("The item: its check is `judge:<id>`.")),
      question: external_exports.string().register(...described("The question as the judge was asked it.")),
      prompt_sha256: external_exports.string().register(...described("Of the prompt template (instructions, question, files, goal): what a calibration is bound to.")),
      calibration: external_exports.string().register(...described("The calibration in words, gated or not (the reason it is not gated is in the task's `ungated`).")),
      pairwise: external_exports.boolean().register(...described("Whether a pull request also compares base and head on it, blind and in both orders."))
    })
  ).register(...described("The task's judge items."))
}).register(...described("Per task in results.json: the judge as it was defined for the run."));
var JudgeSummary = external_exports.object({
  calls: external_exports.number().int().nonnegative().register(...described("Calls made to the endpoint over the trials (an answer from the run\u2019s cache is none).")),
  cached: external_exports.number().int().nonnegative().register(...described("Answers taken from the run\u2019s cache (same model, same prompt).")),
  tokens: external_exports.number().nonnegative().register(...described("Judge tokens spent over the trials (a cached answer spends none).")),
  cost_usd: external_exports.number().nonnegative().optional().register(...described("What they cost, with judge.price; never estimated.")),
  items: external_exports.record(
    external_exports.string(),
    external_exports.object({
      yes: external_exports.number().int().nonnegative().register(...described("Trials the judge answered yes.")),
      no: external_exports.number().int().nonnegative().register(...described("Trials it answered no.")),
      undetermined: external_exports.number().int().nonnegative().register(...described("Trials it abstained, refused or answered malformed.")),
      errors: external_exports.number().int().nonnegative().register(...described("Trials it could not be asked (excluded, like env errors).")),
      tokens: external_exports.number().nonnegative().register(...described("Judge tokens spent on it (a cached answer spends none).")),
      cost_usd: external_exports.number().nonnegative().optional().register(...described("What they cost, with judge.price; never estimated."))
    })
  ).register(...described("Item id \u2192 its answers over the trials."))
}).register(...described("Per task summary of the judge's work (derived from the trials, so merged rounds stay right)."));
var LabelsFile = external_exports.strictObject({
  version: external_exports.literal(1).register(...described("The version of this file format: 1.")),
  samples: external_exports.array(
    external_exports.strictObject({
      id: ID.describe("The sample's files are samples/<id>/candidate/\u2026 and, optionally, samples/<id>/evidence/\u2026."),
      labels: external_exports.record(external_exports.string(), external_exports.boolean()).register(...described("Item id \u2192 the human answer: does the sample satisfy the item?")),
      note: external_exports.string().optional().register(...described("Why the labeller answered so, for whoever reviews a disagreement."))
    })
  ).min(1).register(...described("The labelled samples, each with the human answer per item."))
});
var CALIBRATION_SCHEMA = "trialgate/calibration@1";
var Confusion = external_exports.object({
  yes_yes: external_exports.number().int().nonnegative().register(...described("human yes, judge yes")),
  yes_no: external_exports.number().int().nonnegative().register(...described("human yes, judge no (or undetermined)")),
  no_yes: external_exports.number().int().nonnegative().register(...described("human no, judge yes")),
  no_no: external_exports.number().int().nonnegative().register(...described("human no, judge no (or undetermined)"))
}).register(...described("The answers of judge and human side by side."));
var CalibrationItem = external_exports.object({
  task: external_exports.string().register(...described("The task whose item this is.")),
  item: external_exports.string().register(...described("The judge item.")),
  model: external_exports.string().register(...described("The model calibrated: the calibration holds for it only.")),
  prompt_sha256: external_exports.string().register(...described("The prompt template it was made with: a changed question or prompt needs a new calibration.")),
  labels_sha256: external_exports.string().register(...described("The labelled set it was made on: changed labels need a new calibration.")),
  n: external_exports.number().int().nonnegative().register(...described('Labels the judge answered (yes, no or undetermined); an undetermined answer counts as "no".')),
  agree: external_exports.number().int().nonnegative().register(...described("Labels the judge agreed with.")),
  undetermined: external_exports.number().int().nonnegative().register(...described("Labels the judge answered undetermined.")),
  accuracy: external_exports.number().min(0).max(1).nullable().register(...described("agree \xF7 n; null without labels.")),
  kappa: external_exports.number().min(-1).max(1).nullable().register(...described("Cohen's \u03BA of judge against human; null when undefined (every label and answer of one class).")),
  confusion: Confusion,
  calibrated_at: external_exports.string().register(...described("When (ISO 8601)."))
});
var CalibrationFile = external_exports.object({
  schema: external_exports.literal(CALIBRATION_SCHEMA).register(...described("The version of this file format.")),
  items: external_exports.array(CalibrationItem).register(...described("The agreement of the judge with the human labels, per task and item."))
});
var ChatMessage = external_exports.object({
  role: external_exports.enum(["system", "user"]).register(...described("`system`: trialgate's instructions; `user`: the question, the goal and the files shown.")),
  content: external_exports.string().register(...described("The text sent."))
}).register(...described("One message sent to the judge."));
var JudgeReply = external_exports.object({
  content: external_exports.string().nullable().register(...described("The assistant message's text as the endpoint returned it (the structured answer, when it is one).")),
  refusal: external_exports.string().nullable().register(...described("What the model said instead of answering, when it refused.")),
  finishReason: external_exports.string().nullable().register(...described("Why the endpoint stopped: `stop`, or `length` when the answer was cut off (then malformed)."))
}).register(...described("The judge's answer as the endpoint returned it, before trialgate read it."));
var JudgeTranscript = JudgeRecord.omit({ transcript: true }).extend({
  item: external_exports.string().register(...described("The item asked about: its check is `judge:<item>`.")),
  model: external_exports.string().register(...described("The model asked.")),
  messages: external_exports.array(ChatMessage).register(...described("What was sent, in order.")),
  reply: JudgeReply.optional().register(...described("What came back; absent when the judge could not be asked.")),
  key: external_exports.string().optional().register(...described("Where the answer is cached, judge-cache/<key>.json: a hash of the model and the exact prompt."))
}).register(
  ...described`
      evidence/judge/<item>.json, written by trialgate: one judge item of a trial, what was asked and what came back,
      with the record results.json keeps of it.
    `
);
var JudgeCacheEntry = external_exports.object({
  model: external_exports.string().register(...described("The model that answered.")),
  messages: external_exports.array(ChatMessage).register(...described("The exact prompt: an answer is reused only for the same model and the same messages.")),
  reply: JudgeReply,
  input_tokens: external_exports.number().nonnegative().optional().register(...described("Prompt tokens the endpoint reported for the call.")),
  output_tokens: external_exports.number().nonnegative().optional().register(...described("Completion tokens the endpoint reported for the call."))
}).register(
  ...described`
      <run>/judge-cache/<key>.json, written by trialgate: one answer of the judge, asked once per run and its
      confirmation rounds.
    `
);
var JudgeLedger = external_exports.object({
  tokens: external_exports.number().nonnegative().register(...described("Judge tokens spent so far, counted against judge.max_tokens."))
}).register(...described("<run>/judge-cache/spent.json, written by trialgate: what the run's judge has spent."));
var PairPosition = external_exports.enum(["A", "B", "tie", "undetermined", "error"]).register(...described("What one ask preferred: the version shown as A or as B, neither, no usable answer, or no answer at all."));
var PairOutcome = external_exports.enum(["head", "base", "tie", "first_position", "second_position", "inconsistent", "undetermined", "error"]).register(
  ...described`
    A pair asked in both orders: the version preferred both times, a tie, the same position both times (a position
    bias), different versions (inconsistent), or no usable answer.
  `
);
var PairTranscript = external_exports.object({
  base_trial: external_exports.number().int().positive().register(...described("The base run\u2019s trial whose candidate was shown.")),
  head_trial: external_exports.number().int().positive().register(...described("The head run\u2019s trial whose candidate was shown.")),
  outcome: PairOutcome,
  orders: external_exports.array(
    external_exports.object({
      shown: external_exports.enum(["base as A", "head as A"]).register(...described("Which version the judge saw as A in this ask.")),
      position: PairPosition,
      reason: external_exports.string().register(...described("The judge's reason, or why the ask has no answer."))
    })
  ).register(...described("The two asks, in the order they were made."))
}).register(...described("<head run>/pairwise/<task>/<item>/pair-<n>.json, written by trialgate: one base/head pair asked in both orders."));
var PairwiseItem = external_exports.object({
  task: external_exports.string().register(...described("The task.")),
  item: external_exports.string().register(...described("The judge item compared.")),
  model: external_exports.string().register(...described("The model asked.")),
  pairs: external_exports.number().int().nonnegative().register(...described("Pairs of one base and one head candidate, each asked in both orders.")),
  head: external_exports.number().int().nonnegative().register(...described("Consistent preferences: the same version chosen in both orders.")),
  base: external_exports.number().int().nonnegative().register(...described("Consistent preferences for the base.")),
  tie: external_exports.number().int().nonnegative().register(...described("Pairs judged a tie in both orders.")),
  inconsistent: external_exports.number().int().nonnegative().register(...described("The two orders disagreed: no preference counts. `first`/`second`: it chose that position both times.")),
  first_position: external_exports.number().int().nonnegative().register(...described("Pairs where the judge chose the first position both times (a position bias).")),
  second_position: external_exports.number().int().nonnegative().register(...described("Pairs where it chose the second position both times.")),
  undetermined: external_exports.number().int().nonnegative().register(...described("Pairs without a usable answer in some order.")),
  errors: external_exports.number().int().nonnegative().register(...described("Pairs the judge could not be asked about (an environment error).")),
  identical: external_exports.number().int().nonnegative().register(...described("Pairs whose candidate files were byte-identical: nothing to prefer, not asked.")),
  tokens: external_exports.number().nonnegative().register(...described("Judge tokens spent on the pairs.")),
  cost_usd: external_exports.number().nonnegative().optional().register(...described("What they cost, with judge.price; never estimated.")),
  base_first: external_exports.number().int().nonnegative().optional().register(
    ...described`
        Pairs whose first ask showed the base as A; the others showed the head first. Drawn per pair from the run's
        seed, so that the order of the calls tells an endpoint nothing of which side is which.
      `
  )
});
var Pairwise = external_exports.object({
  items: external_exports.array(PairwiseItem).register(...described("Per task and pairwise item: how the pairs were judged.")),
  models: external_exports.array(
    external_exports.object({
      model: external_exports.string().register(...described("The model.")),
      answered: external_exports.number().int().nonnegative().register(...described("Pairs it answered in both orders.")),
      inconsistent: external_exports.number().int().nonnegative().register(...described("Of them, pairs whose two orders disagreed.")),
      first_position: external_exports.number().int().nonnegative().register(...described("Of them, pairs where it chose the first position both times.")),
      second_position: external_exports.number().int().nonnegative().register(...described("Of them, pairs where it chose the second position both times."))
    })
  ).register(...described("Per model: pairs answered in both orders, and how many of them were inconsistent.")),
  notes: external_exports.array(external_exports.string()).register(...described("Why pairs could not be judged (an outage, a missing base artefact), one line each."))
});

export {
  HOLDOUT_KEY_ENV,
  HoldoutConfig,
  HoldoutRecord,
  MAX_TOKENS,
  MAX_COST_USD,
  MAX_SUMMED,
  MAX_MINUTES,
  bound,
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
  JudgeCacheEntry,
  JudgeLedger,
  Pairwise
};
