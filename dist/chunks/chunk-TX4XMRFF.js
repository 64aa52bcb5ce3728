import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  HOLDOUT_KEY_ENV,
  HoldoutConfig,
  JudgeConfig,
  TaskJudge
} from "./chunk-6FEWE2YT.js";
import {
  Acceptance,
  PassEnv,
  described,
  external_exports,
  parseYamlConfig
} from "./chunk-AJNZHUO4.js";
import {
  readTextFile,
  sha256
} from "./chunk-EYKO5LXT.js";
import {
  UserInputError
} from "./chunk-JUOIWDMS.js";

// src/trial/trialset-file.ts
import { dirname, resolve } from "node:path";

// src/schemas/trialset.ts
var TRIALSET_VERSION = 1;
var Budget = external_exports.strictObject({
  wall_seconds: external_exports.number().positive().max(24 * 3600).register(
    ...described(
      "Wall time of one trial's agent; past it the process tree is ended and the trial is budget_exhausted. The time a busy machine kept the agent waiting for a CPU core is given back first, up to three budgets more; kept waiting past that, the trial is an env_error."
    )
  ),
  max_tokens: external_exports.number().int().positive().optional().register(...described("Enforced only when the agent reports usage in evidence/usage.json; never estimated.")),
  max_cost_usd: external_exports.number().positive().optional().register(...described("In US dollars; enforced, like max_tokens, only on the usage the agent reports."))
}).register(...described("What one trial may spend: its agent's wall time, and the tokens and cost the agent reports."));
var TaskAgent = external_exports.strictObject({
  command: external_exports.string().min(1).optional().register(...described("Run through `sh -c` in the trial directory instead of the trial set's `agent.command`.")),
  env: external_exports.record(external_exports.string(), external_exports.string()).default({}).register(...described("Literal variables besides (and over) the trial set's `agent.env`; ${TRIALGATE_PROJECT} is expanded.")),
  pass_env: PassEnv.describe("Variables passed on from the runner's environment besides the trial set's `agent.pass_env`. Scrubbed from all output."),
  files: external_exports.array(external_exports.string().min(1)).default([]).register(...described("Project paths this task's agent may read besides the trial set's `agent.files` and the watched files."))
}).register(
  ...described`
      A task's own agent settings, over the trial set's \`agent\`: \`command\` replaces its command; \`env\`,
      \`pass_env\` and \`files\` add to its own. Its agent sees the trial set's files and its own, no other task's.
    `
);
var Concurrency = external_exports.union([
  external_exports.number().int().min(1).max(256),
  external_exports.strictObject({
    agents: external_exports.number().int().min(1).max(256).optional().register(...described("Agent runs at once (default 4 \xD7 the machine's cores).")),
    acceptance: external_exports.number().int().min(1).max(256).optional().register(...described("Trials being prepared, accepted or judged at once (default the machine's cores; never more than `agents`)."))
  })
]).register(
  ...described`
      How many trials run at once. A number: agent runs at once. Agents mostly wait on a model while the runner's own
      work (preparing a trial, accepting it) uses the CPU, so the two are bounded apart.
    `
);
var TaskSpec = external_exports.strictObject({
  id: external_exports.string().regex(/^[a-z0-9][a-z0-9._-]*$/, 'lower-case letters, digits, ".", "_" or "-" (it names a directory)').register(...described("The task's name: it names its directory in a run and its rows in reports; keep it stable, as comparisons match on it.")),
  set: external_exports.enum(["dev", "holdout"]).default("dev").register(...described("`dev`: shown task by task; `holdout`: gated like any task, but only its aggregates are ever shown (docs/holdout.md).")),
  fixture: external_exports.string().min(1).register(...described("Directory with fixture.json, inputs/ and task.txt.")),
  acceptance: Acceptance.optional().register(...described("Default: the acceptor the fixture declares, else http-cases.")),
  faults: external_exports.record(external_exports.string(), external_exports.string().min(1, 'a human label, e.g. "duplicate request reserves twice (idempotency)"')).optional().register(...described("Defect variants to run, each with the label a PR comment shows; default: every fault of the fixture.")),
  judge: TaskJudge.optional().register(...described("Model-judged items, each a `judge:<id>` check (docs/model-judge.md); needs the top-level `judge`.")),
  watch: external_exports.array(external_exports.string().min(1)).default([]).register(
    ...described`
        Globs of this task's own prompt/skill files: with the trial set's \`watch\`, its version. A pull request that
        changes none of the files a task depends on is not rerun for it (docs/trial-set.md).
      `
  ),
  agent: TaskAgent.optional().register(...described("This task's own agent settings, over the trial set's `agent`."))
});
var TrialSetFile = external_exports.strictObject({
  version: external_exports.literal(
    TRIALSET_VERSION,
    `this trialgate reads version ${TRIALSET_VERSION} of trialgate.yml: write version: ${TRIALSET_VERSION} (a newer version needs a newer trialgate)`
  ).register(...described("The version of this file format: 1.")),
  name: external_exports.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'letters, digits, ".", "_" or "-"').register(...described("Names the PR comment and the results artefact; keep it stable.")),
  trials: external_exports.number().int().min(1).max(1e3).default(3).register(...described("k: trials per task, each from a clean copy of its fixture.")),
  concurrency: Concurrency.optional().register(...described("Default: agents 4 \xD7 the machine's cores, acceptance the cores.")),
  seed: external_exports.number().int().min(0).default(1).register(...described("The run seed: with the task id and the trial number it makes each trial's TRIALGATE_SEED.")),
  budget: Budget.default({ wall_seconds: 300 }),
  agent: external_exports.strictObject({
    command: external_exports.string().min(1).register(...described("Run through `sh -c` in the trial directory; $TRIALGATE_PROJECT is the directory of this file.")),
    env: external_exports.record(external_exports.string(), external_exports.string()).default({}).register(...described("Literal variables; ${TRIALGATE_PROJECT} is expanded.")),
    pass_env: PassEnv.describe("Variables passed on from the runner's environment (an API key); nothing else of it is. Scrubbed from all output."),
    files: external_exports.array(external_exports.string().min(1)).default([]).register(...described("Project paths (files or directories) the agent may read besides the watched files, e.g. its own scripts.")),
    isolation: external_exports.enum(["auto", "required", "none"]).default("auto").register(...described("`auto`: isolated where the OS allows, else recorded as none; `required`: no isolation is an environment error.")),
    network: external_exports.enum(["full", "none"]).default("full").register(...described("`full`: the agent reaches the network (its model API); `none`: loopback only.")),
    log_cap_bytes: external_exports.number().int().positive().default(1024 * 1024).register(...described("Bytes of agent output kept in evidence/agent.log."))
  }).register(...described("The agent under test, every task's unless a task sets its own: how it is started, what it is given, how it is isolated.")),
  watch: external_exports.array(external_exports.string().min(1)).default([]).register(
    ...described`
        Globs of the prompt and skill files every task shares: their hash is the version; a change reruns every task.
        A task's own files go in its \`watch\`. At least one glob here or in a task.
      `
  ),
  tasks: external_exports.array(TaskSpec).min(1, "at least one task").register(...described("The tasks, each a fixture its agent works on k times.")),
  judge: JudgeConfig.optional().register(...described("The model judge's endpoint and rules (docs/model-judge.md).")),
  holdout: HoldoutConfig.optional().register(
    ...described("How holdout tasks are named in what a run shows, who can read their detail, and where they live (docs/holdout.md).")
  ),
  repairs: external_exports.string().min(1).default("repairs").register(
    ...described`
        A directory of committed human repairs (\`<task>/<candidate sha256>.diff\`, written by \`trialgate repair
        --done --save\`): a trial whose candidate is one of them is also accepted repaired.
      `
  ),
  limits: external_exports.strictObject({
    candidate_mb: external_exports.number().positive().max(4096).default(32).register(...described("Megabytes of files a candidate may hold.")),
    candidate_files: external_exports.number().int().positive().max(1e5).default(1e4).register(...described("Files a candidate may hold."))
  }).default({ candidate_mb: 32, candidate_files: 1e4 }).register(...described("What a candidate may hold: past it the trial fails on format, naming the file.")).register(...described("What a candidate may hold: past it the trial fails on format, naming the file."))
});

// src/trial/trialset-file.ts
async function readTrialSetFile(path) {
  const file = resolve(path);
  const text = await readTextFile(file, "no trial set here; pass --config or create one with `trialgate init` (see docs/trial-set.md)");
  return { file, dir: dirname(file), config: parseTrialSetText(text, file), sha256: sha256(text) };
}
function parseTrialSetText(text, file) {
  const config = parseYamlConfig(TrialSetFile, text, file);
  const ids = /* @__PURE__ */ new Set();
  for (const [i, task] of config.tasks.entries()) {
    if (ids.has(task.id)) throw new UserInputError(file, `tasks[${i}].id`, `task id ${task.id} is used twice; task ids must be unique`);
    ids.add(task.id);
  }
  if (config.watch.length === 0 && !config.tasks.some((task) => task.watch.length > 0))
    throw new UserInputError(file, "watch", "at least one glob of the prompt/skill files under test, here (every task's) or in a task's own watch");
  refuseRulersSecrets(config, file);
  return config;
}
var RUNNER_TOKENS = ["ACTIONS_RUNTIME_TOKEN", "ACTIONS_ID_TOKEN_REQUEST_TOKEN", "TRIALGATE_CONTROL_TOKEN"];
function refuseRulersSecrets(config, file) {
  const held = new Map([
    [config.holdout?.key_env ?? HOLDOUT_KEY_ENV, "the holdout key"],
    ...config.holdout?.source ? [[config.holdout.source.token_env, "the holdout source's token: it reads the holdout tasks' answers"]] : [],
    ...RUNNER_TOKENS.map((name) => [name, "a token of the runner's"])
  ]);
  const named = [
    ...config.agent.pass_env.map((name, j) => ({ name, field: `agent.pass_env[${j}]` })),
    ...config.tasks.flatMap((task, i) => (task.agent?.pass_env ?? []).map((name, j) => ({ name, field: `tasks[${i}].agent.pass_env[${j}]` })))
  ];
  const bad = named.find(({ name }) => held.has(name));
  if (bad)
    throw new UserInputError(
      file,
      bad.field,
      `${bad.name} is ${held.get(bad.name)}, which the agent under test must never be given; remove it (a model's key belongs here, under a name of its own)`
    );
}

export {
  TaskSpec,
  readTrialSetFile
};
