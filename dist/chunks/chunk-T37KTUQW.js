import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  CommittedRepairProblem,
  applyCommittedRepair,
  writeLoggedResults
} from "./chunk-LYPK62IA.js";
import {
  SEALED_FILE,
  sealDirectory
} from "./chunk-5PPB757Y.js";
import {
  offerReuse
} from "./chunk-KIZHXQHB.js";
import {
  measurementOf
} from "./chunk-THJ3K27E.js";
import {
  RESULTS_SCHEMA,
  TrialResult,
  Usage,
  checkKind,
  failureReasons,
  judgeChecks,
  judgeNotes,
  summarizeTask
} from "./chunk-LHVQ7BFE.js";
import {
  SemanticLayer
} from "./chunk-ZV2SCNKO.js";
import {
  agentOf,
  loadTrialSet,
  resolveTask,
  sharedAgentFiles
} from "./chunk-BEIMHXS6.js";
import {
  AcceptanceCopyChanged,
  MachinePace,
  ServicePool,
  mapPool,
  readCandidate,
  runAgentProcess
} from "./chunk-TE7J7CZT.js";
import {
  ACCEPTOR_BROKEN_RULE
} from "./chunk-6KCLTD2N.js";
import {
  TaskSpec
} from "./chunk-TX4XMRFF.js";
import {
  SCRIPT,
  baseEnvironment,
  commandPrograms,
  namedFiles,
  openSandbox,
  passedEnvironment
} from "./chunk-N2ZZ3NAW.js";
import {
  HOLDOUT_KEY_ENV,
  MAX_COST_USD,
  MAX_TOKENS,
  bound
} from "./chunk-6FEWE2YT.js";
import {
  plural,
  secretsOf,
  trialSetSources
} from "./chunk-BAEF6OTL.js";
import {
  NO_FAULT,
  copyFixture,
  described,
  external_exports,
  hashProtected,
  parseYamlConfig
} from "./chunk-AJNZHUO4.js";
import {
  TOOL_VERSION
} from "./chunk-VBXPJHBB.js";
import {
  extractZip
} from "./chunk-C3HU7JC5.js";
import {
  packageRoot
} from "./chunk-OMHBE2A7.js";
import {
  makeOutputDir,
  writeInside
} from "./chunk-KKIMH4NN.js";
import {
  firstChanges,
  hashFiles,
  listEntries,
  manifestChanges,
  matchFiles,
  readRegularFile,
  readTextFile,
  removeWritten,
  sha256,
  sha256Manifest,
  unlessMissing
} from "./chunk-EYKO5LXT.js";
import {
  EnvironmentError,
  MACHINERY_RULE,
  TrialCrashed,
  UserInputError,
  diskFull,
  issuePath,
  nearest,
  noSuchTask
} from "./chunk-JUOIWDMS.js";

// src/trial/holdout.ts
import { mkdtemp as mkdtemp2, rm as rm2, writeFile } from "node:fs/promises";
import { tmpdir as tmpdir2 } from "node:os";
import { join as join3 } from "node:path";

// src/holdout/key.ts
import { createHmac, randomBytes } from "node:crypto";
var MIN_KEY_LENGTH = 16;
var KEPT_PREFIXES = /* @__PURE__ */ new Set(["detect", "constraint", "tool", "judge"]);
var HoldoutKey = class _HoldoutKey {
  constructor(secret, source) {
    this.secret = secret;
    this.source = source;
  }
  secret;
  source;
  /** The key from `env[name]`, else one for this run alone. A value too short to be secret is the user's to fix. */
  static fromEnvironment(name, env, file) {
    const value = env[name];
    if (!value) return new _HoldoutKey(randomBytes(32), "run");
    if (value.length < MIN_KEY_LENGTH)
      throw new UserInputError(
        file,
        "holdout.key_env",
        `${name} holds ${value.length} characters; a holdout key needs at least ${MIN_KEY_LENGTH} (e.g. openssl rand -hex 32)`
      );
    return new _HoldoutKey(Buffer.from(value, "utf8"), "configured");
  }
  /** The value to scrub from everything written (empty for a run's own key, which never leaves the process). */
  get scrubbed() {
    return this.source === "configured" ? [this.secret.toString("utf8")] : [];
  }
  /** What results.json records: runs compare their holdout tasks only when these are equal. */
  record() {
    return { key: this.source, key_id: this.mac("key id").slice(0, 16) };
  }
  /** A holdout task's name in everything public: `holdout-` and 12 hex digits. */
  task(id) {
    return `holdout-${this.mac("task", id).slice(0, 12)}`;
  }
  /**
   * A check of a holdout task, as public: `pass` and `env` as they are (every task has them); a detection,
   * constraint, tool boundary or judge item keeps its kind (gating depends on it), its name replaced; any other
   * check becomes `check-<hex>`. Keyed by task too: the same fault in two tasks gets two names.
   */
  check(taskId, check) {
    const kind = checkKind(check);
    if (kind === "pass" || kind === "env") return check;
    const name = this.mac("check", taskId, check).slice(0, 12);
    return KEPT_PREFIXES.has(kind) ? `${kind}:${name}` : `check-${name}`;
  }
  /** A value that defines the measurement (fixture hash, acceptor version, a check's version): equal in, equal out. */
  value(what, value) {
    return `keyed:${this.mac("value", what, value).slice(0, 32)}`;
  }
  mac(...parts) {
    return createHmac("sha256", this.secret).update(["trialgate holdout", ...parts].join("\0")).digest("hex");
  }
};

// src/holdout/withhold.ts
import { basename } from "node:path";
var WITHHELD = "withheld (holdout)";
var WITHHELD_ENV_ERROR = "an environment error of a holdout task (its rule is in the sealed holdout detail)";
function kept(trial, taskId, key) {
  return {
    trial: trial.trial,
    outcome: trial.outcome,
    stop_reason: trial.stop_reason,
    ...trial.env_error !== void 0 ? { env_error: WITHHELD_ENV_ERROR } : {},
    ...trial.env_error_source ? { env_error_source: trial.env_error_source } : {},
    checks: Object.fromEntries(Object.entries(trial.checks).map(([check, ok]) => [key.check(taskId, check), ok])),
    ...trial.usage ? { usage: trial.usage } : {},
    wall_ms: trial.wall_ms,
    ...trial.agent_ms === void 0 ? {} : { agent_ms: trial.agent_ms },
    // Where it would be: the directory is in the sealed archive, under the task's own id.
    evidence: `${key.task(taskId)}/${basename(trial.evidence)}`
  };
}
function withheldTrial(trial, taskId, key) {
  return {
    ...kept(trial, taskId, key),
    layers: {
      final_state: { ok: trial.layers.final_state.ok, failures: [] },
      constraints: { ok: trial.layers.constraints.ok, failures: [] },
      tool_contract: { ok: trial.layers.tool_contract.ok, failures: [] },
      trajectory: { notes: [] }
    },
    judgements: []
  };
}
function withheldDigest(trial, taskId, key) {
  return kept(trial, taskId, key);
}
function withheldTask(task, key) {
  const id = task.id;
  const check = (c) => key.check(id, c);
  const faults = task.faults.map((f) => ({ id: check(`detect:${f.id}`).slice("detect:".length), label: WITHHELD }));
  const trials = task.trials.map((t) => withheldDigest(t, id, key));
  const detected = Object.keys(task.summary.detections).map((fault) => check(`detect:${fault}`).slice("detect:".length));
  return {
    id: key.task(id),
    set: "holdout",
    fixture: WITHHELD,
    fixture_sha256: key.value("fixture", task.fixture_sha256),
    acceptor_version: key.value("acceptor", task.acceptor_version),
    budget: task.budget,
    faults,
    trials,
    summary: summarizeTask(trials, task.summary.k, detected),
    ...task.ungated ? { ungated: Object.fromEntries(Object.keys(task.ungated).map((c) => [check(c), `${WITHHELD}: its reason is sealed`])) } : {},
    ...task.check_versions ? { check_versions: Object.fromEntries(Object.entries(task.check_versions).map(([c, v]) => [check(c), key.value(`version ${c}`, v)])) } : {},
    ...task.acceptor_check ? { acceptor_check: { ok: task.acceptor_check.ok } } : {}
  };
}

// src/trial/holdout-source.ts
import { join as join2 } from "node:path";

// src/holdout/fetch.ts
import { createWriteStream } from "node:fs";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { isAbsolute, join, normalize } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
var HoldoutUnavailable = class extends Error {
  name = "HoldoutUnavailable";
};
async function fetchSource(source, env) {
  const token = env[source.token_env];
  if (!token) throw new HoldoutUnavailable(`the holdout source needs a token in ${source.token_env}, which is not set`);
  const api = (source.api_url ?? env.GITHUB_API_URL ?? "https://api.github.com").replace(/\/+$/, "");
  const url = `${api}/repos/${source.github}/zipball${source.ref ? `/${encodeURIComponent(source.ref)}` : ""}`;
  const root = await mkdtemp(join(tmpdir(), "trialgate-holdout-source-"));
  const cleanup = () => rm(root, { recursive: true, force: true });
  try {
    let response;
    try {
      response = await fetch(url, {
        headers: { authorization: `Bearer ${token}`, accept: "application/vnd.github+json", "x-github-api-version": "2022-11-28", "user-agent": "trialgate" },
        redirect: "follow",
        signal: AbortSignal.timeout(12e4)
      });
    } catch (e) {
      throw new HoldoutUnavailable(`the holdout source ${source.github} could not be reached (${e.cause ?? e.message})`);
    }
    if (!response.ok || !response.body) {
      const why = response.status === 404 ? "not found, or the token cannot read it" : response.status === 401 ? "the token was refused" : `HTTP ${response.status}`;
      throw new HoldoutUnavailable(`the holdout source ${source.github}${source.ref ? `@${source.ref}` : ""} could not be fetched: ${why}`);
    }
    const zip = join(root, "source.zip");
    await pipeline(Readable.fromWeb(response.body), createWriteStream(zip));
    const tree = join(root, "tree");
    await extractZip(zip, tree).catch((e) => {
      throw new HoldoutUnavailable(`the holdout source ${source.github} sent an archive that cannot be read (${e.message})`);
    });
    const top = await readdir(tree, { withFileTypes: true });
    if (top.length !== 1 || !top[0].isDirectory())
      throw new HoldoutUnavailable(`the holdout source ${source.github} sent an archive without one top directory`);
    const path = normalize(source.path);
    if (isAbsolute(path) || path.split("/").includes(".."))
      throw new HoldoutUnavailable(`holdout.source.path ${source.path} leaves the repository: name a directory inside it`);
    const dir = join(tree, top[0].name, path);
    if (!(await stat(dir).catch(() => null))?.isDirectory())
      throw new HoldoutUnavailable(`the holdout source ${source.github} has no directory ${source.path}`);
    return { root, dir, cleanup };
  } catch (e) {
    await cleanup();
    throw e;
  }
}

// src/schemas/holdout-file.ts
var HoldoutFile = external_exports.strictObject({
  version: external_exports.literal(1, "version: 1").register(...described("The version of this file format: 1.")),
  tasks: external_exports.array(TaskSpec.omit({ set: true, watch: true, agent: true })).min(1, "at least one task").register(...described("The holdout tasks, each as a task of trialgate.yml without `set`, `watch` or `agent`; fixture paths relative to this file."))
});

// src/trial/holdout-source.ts
async function fetchHoldoutTasks(set, source, remote) {
  const token = process.env[source.token_env];
  const secrets = token ? [token] : [];
  const none = async () => {
  };
  if (remote.refused) return { tasks: [], conceal: [], cleanup: none, secrets, unavailable: `the holdout source was not fetched: ${remote.refused}` };
  let fetched;
  try {
    fetched = await fetchSource(source, process.env);
  } catch (e) {
    if (e instanceof HoldoutUnavailable) return { tasks: [], conceal: [], cleanup: none, secrets, unavailable: e.message };
    throw e;
  }
  const file = join2(fetched.dir, "holdout.yml");
  try {
    const config = parseYamlConfig(HoldoutFile, await readTextFile(file, "the holdout source has no holdout.yml"), file);
    const tasks = [];
    const shared = await sharedAgentFiles(set);
    for (const [i, spec] of config.tasks.entries()) {
      if (set.config.tasks.some((t) => t.id === spec.id) || tasks.some((t) => t.spec.id === spec.id))
        throw new UserInputError(file, `tasks[${i}].id`, `${spec.id} is the id of another task; ids are unique across trialgate.yml and holdout.yml`);
      const task = { ...spec, set: "holdout", watch: [] };
      tasks.push({ ...await resolveTask(file, fetched.dir, task, i), agent: agentOf(set.config, task, shared) });
    }
    return { tasks, conceal: [fetched.root], cleanup: fetched.cleanup, secrets };
  } catch (e) {
    await fetched.cleanup();
    if (!(e instanceof UserInputError)) throw e;
    return {
      tasks: [],
      conceal: [],
      cleanup: none,
      secrets,
      unavailable: "the holdout source\u2019s holdout.yml or one of its fixtures is not valid (what is wrong is in the sealed holdout detail)",
      detail: e.message.replaceAll(fetched.dir, "<holdout source>")
    };
  }
}

// src/trial/holdout.ts
function isHoldout(task) {
  return task.spec.set === "holdout";
}
var HoldoutRun = class _HoldoutRun {
  constructor(key, source, recipients, configured, dir) {
    this.key = key;
    this.source = source;
    this.recipients = recipients;
    this.configured = configured;
    this.dir = dir;
  }
  key;
  source;
  recipients;
  configured;
  dir;
  /**
   * The key, the source's tasks fetched and loaded (or why not), and the private directory. The source is not
   * fetched for a run of named tasks that are all trialgate.yml's (a confirmation round of dev tasks).
   */
  static async start(set, remote = {}, ids) {
    const config = set.config.holdout;
    const any = config !== void 0 || set.tasks.some(isHoldout);
    const key = HoldoutKey.fromEnvironment(config?.key_env ?? HOLDOUT_KEY_ENV, any ? process.env : {}, set.file);
    const own = (id) => set.tasks.some((t) => t.spec.id === id || isHoldout(t) && key.task(t.spec.id) === id);
    const source = config?.source && !(ids?.length && ids.every(own)) ? await fetchHoldoutTasks(set, config.source, remote) : { tasks: [], conceal: [], cleanup: async () => {
    }, secrets: [] };
    const dir = any ? await mkdtemp2(join3(tmpdir2(), "trialgate-holdout-")) : null;
    return new _HoldoutRun(key, source, config?.recipients ?? [], config !== void 0, dir);
  }
  /** The holdout source's tasks, run after trialgate.yml's. */
  get fetched() {
    return this.source.tasks;
  }
  /** Values scrubbed from everything the run writes: the key and the source's token. */
  get secrets() {
    return [...this.key.scrubbed, ...this.source.secrets];
  }
  /** Directories no agent is shown: holdout trials and the fetched source. */
  get conceal() {
    return [...this.dir ? [this.dir] : [], ...this.source.conceal];
  }
  /** A task's name wherever the run shows it. */
  name(task) {
    return isHoldout(task) ? this.key.task(task.spec.id) : task.spec.id;
  }
  /** Where a task's trial directories go: the run directory, or the private one for a holdout task. */
  rootOf(task, runDir) {
    return isHoldout(task) && this.dir ? this.dir : runDir;
  }
  /** The task `id` names: a holdout task by its pseudonym (what the run shows, so what a confirmation round asks for) or its id. */
  find(tasks, id) {
    return tasks.find((t) => t.spec.id === id || this.name(t) === id);
  }
  /** A progress event as shown: a holdout task's by pseudonym, its trial withheld. */
  progress(event, task) {
    if (!isHoldout(task)) return event;
    return { ...event, task: this.name(task), holdout: true, result: withheldTrial(event.result, task.spec.id, this.key) };
  }
  /**
   * The run as shown: holdout tasks withheld, by pseudonym. Before that their detail (their whole results
   * under their own ids, their trial directories, why the source could not be used) is sealed into the run
   * directory, when the trial set names recipients; without any, it is discarded with the private directory.
   */
  async withhold(run, trials, runDir, scrubber) {
    const held = new Set(run.tasks.filter((t) => t.set === "holdout").map((t) => t.id));
    const sealed = this.dir !== null && this.recipients.length > 0 && (held.size > 0 || this.source.detail !== void 0);
    const record = this.configured || held.size > 0 ? { ...this.key.record(), ...this.source.unavailable ? { unavailable: this.source.unavailable } : {}, ...sealed ? { sealed: SEALED_FILE } : {} } : void 0;
    if (sealed) {
      if (this.source.detail) await writeFile(join3(this.dir, "unavailable.txt"), scrubber.text(`${this.source.detail}
`));
      const detail = { ...run, ...record ? { holdout: record } : {}, tasks: run.tasks.filter((t) => held.has(t.id)) };
      await writeLoggedResults(this.dir, detail, trials, scrubber);
      await sealDirectory(this.dir, this.recipients, join3(runDir, SEALED_FILE));
    }
    const realId = new Map([...held].map((id) => [this.key.task(id), id]));
    const key = this.key;
    const shownTrials = function* (taskId) {
      const id = realId.get(taskId);
      if (id === void 0) return yield* trials(taskId);
      for (const trial of trials(id)) yield withheldTrial(trial, id, key);
    };
    const shown = { ...run, ...record ? { holdout: record } : {}, tasks: run.tasks.map((t) => held.has(t.id) ? withheldTask(t, key) : t) };
    return { run: shown, trials: shownTrials };
  }
  async dispose() {
    if (this.dir) await rm2(this.dir, { recursive: true, force: true });
    await this.source.cleanup();
  }
};

// src/trial/run-plan.ts
import { availableParallelism } from "node:os";
import { join as join4, resolve } from "node:path";
import { mkdir, readdir as readdir2 } from "node:fs/promises";

// src/results/merge.ts
import { isDeepStrictEqual } from "node:util";

// src/results/trust.ts
function untrusted(result, why) {
  if (result.outcome !== "pass") return result;
  const failed = { ...result, outcome: "fail", checks: { ...result.checks, pass: false } };
  if (result.layers) failed.layers = { ...result.layers, constraints: { ok: false, failures: [...result.layers.constraints.failures, why] } };
  return failed;
}

// src/results/merge.ts
var MergeError = class extends Error {
  name = "MergeError";
};
function shardOf(position, count) {
  return position % count + 1;
}
function mergeShards(shards, count) {
  const seen = /* @__PURE__ */ new Map();
  for (const s of shards) {
    const shard = s.run.shard;
    if (!shard || shard.count !== count)
      throw new MergeError(`a results file is not shard i/${count} (it says ${shard ? `${shard.index}/${shard.count}` : "unsharded"})`);
    seen.set(shard.index, (seen.get(shard.index) ?? 0) + 1);
  }
  const stray = [...seen.keys()].filter((i) => i > count);
  if (stray.length) throw new MergeError(`a results file says it is shard ${stray[0]}/${count}: a run of ${count} shards has shards 1\u2026${count}`);
  const missing = range(count).filter((i) => !seen.has(i));
  const duplicated = [...seen].filter(([, n]) => n > 1).map(([i]) => i);
  if (missing.length) throw new MergeError(`missing shard${missing.length > 1 ? "s" : ""} ${missing.map((i) => `${i}/${count}`).join(", ")}`);
  if (duplicated.length) throw new MergeError(`shard ${duplicated.map((i) => `${i}/${count}`).join(", ")} uploaded more than once`);
  const ordered = [...shards].sort((a, b) => a.run.shard.index - b.run.shard.index);
  const first = ordered[0];
  for (const s of ordered) {
    sameRun(first, s);
    holdsItsSlice(first, s);
  }
  const merged = combine(ordered);
  const { shard: _shard, ...run } = merged.run;
  for (const task of merged.tasks) {
    if (task.not_rerun !== void 0) continue;
    const numbers = new Set(task.trials.map((t) => t.trial));
    const absent = range(merged.run.k).filter((n) => !numbers.has(n));
    if (absent.length) throw new MergeError(`task ${task.id}: trial ${absent.join(", ")} is in no shard`);
  }
  const facts = ordered.map((s) => ({
    index: s.run.shard.index,
    count,
    started_at: s.run.started_at,
    finished_at: s.run.finished_at,
    ...s.run.isolation ? { isolation: s.run.isolation } : {},
    ...s.run.integrity_error ? { integrity_error: s.run.integrity_error } : {}
  }));
  return { ...merged, run: { ...run, shards: facts } };
}
function appendRound(first, round) {
  return combine([first, round]);
}
function sameRun(a, b) {
  const name = shardName(b);
  if (b.run.k !== a.run.k)
    throw new MergeError(`${name} ran k = ${plural(b.run.k, "trial")} per task, ${shardName(a)} k = ${a.run.k}: shards of one run share k`);
  if (b.run.seed !== a.run.seed)
    throw new MergeError(`${name} ran with seed ${b.run.seed}, ${shardName(a)} with ${a.run.seed}: shards of one run share the seed`);
  if (b.agent.command !== a.agent.command) throw new MergeError(`${name} ran another agent command than ${shardName(a)}`);
  const ids = (r) => r.tasks.map((t) => `${t.id} (${t.set}${t.not_rerun === void 0 ? "" : ", not rerun"})`).join(", ");
  if (ids(b) !== ids(a))
    throw new MergeError(`${name} holds the tasks ${ids(b) || "none"}, ${shardName(a)} ${ids(a) || "none"}: shards of one run hold every task`);
}
function holdsItsSlice(first, s) {
  const { index, count } = s.run.shard;
  const k = first.run.k;
  s.tasks.filter((task) => task.not_rerun === void 0).forEach((task, t) => {
    for (const trial of task.trials) {
      if (!Number.isInteger(trial.trial) || trial.trial < 1 || trial.trial > k)
        throw new MergeError(`${shardName(s)} holds task ${task.id} trial ${trial.trial}, past k = ${k}: a shard holds only trials 1\u2026${k}`);
      const owner = shardOf(t * k + trial.trial - 1, count);
      if (owner !== index) throw new MergeError(`${shardName(s)} holds task ${task.id} trial ${trial.trial}, which is shard ${owner}/${count}'s to run`);
    }
  });
}
function combine(parts) {
  const [head, ...rest] = parts;
  if (!head) throw new MergeError("nothing to merge");
  for (const p of rest) {
    if (p.trial_set.sha256 !== head.trial_set.sha256)
      throw new MergeError(
        `results of different trial sets (${head.trial_set.name} ${short(head.trial_set.sha256)} vs ${p.trial_set.name} ${short(p.trial_set.sha256)})`
      );
    if (p.run.git_sha !== head.run.git_sha) throw new MergeError(`results of different commits (${head.run.git_sha} vs ${p.run.git_sha})`);
    if (p.watched.sha256 !== head.watched.sha256) throw new MergeError("results of different prompt/skill versions (watched files differ)");
    if (p.run.workflow_run_id !== head.run.workflow_run_id)
      throw new MergeError(`results of different workflow runs (${head.run.workflow_run_id ?? "none"} vs ${p.run.workflow_run_id ?? "none"})`);
    if (p.run.tool_version !== head.run.tool_version)
      throw new MergeError(`results of different trialgate versions (${head.run.tool_version} vs ${p.run.tool_version})`);
  }
  const tasks = /* @__PURE__ */ new Map();
  for (const part of parts) {
    for (const task of part.tasks) {
      const known = tasks.get(task.id);
      if (!known) {
        tasks.set(task.id, { ...task, trials: [...task.trials] });
        continue;
      }
      sameMeasurement(known, task);
      if (known.not_rerun === void 0 !== (task.not_rerun === void 0)) throw new MergeError(`task ${task.id}: rerun in one part and not in another`);
      for (const trial of task.trials) {
        if (known.trials.some((t) => t.trial === trial.trial)) throw new MergeError(`task ${task.id}: trial ${trial.trial} appears twice`);
        known.trials.push(trial);
      }
    }
  }
  const k = head.run.k;
  const integrity = integrityOf(parts);
  const merged = [...tasks.values()].map((task) => {
    const trials = task.trials.sort((a, b) => a.trial - b.trial).map((t) => integrity ? untrusted(t, integrity) : t);
    return {
      ...task,
      trials,
      // The faults whose detections the shards counted (a tools task's boundaries are checks, not detections).
      summary: summarizeTask(trials, k, Object.keys(task.summary.detections))
    };
  });
  const finished = parts.map((p) => p.run.finished_at).sort().at(-1);
  const started = parts.map((p) => p.run.started_at).sort()[0];
  const { isolation: _isolation, integrity_error: _integrity, ...run } = head.run;
  const isolation = isolationOf(parts);
  const holdout = holdoutOf(parts);
  return {
    ...head,
    ...holdout ? { holdout } : {},
    run: { ...run, started_at: started, finished_at: finished, ...isolation ? { isolation } : {}, ...integrity ? { integrity_error: integrity } : {} },
    tasks: merged
  };
}
function sameMeasurement(a, b) {
  const differs = (what) => new MergeError(`task ${a.id}: ${what} differs between the parts: their trials measure different things`);
  if (a.fixture_sha256 !== b.fixture_sha256 || a.fixture !== b.fixture) throw differs("fixture");
  if (a.acceptor_version !== b.acceptor_version) throw differs("acceptor");
  if (!isDeepStrictEqual(a.budget, b.budget)) throw differs("budget");
  if (!isDeepStrictEqual(a.faults, b.faults)) throw differs("the fault list");
  if (a.set !== b.set) throw differs("set (dev or holdout)");
  if (!isDeepStrictEqual(a.check_versions ?? {}, b.check_versions ?? {})) throw differs("a check\u2019s version (the model judge)");
}
function holdoutOf(parts) {
  const records = parts.flatMap((p) => p.holdout ? [p.holdout] : []);
  if (records.length === 0) return void 0;
  if (records.some((r) => r.key_id !== records[0].key_id))
    throw new MergeError("the parts named their holdout tasks with different holdout keys: set the same key (TRIALGATE_HOLDOUT_KEY) for every part");
  const unavailable = records.find((r) => r.unavailable)?.unavailable;
  return { ...records[0], ...unavailable ? { unavailable } : {} };
}
function isolationOf(parts) {
  if (parts.every((p) => p.run.isolation === void 0)) return void 0;
  const weak = parts.filter((p) => p.run.isolation?.mechanism !== "bubblewrap");
  if (weak.length === 0) return { mechanism: "bubblewrap" };
  const said = new Set(weak.map((p) => p.run.isolation?.reason));
  const [only] = said;
  if (weak.length === parts.length && said.size === 1 && only !== void 0) return { mechanism: "none", reason: only };
  const reasons = weak.map(
    (p) => `${partName(p, parts)}: ${p.run.isolation ? p.run.isolation.reason ?? "no reason recorded" : "its isolation is not recorded"}`
  );
  return { mechanism: "none", reason: reasons.join("; ") };
}
function integrityOf(parts) {
  const errors = parts.filter((p) => p.run.integrity_error).map((p) => `${partName(p, parts)}: ${p.run.integrity_error}`);
  return errors.length ? errors.join("; ") : void 0;
}
var shardName = (r) => r.run.shard ? `shard ${r.run.shard.index}/${r.run.shard.count}` : "the run";
var partName = (p, parts) => p.run.shard ? shardName(p) : p === parts[0] ? "the first round" : "a confirmation round";
var range = (n) => Array.from({ length: n }, (_, i) => i + 1);
var short = (hash) => hash.slice(0, 12);

// src/trial/run-plan.ts
async function planRun(set, holdout, options) {
  const k = options.trials ?? set.config.trials;
  const unaffected = options.unaffected ?? /* @__PURE__ */ new Map();
  for (const id of unaffected.keys()) if (!set.tasks.some((t) => t.spec.id === id)) throw new Error(`unaffected task ${id} is not in ${set.file}`);
  const tasks = selectTasks(set, holdout, options.tasks).filter((t) => !unaffected.has(t.spec.id));
  if (options.maxTrials && tasks.length * k > options.maxTrials.cap) throw firstRoundPastCap(options.maxTrials, tasks.length, k);
  const runDir = resolve(options.outDir ?? join4(set.dir, ".trialgate", `run-${(/* @__PURE__ */ new Date()).toISOString().replace(/[:.]/g, "-")}`));
  await prepareRunDir(runDir, set.dir);
  for (const task of tasks) await mkdir(join4(holdout.rootOf(task, runDir), task.spec.id), { recursive: true });
  return {
    set,
    holdout,
    tasks,
    unaffected,
    k,
    seed: options.seed ?? set.config.seed,
    ...options.shard ? { shard: options.shard } : {},
    slots: planSlots(tasks, k, options.firstTrial ?? 0, options.shard),
    concurrency: concurrencyLimits(set.config.concurrency, { agents: options.concurrency, acceptance: options.acceptanceConcurrency }),
    runDir,
    measurement: await measurementOf(set, options.isolation ? { isolation: options.isolation } : {})
  };
}
function firstRoundPastCap(maxTrials, tasks, k) {
  return new UserInputError(
    maxTrials.where,
    "max-trials",
    `${maxTrials.cap} agent trials, and the first round alone needs ${tasks * k} (${plural(tasks, "task")} \xD7 ${k} trials): nothing was run; raise max-trials, or run fewer trials or tasks`
  );
}
function concurrencyLimits(setting, override = {}, cores = availableParallelism()) {
  const declared = typeof setting === "number" ? { agents: setting } : setting ?? {};
  const agents = override.agents ?? declared.agents ?? 4 * cores;
  const acceptance = override.acceptance ?? declared.acceptance ?? cores;
  return { agents, acceptance: Math.max(1, Math.min(acceptance, agents)) };
}
function planSlots(tasks, k, firstTrial, shard) {
  const slots = tasks.flatMap((task) => Array.from({ length: k }, (_, i) => ({ task, trial: firstTrial + i + 1 })));
  return shard ? slots.filter((_, i) => shardOf(i, shard.count) === shard.index) : slots;
}
function trialSeed(seed, taskId, trial) {
  return Number.parseInt(sha256(`${seed}/${taskId}/${trial}`).slice(0, 8), 16) & 2147483647;
}
function selectTasks(set, holdout, ids) {
  const all = [...set.tasks, ...holdout.fetched];
  if (!ids?.length) return all;
  for (const id of ids) {
    if (!holdout.find(all, id))
      throw noSuchTask(
        id,
        all.map((t) => holdout.name(t)),
        set.file
      );
  }
  return all.filter((t) => ids.some((id) => holdout.find([t], id)));
}
async function prepareRunDir(runDir, projectDir) {
  const existing = await readdir2(runDir).catch(() => null);
  if (existing?.length)
    throw new UserInputError(runDir, "--out", "exists and is not empty; choose a new directory (results of an earlier run are never overwritten)");
  makeOutputDir(runDir, projectDir, "--out");
}

// src/trial/run-resources.ts
import { spawnSync as spawnSync2 } from "node:child_process";
import { rmSync as rmSync2 } from "node:fs";
import { mkdtemp as mkdtemp3, rm as rm3 } from "node:fs/promises";
import { tmpdir as tmpdir3 } from "node:os";
import { join as join11 } from "node:path";

// src/agent/adapters.ts
import { existsSync, readFileSync } from "node:fs";
import { join as join5 } from "node:path";
var ADAPTERS_VAR = "TRIALGATE_ADAPTERS";
var AdapterEntry = external_exports.object({
  /** The CLI's name, for people. */
  cli: external_exports.string(),
  /** The program the adapter runs, found on the agent's PATH… */
  program: external_exports.string(),
  /** …unless this variable names it. */
  binVar: external_exports.string(),
  /** The npm package it comes from, and the version trialgate's tests run. */
  package: external_exports.string(),
  tested: external_exports.string()
});
var Manifest = external_exports.record(external_exports.string(), AdapterEntry);
function adaptersDir() {
  try {
    const dir = join5(packageRoot(), "adapters");
    return existsSync(join5(dir, "manifest.json")) ? dir : void 0;
  } catch {
    return void 0;
  }
}
function adapterManifest(dir) {
  return Manifest.parse(JSON.parse(readFileSync(join5(dir, "manifest.json"), "utf8")));
}
function adaptersRunBy(command, env) {
  const dir = env[ADAPTERS_VAR] ?? adaptersDir();
  if (!dir) return [];
  const manifest = adapterManifest(dir);
  return Object.entries(manifest).filter(([name]) => [`$${ADAPTERS_VAR}/${name}.mjs`, `\${${ADAPTERS_VAR}}/${name}.mjs`, join5(dir, `${name}.mjs`)].some((form) => command.includes(form))).map(([name, entry]) => ({ name, entry }));
}

// src/agent/preflight.ts
import { existsSync as existsSync2, readdirSync } from "node:fs";
import { delimiter, dirname, isAbsolute as isAbsolute2, join as join6 } from "node:path";
var TRIAL_VARS = /\$\{?TRIALGATE_(TRIAL_DIR|INPUTS|TASK|CANDIDATE|SEED|TRIAL|GOAL|TOOL_URL|TOOL_TOKEN)\b/;
var PREFLIGHT_MS = 15e3;
async function preflightAgent(options) {
  const checks = [];
  const looked = [];
  for (const program of commandPrograms(options.command)) {
    if (TRIAL_VARS.test(program.word) || program.name.includes("/") && !program.name.startsWith("/") && !program.name.startsWith("$")) continue;
    checks.push(
      `p=$(command -v -- ${program.word} 2>/dev/null) || printf 'program\\t%s\\n' ${program.word}; case "$p" in */*) [ -f "$p" ] && [ -x "$p" ] || p=;; esac; [ -n "$p" ] && printf 'found\\t%s\\n' ${looked.length}`
    );
    looked.push(program.name);
  }
  for (const { name, entry } of adaptersRunBy(options.command, options.env)) {
    const word = `"\${${entry.binVar}:-${entry.program}}"`;
    checks.push(`command -v -- ${word} >/dev/null 2>&1 || printf 'adapter\\t%s\\t%s\\n' ${quote(name)} ${word}`);
  }
  for (const file of namedFiles(options.command, options.env)) {
    if (!isAbsolute2(file) || !SCRIPT.test(file) || /[$*?[]/.test(file)) continue;
    checks.push(`[ -e ${quote(file)} ] || printf 'file\\t%s\\n' ${quote(file)}`);
  }
  if (checks.length === 0) return { found: [] };
  checks.push(":");
  const shell = options.sandbox.spawn({
    argv: ["sh", "-c", checks.join("\n")],
    cwd: "/",
    env: options.env,
    mounts: options.mounts,
    conceal: options.conceal,
    network: options.network
  });
  let out = "";
  shell.child.stdout.on("data", (chunk) => out += chunk.toString("utf8"));
  shell.child.stderr.resume();
  const timer = setTimeout(() => shell.kill(), PREFLIGHT_MS);
  const { code } = await shell.exited;
  clearTimeout(timer);
  const isolated = options.sandbox.confinesFiles;
  const problem = () => {
    for (const line of out.split("\n")) {
      const [kind, first, second] = line.split("	");
      if (kind === "program" && first) return missingProgram(first, options.env, isolated);
      if (kind === "adapter" && first && second) return missingAdapterCli(first, second, options.command, options.env, isolated);
      if (kind === "file" && first)
        return existsSync2(first) ? `the agent command names ${first}, which the isolated agent cannot see: add it (or its directory) to agent.files in trialgate.yml` : `the agent command names ${first}, which does not exist`;
    }
    return void 0;
  };
  const why = problem();
  const found = out.split("\n").flatMap((line) => {
    const [kind, index] = line.split("	");
    return kind === "found" && looked[Number(index)] !== void 0 ? [looked[Number(index)]] : [];
  });
  return why ? { problem: why, found: [] } : { found: code === 0 ? found : [] };
}
function missingProgram(program, env, isolated) {
  const onHost = findOnPath(program, env.PATH ?? "");
  const where = `its PATH (${env.PATH ?? ""})`;
  if (onHost && isolated)
    return `the agent command runs ${program}, which is installed at ${onHost}, where the isolated agent cannot see it: install it system-wide (under /usr or /opt, e.g. npm install -g), or list ${dirname(onHost)} and what it links to in agent.files (docs/agents.md)`;
  const inProject = onHost ? "" : projectBinNote(program, env);
  if (inProject) return `the agent command runs ${program}, which the agent cannot find on ${where}${inProject}`;
  const meant = onHost ? void 0 : likelyMeant(program, env);
  const guess = meant ? `did you mean ${meant} (agent.command)? If not, ` : "";
  return `the agent command runs ${program}, which the agent cannot find on ${where}: ${guess}install it system-wide (under /usr or /opt), or list its directory in agent.files and call it by its path (docs/agents.md)`;
}
function likelyMeant(program, env) {
  if (program.includes("/")) return void 0;
  const dir = env[ADAPTERS_VAR] ?? adaptersDir();
  const agents = dir ? Object.values(adapterManifest(dir)).map((entry) => entry.program) : [];
  const other = (names) => names.filter((name) => name !== program);
  const projectBin = projectBinDir(env);
  const listed = (at) => {
    try {
      return readdirSync(at);
    } catch {
      return [];
    }
  };
  return nearest(program, other([...agents, ...projectBin ? listed(projectBin) : []])) ?? // Thousands of programs on a PATH: only a near miss (two edits, a swap of two letters) is a likely typo.
  nearest(program, other((env.PATH ?? "").split(delimiter).filter(Boolean).flatMap(listed)), 2);
}
function missingAdapterCli(adapter, program, command, env, isolated) {
  const entry = adaptersRunBy(command, env).find((a) => a.name === adapter).entry;
  const onHost = findOnPath(program, env.PATH ?? "");
  const seen = onHost && isolated ? `; it is installed at ${onHost}, where the isolated agent cannot see it` : "";
  const inProject = onHost ? "" : projectBinNote(program, env);
  const instead = inProject ? `, or install it system-wide (npm install -g ${entry.package}@${entry.tested})` : "";
  if (inProject)
    return `the ${adapter} adapter runs ${entry.cli} (${program}), which the agent cannot find on its PATH${inProject}${instead} (docs/agents.md#where-the-cli-must-be-installed)`;
  return `the ${adapter} adapter runs ${entry.cli} (${program}), which the agent cannot find on its PATH${seen}: install it system-wide (npm install -g ${entry.package}@${entry.tested}), or list its package directory in agent.files and set ${entry.binVar} to the program's path (docs/agents.md#${adapter})`;
}
function projectBinNote(program, env) {
  const dir = projectBinDir(env);
  if (program.includes("/") || !dir) return "";
  const bin = join6(dir, program);
  if (!existsSync2(bin)) return "";
  return `; it is installed in the project at ${bin}, which is not on the agent's PATH: list node_modules in agent.files and put \${TRIALGATE_PROJECT}/node_modules/.bin first on PATH in agent.env`;
}
function projectBinDir(env) {
  return env.TRIALGATE_PROJECT ? join6(env.TRIALGATE_PROJECT, "node_modules", ".bin") : void 0;
}
function findOnPath(program, path) {
  if (program.includes("/")) return existsSync2(program) ? program : void 0;
  for (const dir of path.split(delimiter)) if (dir && existsSync2(join6(dir, program))) return join6(dir, program);
  return void 0;
}
function quote(text) {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

// src/results/trial-log.ts
import { closeSync, openSync, readSync, writeSync } from "node:fs";
import { join as join7 } from "node:path";
var TrialLogChanged = class extends Error {
  name = "TrialLogChanged";
};
var TrialLog = class _TrialLog {
  constructor(fd, path) {
    this.fd = fd;
    this.path = path;
  }
  fd;
  path;
  lines = /* @__PURE__ */ new Map();
  size = 0;
  /** A new, empty log in `dir` (a directory only the run uses). */
  static create(dir) {
    const path = join7(dir, "trials.jsonl");
    return new _TrialLog(openSync(path, "wx+", 384), path);
  }
  /** Validate and append `result` of task `taskId`; returns what memory keeps of it. */
  append(taskId, result) {
    const valid = TrialResult.parse(result);
    const bytes = Buffer.from(`${JSON.stringify(valid)}
`);
    let lines = this.lines.get(taskId);
    if (!lines) this.lines.set(taskId, lines = /* @__PURE__ */ new Map());
    if (lines.has(valid.trial)) throw new Error(`task ${taskId}: trial ${valid.trial} logged twice`);
    for (let written = 0; written < bytes.length; ) written += writeSync(this.fd, bytes, written, bytes.length - written, this.size + written);
    lines.set(valid.trial, { offset: this.size, length: bytes.length, sha256: sha256(bytes) });
    this.size += bytes.length;
    return trialDigest(valid);
  }
  /** Every logged trial of `taskId`, in trial order, each read back and checked against its hash. */
  *trials(taskId) {
    const lines = [...this.lines.get(taskId) ?? /* @__PURE__ */ new Map()].sort(([a], [b]) => a - b);
    for (const [trial, line] of lines) {
      const bytes = Buffer.allocUnsafe(line.length);
      let read = 0;
      while (read < line.length) {
        const n = readSync(this.fd, bytes, read, line.length - read, line.offset + read);
        if (n === 0) break;
        read += n;
      }
      if (read !== line.length || sha256(bytes) !== line.sha256)
        throw new TrialLogChanged(
          `the log of finished trials (${this.path}) changed during the run at task ${taskId}, trial ${trial}: no result of this run can be trusted`
        );
      yield JSON.parse(bytes.toString("utf8"));
    }
  }
  close() {
    closeSync(this.fd);
  }
};
function trialDigest(trial) {
  const { layers: _layers, judgements: _judgements, judge, ...kept2 } = trial;
  const why = failureReasons(trial);
  const digest = why.length ? { ...kept2, why } : kept2;
  return judge ? { ...digest, judge: judge.map(({ reason, transcript: _transcript, ...answer }) => answer.verdict === "error" ? { ...answer, reason } : answer) } : digest;
}

// src/util/permits.ts
var Permits = class {
  constructor(size) {
    this.size = size;
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`permits: size must be an integer \u2265 1, got ${size}`);
    this.free = size;
  }
  size;
  free;
  waiting = [];
  /** Holders now (for tests and progress: never more than `size`). */
  get held() {
    return this.size - this.free;
  }
  /** Run `work` holding a permit; it is given back however `work` ends. */
  async hold(work) {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }
  /**
   * Inside `hold`: give the permit back while `work` runs, and take one again before returning (however
   * `work` ends), so the enclosing `hold` still gives back exactly one.
   */
  async without(work) {
    this.release();
    try {
      return await work();
    } finally {
      await this.acquire();
    }
  }
  acquire() {
    if (this.free > 0 && this.waiting.length === 0) {
      this.free--;
      return Promise.resolve();
    }
    return new Promise((resolve2) => this.waiting.push(resolve2));
  }
  release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
};

// src/trial/acceptor-checks.ts
import { mkdir as mkdir2, writeFile as writeFile2 } from "node:fs/promises";
import { join as join8, relative } from "node:path";
var KeptAcceptorChecks = class {
  kept = /* @__PURE__ */ new Map();
  /** How many preflights were repeated from a kept one instead of run again. */
  reused = 0;
  get(key) {
    return this.kept.get(key);
  }
  keep(key, check) {
    this.kept.set(key, check);
  }
};
function checkedKey(task, sandbox) {
  const { kind } = task;
  return JSON.stringify([task.spec.id, task.fixture.sha256, kind.name, kind.acceptorVersion, kind.settings, sandbox.report]);
}
function withFixtureNamed(fix, task, projectDir, copy) {
  if (isHoldout(task)) return fix;
  const named = fix.replaceAll("<fixture>", relative(projectDir, task.fixture.dir) || ".");
  return copy.readable.reduce((text, { at, target }) => text.replaceAll(at, target), named);
}
async function checkAcceptors(plan, copies, sandbox, scrubber, pool, kept2) {
  const checks = /* @__PURE__ */ new Map();
  for (const task of plan.tasks) {
    if (!task.kind.checkAcceptor || !plan.slots.some((slot) => slot.task === task)) continue;
    const copy = copies.get(task.spec.id);
    const root = plan.holdout.rootOf(task, plan.runDir);
    const dir = join8(root, task.spec.id, "acceptor-check");
    let report;
    const writeReport = async (fault, text) => {
      await mkdir2(dir, { recursive: true });
      report = join8(dir, `${fault}.json`);
      await writeFile2(report, scrubber.text(text));
      return report;
    };
    const key = checkedKey(task, sandbox);
    const earlier = kept2?.get(key);
    let check;
    if (kept2 && earlier) {
      for (const [fault, text] of earlier.reports) await writeReport(fault, text);
      pool.pace(copy).absorb(earlier.pace);
      earlier.restore?.(copy);
      kept2.reused++;
      check = { ok: true };
    } else {
      const reports = [];
      check = await task.kind.checkAcceptor({
        fixture: copy,
        sandbox,
        // What it measures on the reference scales the limits of the task's trials.
        pace: pool.pace(copy),
        writeReport: (fault, text) => {
          reports.push([fault, text]);
          return writeReport(fault, text);
        }
      });
      if (check.ok && kept2) kept2.keep(key, { reports, pace: new MachinePace().absorb(pool.pace(copy)), ...check.restore ? { restore: check.restore } : {} });
    }
    const { restore: _restore, ...recorded } = check;
    if (!recorded.ok) recorded.fix = withFixtureNamed(recorded.fix, task, plan.set.dir, copy);
    checks.set(task.spec.id, { ...recorded, ...report ? { report: relative(root, report) } : {} });
  }
  return checks;
}

// src/trial/run-integrity.ts
import { join as join10, relative as relative2 } from "node:path";

// src/trial/integrity.ts
import { spawnSync } from "node:child_process";
import { randomBytes as randomBytes2 } from "node:crypto";
import { chmodSync, existsSync as existsSync3, lstatSync, mkdirSync, readdirSync as readdirSync2, renameSync, rmSync } from "node:fs";
import { join as join9 } from "node:path";
var noFindings = () => ({ tampered: [], escaped: [], forged: [], unsafe: [] });
async function takeSnapshot(trialDir, taskDir, runDir) {
  const entries = (await listEntries(trialDir)).filter((e) => e.kind !== "dir" && !/^(candidate|evidence)(\/|$)/.test(e.path));
  const trial = await hashFiles(
    trialDir,
    entries.filter((e) => e.kind === "file").map((e) => e.path)
  );
  for (const e of entries) if (e.kind !== "file") trial[e.path] = e.kind;
  const evidence = (await unlessMissing(listEntries(join9(trialDir, "evidence")), [])).filter((e) => e.kind !== "dir").map((e) => `evidence/${e.path}`);
  return {
    trial,
    evidence,
    neighbours: [
      ...readdirSync2(taskDir).filter((n) => !/^trial-\d+$/.test(n)).map((n) => `${n} beside the trial directories`),
      ...readdirSync2(runDir).map((n) => `${n} in the run directory`)
    ]
  };
}
function restoreTrialDir(trialDir) {
  const stats = lstatSync(trialDir, { throwIfNoEntry: false });
  if (stats?.isDirectory()) return void 0;
  if (stats) rmSync(trialDir, { force: true });
  mkdirSync(trialDir);
  return `${stats ? `replaced the trial directory with ${stats.isSymbolicLink() ? "a symbolic link" : "a file"}` : "deleted the trial directory"} (trial input)`;
}
var MAX_PATH_BYTES = 2048;
function reclaimAccess(root, shownAs = "") {
  const found = [];
  const rootBytes = Buffer.from(root);
  const shown = (rel) => [shownAs, rel].filter(Boolean).join("/");
  const visit = (path, rel) => {
    const stats = lstatSync(path);
    if (stats.isSymbolicLink() || !(stats.isDirectory() || stats.isFile())) return;
    const writable = rel === "candidate" || rel.startsWith("candidate/") ? 128 : 0;
    const needed = stats.isDirectory() ? 448 : 256 | writable;
    const missing = needed & ~stats.mode;
    if (missing) {
      chmodSync(path, stats.mode & 4095 | needed);
      if (missing & (stats.isDirectory() ? 320 : 256))
        found.push(
          `${shown(rel) || "the trial directory"} was left ${stats.isDirectory() ? "unlistable" : "unreadable"} (mode ${(stats.mode & 511).toString(8).padStart(3, "0")}): the runner restored its permissions to read it`
        );
    }
    if (!stats.isDirectory()) return;
    for (const name of readdirSync2(path, { encoding: "buffer" })) {
      const child = Buffer.concat([path, SLASH, name]);
      const text = name.toString("utf8");
      const childRel = rel ? `${rel}/${text}` : text;
      if (!Buffer.from(text, "utf8").equals(name)) {
        removeTree(root, child);
        found.push(`${shown(childRel)} has a name that is not UTF-8 (shown with U+FFFD): removed, since no reader could reach it`);
      } else if (child.length - rootBytes.length > MAX_PATH_BYTES) {
        removeTree(root, child);
        found.push(`${shown(rel)} holds entries nested past ${MAX_PATH_BYTES} bytes of path: removed, since no reader could reach them`);
      } else visit(child, childRel);
    }
  };
  visit(rootBytes, "");
  return found;
}
var SLASH = Buffer.from("/");
function removeTree(root, entry) {
  const moved = join9(root, `.trialgate-removed-${randomBytes2(6).toString("hex")}`);
  renameSync(entry, moved);
  const rm5 = spawnSync("rm", ["-rf", "--", moved], { encoding: "utf8" });
  if (rm5.status !== 0 || existsSync3(moved)) throw new Error(`could not remove ${moved}: ${rm5.stderr || rm5.error?.message || `rm exited ${rm5.status}`}`);
}
function integrityViolations(before, after) {
  const trialChanges = manifestChanges(before.trial, after.trial);
  const tampered = trialChanges.filter((c) => isTrialInput(c)).map((c) => `${c} (trial input)`);
  const escaped = trialChanges.filter((c) => !isTrialInput(c)).map((c) => `${c} (outside candidate/ and evidence/)`);
  const known = new Set(before.neighbours);
  escaped.push(...after.neighbours.filter((n) => !known.has(n)).map((n) => `wrote ${n}`));
  return { tampered, escaped };
}
function projectChanges(atStart, now) {
  return manifestChanges(atStart, now).map((c) => `${c} in the project during the run (the version under test must not change)`);
}
function isTrialInput(change) {
  return / (inputs\/|task\.txt|config\.json)/.test(change);
}

// src/trial/run-integrity.ts
var RunIntegrity = class _RunIntegrity {
  constructor(set, tasks, shown, atStart) {
    this.set = set;
    this.tasks = tasks;
    this.shown = shown;
    this.atStart = atStart;
  }
  set;
  tasks;
  shown;
  atStart;
  breach;
  /**
   * Per task, a verification of its acceptance copy asked for and not yet begun. Those asked before it begins
   * share it (a trial's variants ask at the same moment, each before its service): it reads the copy after
   * every one of them asked, as their own would, so each is as sure; one asked once it has begun gets the next.
   */
  nextVerification = /* @__PURE__ */ new Map();
  /** Times an acceptance copy was hashed to verify it. */
  copiesHashed = 0;
  /** Hashes the project files the run depends on, before any agent runs; `shown` names a task as the run shows it. */
  static async start(set, tasks, shown) {
    return new _RunIntegrity(set, tasks, shown, await hashProject(set, tasks, shown));
  }
  /** Why no trial of the run can be trusted, once a breach was found. */
  get error() {
    return this.breach;
  }
  /** The task's acceptance copy still hashes as its fixture did; a breach is kept and thrown as AcceptanceCopyChanged. */
  verifyAcceptanceCopy(task, copy) {
    let next = this.nextVerification.get(task.spec.id);
    if (!next) {
      next = new Promise((begin) => setImmediate(begin)).then(() => {
        this.nextVerification.delete(task.spec.id);
        return this.verifyNow(task, copy);
      });
      this.nextVerification.set(task.spec.id, next);
    }
    return next;
  }
  async verifyNow(task, copy) {
    this.copiesHashed++;
    const files = await hashProtected(copy.dir, copy.manifest);
    if (sha256Manifest(files) === task.fixture.sha256) return;
    const held = this.shown(task) !== task.spec.id;
    const named = (manifest) => held ? Object.fromEntries(Object.entries(manifest).map(([file, hash]) => [`file ${sha256(file).slice(0, 12)}`, hash])) : manifest;
    const what = manifestChanges(named(task.fixture.protectedFiles), named(files));
    this.breach ??= `the acceptance copy of task ${this.shown(task)} changed during the run (${firstChanges(what).join(", ") || "its hash is no longer the fixture's"}): no trial of this run can be trusted`;
    throw new AcceptanceCopyChanged(this.breach);
  }
  /** Changes to the project's fixtures and watched files since the run started, one line each. */
  async projectChanges() {
    return projectChanges(this.atStart, await hashProject(this.set, this.tasks, this.shown));
  }
  /** A trial as the run's integrity leaves it: untouched, or untrusted after a breach. */
  trust(trial) {
    return this.breach ? untrusted(trial, this.breach) : trial;
  }
};
async function hashWatched(set) {
  return hashGlobs(set.dir, [...set.config.watch, ...set.tasks.flatMap((t) => t.spec.watch)]);
}
async function hashGlobs(dir, globs) {
  const hashes = await hashFiles(dir, await matchFiles(dir, [...new Set(globs)]));
  return { sha256: sha256Manifest(hashes), files: hashes };
}
async function hashProject(set, tasks, shown) {
  const out = { ...(await hashWatched(set)).files };
  for (const task of tasks) {
    const held = shown(task) !== task.spec.id;
    for (const [file, hash] of Object.entries(await hashProtected(task.fixture.dir, task.fixture.manifest)))
      out[held ? `${shown(task)} fixture file ${sha256(file).slice(0, 12)}` : relative2(set.dir, join10(task.fixture.dir, file))] = hash;
  }
  return out;
}

// src/trial/run-resources.ts
async function openRunResources(plan, options) {
  const { set, tasks, runDir, holdout } = plan;
  const cleanup = new Cleanup();
  try {
    const sandbox = await openSandbox(options.isolation ?? set.config.agent.isolation, options.isolation ? "--isolation" : "agent.isolation").catch(
      (e) => {
        throw new EnvironmentError(e.message, "isolation was required and is not available: see docs/isolation.md");
      }
    );
    cleanup.add(() => sandbox.dispose());
    options.onStart?.({ isolation: sandbox.report, trials: plan.slots.length });
    const copiesRoot = await mkdtemp3(join11(tmpdir3(), "trialgate-acceptance-"));
    let removingCopies;
    const removeCopies = () => removingCopies ??= rm3(copiesRoot, { recursive: true, force: true });
    cleanup.add(removeCopies);
    const logDir = await mkdtemp3(join11(tmpdir3(), "trialgate-log-"));
    cleanup.add(() => rmSync2(logDir, { recursive: true, force: true }));
    const network = set.config.agent.network === "none" ? "none" : "host";
    const conceal = [set.dir, runDir, copiesRoot, logDir, ...holdout.conceal];
    const agentsReady = prepareAgents(set, tasks, sandbox, conceal, network);
    const agentsSettled = agentsReady.then(
      () => void 0,
      () => void 0
    );
    cleanup.add(() => agentsSettled);
    const integrity = await RunIntegrity.start(set, tasks, (task) => holdout.name(task));
    const watched = await hashWatched(set);
    const gitSha = options.runInfo?.git_sha ?? gitHead(set.dir);
    const log = TrialLog.create(logDir);
    cleanup.add(() => log.close());
    const copies = /* @__PURE__ */ new Map();
    for (const task of tasks) copies.set(task.spec.id, await copyFixture(task.fixture, join11(copiesRoot, task.spec.id)));
    const pool = new ServicePool(sandbox);
    cleanup.add(() => pool.close());
    for (const task of tasks) {
      const fixture = copies.get(task.spec.id);
      const trials = plan.slots.filter((slot) => slot.task === task).length;
      if (trials === 0) {
        pool.refuse(fixture, "no trial of this task runs here");
        continue;
      }
      pool.deciding(
        fixture,
        offerReuse({ pool, sandbox, fixture, kind: task.kind, faults: [NO_FAULT, ...Object.keys(task.faults)], keep: plan.concurrency.acceptance, trials })
      );
    }
    const agents = await agentsReady;
    const { scrubber } = secretsOf({ ...trialSetSources(set, holdout.fetched), values: [...options.secrets ?? [], ...holdout.secrets] });
    const judged = (held) => tasks.filter((t) => isHoldout(t) === held).map((t) => ({ id: t.spec.id, fixtureDir: t.fixture.dir, judge: t.spec.judge, kind: t.kind }));
    const semantic = await SemanticLayer.open(set.config.judge, set.dir, judged(false), {
      cacheDir: options.judgeCache ?? join11(runDir, "judge-cache"),
      scrubber,
      sandbox
    });
    if (semantic) cleanup.add(() => semantic.close());
    const heldSemantic = holdout.dir ? await SemanticLayer.open(set.config.judge, set.dir, judged(true), { cacheDir: join11(holdout.dir, "judge-cache"), scrubber, sandbox }) : void 0;
    if (heldSemantic) cleanup.add(() => heldSemantic.close());
    const acceptorChecks = await checkAcceptors(plan, copies, sandbox, scrubber, pool, options.keptAcceptorChecks);
    const context = {
      runDir,
      sandbox,
      scrubber,
      budget: set.config.budget,
      limits: set.config.limits,
      network,
      logCapBytes: set.config.agent.log_cap_bytes,
      permits: new Permits(plan.concurrency.acceptance),
      conceal,
      verifyAcceptanceCopy: (taskId) => integrity.verifyAcceptanceCopy(
        tasks.find((t) => t.spec.id === taskId),
        copies.get(taskId)
      ),
      projectChanges: () => integrity.projectChanges(),
      config: {
        k: plan.k,
        budget: set.config.budget,
        tool_versions: { trialgate: TOOL_VERSION, node: process.version },
        git_sha: gitSha,
        run_seed: plan.seed,
        isolation: sandbox.report
      },
      ...semantic ? { semantic } : {}
    };
    const heldContext = { ...context, runDir: holdout.dir ?? runDir, ...heldSemantic ? { semantic: heldSemantic } : {} };
    return {
      sandbox,
      copies,
      pool,
      agents,
      scrubber,
      semanticOf: (task) => isHoldout(task) ? heldSemantic : semantic,
      acceptorChecks,
      integrity,
      log,
      contextOf: (task) => isHoldout(task) ? heldContext : context,
      watched,
      gitSha,
      releaseCopies: () => void removeCopies().catch(() => void 0),
      close: () => cleanup.run()
    };
  } catch (e) {
    await cleanup.run();
    throw e;
  }
}
var Cleanup = class {
  steps = [];
  add(step) {
    this.steps.push(step);
  }
  async run() {
    const failures = [];
    for (let step = this.steps.pop(); step; step = this.steps.pop()) {
      try {
        await step();
      } catch (e) {
        failures.push(e);
      }
    }
    if (failures.length) throw failures[0];
  }
};
async function prepareAgents(set, tasks, sandbox, conceal, network) {
  const adapters = adaptersDir();
  const preflights = /* @__PURE__ */ new Map();
  const agents = /* @__PURE__ */ new Map();
  for (const task of tasks) {
    const { env, setupError: unset } = agentEnvironment(set, task);
    const files = [...task.agent.files, ...adapters ? [adapters] : []];
    const key = JSON.stringify([task.agent.command, env, files]);
    let preflight = preflights.get(key);
    if (!preflight && !unset) {
      preflight = preflightAgent({ sandbox, command: task.agent.command, env, mounts: files.map((path) => ({ path })), conceal, network });
      preflights.set(key, preflight);
    }
    const checked = preflight ? await preflight : { found: [] };
    const setupError = unset ?? checked.problem;
    const watched = await hashGlobs(set.dir, task.agent.watch);
    agents.set(task.spec.id, {
      command: task.agent.command,
      env,
      ...setupError ? { setupError } : { found: checked.found },
      files,
      recorded: { agent_command: task.agent.command, watched }
    });
  }
  return agents;
}
function agentEnvironment(set, task) {
  const env = { ...baseEnvironment() };
  for (const [name, value] of Object.entries(task.agent.env)) env[name] = value.replaceAll("${TRIALGATE_PROJECT}", set.dir);
  env.TRIALGATE_PROJECT = set.dir;
  const adapters = adaptersDir();
  if (adapters) env[ADAPTERS_VAR] = adapters;
  const where = `${set.file}: agent.pass_env${task.spec.agent?.pass_env.length ? ` (with task ${task.spec.id}'s own)` : ""}`;
  try {
    Object.assign(env, passedEnvironment(task.agent.passEnv, where));
    return { env };
  } catch (e) {
    if (!(e instanceof EnvironmentError)) throw e;
    return { env, setupError: e.message };
  }
}
function gitHead(dir) {
  const out = spawnSync2("git", ["rev-parse", "HEAD"], { cwd: dir, encoding: "utf8" });
  return out.status === 0 ? out.stdout.trim() : null;
}

// src/trial/run-summary.ts
import { relative as relative3 } from "node:path";
function summariseRun(plan, resources, byTask, runInfo, times) {
  const { set, k } = plan;
  const integrityError = resources.integrity.error;
  return {
    schema: RESULTS_SCHEMA,
    trial_set: { name: set.config.name, sha256: set.sha256 },
    run: {
      git_sha: resources.gitSha,
      ref: runInfo?.ref ?? null,
      base_ref: runInfo?.base_ref ?? null,
      pr_number: runInfo?.pr_number ?? null,
      workflow_run_id: runInfo?.workflow_run_id ?? null,
      tool_version: TOOL_VERSION,
      started_at: times.startedAt,
      finished_at: times.finishedAt,
      seed: plan.seed,
      k,
      ...plan.shard ? { shard: plan.shard } : {},
      isolation: resources.sandbox.report,
      ...integrityError ? { integrity_error: integrityError } : {}
    },
    watched: resources.watched,
    agent: { command: set.config.agent.command },
    measurement: plan.measurement,
    // In the trial set's order, the holdout source's last: the tasks run here, and those recorded as not rerun.
    tasks: [...set.tasks, ...plan.holdout.fetched].flatMap((task) => {
      const why = plan.unaffected.get(task.spec.id);
      if (why !== void 0) return [{ ...taskResult(set, task, k, []), not_rerun: why }];
      if (!plan.tasks.includes(task)) return [];
      const checked = resources.acceptorChecks.get(task.spec.id);
      const trials = (byTask.get(task.spec.id) ?? []).map((t) => resources.integrity.trust(t));
      return [
        {
          ...taskResult(set, task, k, trials),
          services: resources.pool.use(resources.copies.get(task.spec.id)),
          ...checked ? { acceptor_check: recordOf(checked) } : {},
          ...resources.semanticOf(task)?.taskFields(task.spec.id)
        }
      ];
    })
  };
}
var FILE_HASH_DIGITS = 16;
function taskResult(set, task, k, trials) {
  trials.sort((a, b) => a.trial - b.trial);
  return {
    id: task.spec.id,
    set: task.spec.set,
    fixture: relative3(set.dir, task.fixture.dir) || ".",
    fixture_sha256: task.fixture.sha256,
    fixture_files: Object.fromEntries(Object.entries(task.fixture.protectedFiles).map(([file, hash]) => [file, hash.slice(0, FILE_HASH_DIGITS)])),
    acceptor_version: task.kind.acceptorVersion,
    budget: set.config.budget,
    faults: Object.entries(task.faults).map(([id, label]) => ({ id, label })),
    ...checkLabels(task),
    trials,
    summary: summarizeTask(trials, k, task.kind.capabilities.countsDetections ? Object.keys(task.faults) : [])
  };
}
function checkLabels(task) {
  const labels = task.kind.checkLabels(task.fixture);
  return Object.keys(labels).length ? { check_labels: labels } : {};
}
function recordOf({ machinery: _machinery, ...record }) {
  return record;
}

// src/trial/run-trials.ts
import { join as join13 } from "node:path";

// src/trial/run-trial.ts
import { chmodSync as chmodSync2, cpSync, mkdirSync as mkdirSync2 } from "node:fs";
import { mkdir as mkdir3, mkdtemp as mkdtemp4, readlink, rm as rm4 } from "node:fs/promises";
import { tmpdir as tmpdir4 } from "node:os";
import { join as join12, relative as relative4 } from "node:path";

// src/trial/usage.ts
var REPORT_BYTES = 64 * 1024;
var FIGURES = ["input_tokens", "output_tokens", "total_tokens", "cost_usd"];
var Reported = Usage.extend({
  input_tokens: external_exports.number().nonnegative().optional(),
  output_tokens: external_exports.number().nonnegative().optional(),
  total_tokens: external_exports.number().nonnegative().optional(),
  cost_usd: external_exports.number().nonnegative().optional()
});
async function readUsageReport(path, label) {
  let bytes;
  try {
    bytes = await readRegularFile(path, REPORT_BYTES);
  } catch (e) {
    return { notes: [`${label} could not be read (${e.code ?? e.message}): no usage counted`] };
  }
  if (bytes === null) return { notes: [`${label} is larger than ${REPORT_BYTES} bytes: no usage counted`] };
  let data;
  try {
    data = JSON.parse(bytes.toString("utf8"));
  } catch {
    return { notes: [`${label} is not JSON: no usage counted`] };
  }
  const parsed = Reported.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { notes: [`${label}: ${issuePath(issue.path) || "the file"}: ${issue.message} (expected figures \u2265 0): no usage counted`] };
  }
  return boundUsage(parsed.data, label);
}
function boundUsage(reported, label) {
  const usage = {};
  const notes = [];
  for (const key of FIGURES) {
    const value = reported[key];
    if (value === void 0) continue;
    const bounded = bound(value, key === "cost_usd" ? MAX_COST_USD : MAX_TOKENS, `${label}: ${key}`);
    usage[key] = bounded.value;
    if (bounded.note) notes.push(bounded.note);
  }
  return { usage, notes };
}
function sumUsage(usages) {
  if (usages.length === 0 || usages.some((u) => u === void 0)) return void 0;
  const out = {};
  for (const key of FIGURES) {
    if (!usages.every((u) => u[key] !== void 0)) continue;
    out[key] = Math.min(
      usages.reduce((s, u) => s + u[key], 0),
      key === "cost_usd" ? MAX_COST_USD : MAX_TOKENS
    );
  }
  return out;
}

// src/trial/verdict.ts
var CLAIMS_BACKED = "constraint:claims-backed";
var NAMED_FINDINGS = 20;
function firstFindings(lines) {
  if (lines.length <= NAMED_FINDINGS) return [...lines];
  return [...lines.slice(0, NAMED_FINDINGS), `\u2026 and ${lines.length - NAMED_FINDINGS} more of the same check (${lines.length} in all)`];
}
function trialVerdict(facts) {
  const { kind } = facts;
  const envError = facts.envError;
  const stopReason = stopReasonOf(facts, Boolean(envError));
  const layerOf = (layer, checks2) => [
    ...checks2.filter((c) => c.layer === layer).flatMap((c) => c.ok ? [] : c.failures.length ? c.failures : [`${c.key} failed`]),
    ...kind.failures?.[layer] ?? []
  ];
  const finalFailures = [...kind.formatProblems.map((p) => `format: ${p}`), ...layerOf("final_state", kind.checks)];
  if (kind.formatProblems.length === 0 && kind.checks.length === 0) finalFailures.push("no acceptance ran");
  const finalOk = finalFailures.length === 0;
  const claimUnbacked = facts.claimedSuccess && !finalOk;
  const { tampered, escaped, forged, unsafe } = facts.integrity;
  const runnerChecks = [
    { key: "constraint:protected-files", ok: tampered.length === 0, layer: "constraints", failures: firstFindings(tampered) },
    { key: "constraint:writes-confined", ok: escaped.length === 0, layer: "constraints", failures: firstFindings(escaped) },
    { key: "constraint:evidence-untouched", ok: forged.length === 0, layer: "constraints", failures: firstFindings(forged) },
    { key: "constraint:no-links", ok: unsafe.length === 0, layer: "constraints", failures: firstFindings(unsafe) },
    {
      key: CLAIMS_BACKED,
      ok: !claimUnbacked,
      layer: "constraints",
      failures: claimUnbacked ? ["claimed success in its output without a passing report from the trusted runner"] : []
    }
  ];
  const constraintChecks = [...runnerChecks, ...kind.checks.filter((c) => c.layer === "constraints")];
  const constraintFailures = layerOf("constraints", constraintChecks);
  const toolJudged = kind.checks.some((c) => c.layer === "tool_contract") || kind.failures?.tool_contract !== void 0;
  const toolFailures = layerOf("tool_contract", kind.checks);
  const checks = {};
  const checkFailures = {};
  let outcome;
  if (envError) {
    outcome = "env_error";
  } else {
    const inLayer = (layer) => kind.checks.filter((c) => c.layer === layer);
    const everyCheck = [...inLayer("final_state"), ...runnerChecks, ...inLayer("constraints"), ...inLayer("tool_contract")];
    const allOk = everyCheck.every((c) => c.ok);
    outcome = stopReason === "completed" && allOk && finalOk && constraintFailures.length === 0 && toolFailures.length === 0 ? "pass" : "fail";
    checks.pass = outcome === "pass";
    checks.format = kind.formatProblems.length === 0;
    for (const c of everyCheck) {
      checks[c.key] = (checks[c.key] ?? true) && c.ok;
      if (!c.ok && c.failures.length && checkFailures[c.key] === void 0) checkFailures[c.key] = c.failures[0];
    }
    Object.assign(checks, judgeChecks(facts.judge ?? []));
  }
  const notes = [
    `agent ${facts.agent.signal ? `ended by ${facts.agent.signal}` : `exited ${facts.agent.exitCode}`} after ${Math.round(facts.agent.agentMs)} ms`,
    ...facts.agent.logCapped ? [`agent log capped (${facts.agent.logBytes} bytes written)`] : [],
    ...kind.notes ?? [],
    ...facts.notes ?? [],
    ...envError ? [`env error: ${envError.message}`] : judgeNotes(facts.judge ?? [])
  ];
  const cause = causeOf(outcome, stopReason, kind.formatProblems.length > 0, finalOk, toolFailures.length === 0);
  return {
    trial: facts.trial,
    outcome,
    stop_reason: stopReason,
    ...cause ? { cause } : {},
    ...envError ? { env_error: envError.rule } : {},
    ...envError && facts.agent.envDeclared ? { env_error_source: "agent" } : {},
    layers: {
      final_state: { ok: envError ? null : finalOk, failures: envError ? [] : finalFailures },
      constraints: { ok: constraintFailures.length === 0, failures: constraintFailures },
      tool_contract: toolJudged && !envError ? { ok: toolFailures.length === 0, failures: toolFailures } : { ok: null, failures: [] },
      trajectory: { ...kind.steps === void 0 ? {} : { steps: kind.steps }, notes }
    },
    judgements: kind.judgements,
    checks,
    ...Object.keys(checkFailures).length && !envError ? { check_failures: checkFailures } : {},
    ...facts.usage ? { usage: facts.usage } : {},
    wall_ms: Math.round(facts.wallMs),
    agent_ms: Math.round(facts.agent.agentMs),
    ...facts.candidateSha256 ? { candidate_sha256: facts.candidateSha256 } : {},
    evidence: facts.evidence,
    ...facts.judge && !envError ? { judge: facts.judge } : {}
  };
}
function stopReasonOf(facts, envError) {
  if (envError) return "env_error";
  if (facts.agent.budgetExhausted || overUsageBudget(facts.usage, facts.budget)) return "budget_exhausted";
  if (facts.agent.exitCode !== 0) return "agent_crashed";
  return "completed";
}
function overUsageBudget(usage, budget) {
  if (!usage) return false;
  const tokens = usage.total_tokens ?? (usage.input_tokens ?? 0) + (usage.output_tokens ?? 0);
  return budget.max_tokens !== void 0 && tokens > budget.max_tokens || budget.max_cost_usd !== void 0 && (usage.cost_usd ?? 0) > budget.max_cost_usd;
}
function causeOf(outcome, stop, formatFailed, finalOk, toolOk) {
  if (outcome !== "fail") return void 0;
  if (stop === "budget_exhausted" || stop === "agent_crashed") return "runtime";
  if (formatFailed) return "format";
  if (!finalOk) return "acceptance";
  if (!toolOk) return "tool";
  return void 0;
}

// src/trial/run-trial.ts
var DISK_FULL = "the disk is full: an environment failure, not the agent\u2019s";
var PROJECT_CHANGED = "the project\u2019s fixtures or watched files changed during the run, out of the isolated agent\u2019s reach (another process edited them): an environment failure, not the agent\u2019s; run again with the project unchanged";
function trialDirName(trial) {
  return `trial-${String(trial).padStart(3, "0")}`;
}
function runTrial(ctx) {
  return ctx.run.permits.hold(() => runHeld(ctx));
}
async function runHeld(ctx) {
  const started = performance.now();
  const taskDir = join12(ctx.run.runDir, ctx.task.spec.id);
  const trialDir = join12(taskDir, trialDirName(ctx.trial));
  const evidence = relative4(ctx.run.runDir, trialDir);
  try {
    await prepareTrialDir(ctx, trialDir);
  } catch (e) {
    if (e.code === void 0) throw e;
    return envErrorResult(
      ctx.trial,
      evidence,
      started,
      `could not prepare ${evidence}: ${e.message}`,
      "the trial directory could not be written (disk full or not writable): an environment failure"
    );
  }
  const handle = new Trial(ctx, trialDir, taskDir);
  let result;
  try {
    result = await ctx.task.kind.run(handle);
  } catch (e) {
    await handle.cleanUp();
    if (!(e instanceof EnvironmentError) && !diskFull(e)) throw e;
    const rule = e instanceof EnvironmentError ? e.rule : DISK_FULL;
    return handle.writeVerdict(envErrorResult(ctx.trial, evidence, started, e.message, rule));
  }
  const agent = combineAgentRuns(result.agentRuns);
  const integrity = handle.integrity;
  const projectChanged = await ctx.run.projectChanges();
  if (projectChanged.length > 0 && ctx.run.sandbox.confinesFiles) {
    await handle.cleanUp();
    return handle.writeVerdict(envErrorResult(ctx.trial, evidence, started, firstChanges(projectChanged).join("; "), PROJECT_CHANGED));
  }
  integrity.tampered.push(...projectChanged);
  handle.note("unsafe", result.unsafeCandidate);
  const notes = await handle.cleanUp();
  const judgeStarted = performance.now();
  const semantic = ctx.run.semantic;
  const judge = semantic && !result.envError ? await ctx.run.permits.without(() => semantic.judgeTrial(handle)) : void 0;
  const judgeMs = performance.now() - judgeStarted;
  const usage = sumUsage(result.agentRuns.map((r) => r.usage));
  const verdict = trialVerdict({
    trial: ctx.trial,
    agent,
    kind: result,
    integrity,
    claimedSuccess: result.judgeClaimsInLog && handle.claimed,
    ...usage ? { usage } : {},
    budget: ctx.run.budget,
    ...result.envError ? { envError: result.envError } : {},
    wallMs: performance.now() - started,
    ...result.candidateSha256 ? { candidateSha256: result.candidateSha256 } : {},
    evidence,
    notes: [...handle.notes, ...notes],
    ...judge ? { judge } : {}
  });
  const acceptanceMs = performance.now() - started - agent.agentMs - (judge ? judgeMs : 0);
  await handle.writeEvidence(
    "timings.json",
    json({
      agent_ms: Math.round(agent.agentMs),
      acceptance_ms: Math.max(0, Math.round(acceptanceMs)),
      ...judge ? { judge_ms: Math.round(judgeMs) } : {},
      wall_ms: verdict.wall_ms
    })
  );
  return handle.writeVerdict(verdict);
}
var Trial = class {
  constructor(ctx, trialDir, taskDir) {
    this.ctx = ctx;
    this.trialDir = trialDir;
    this.taskDir = taskDir;
  }
  ctx;
  trialDir;
  taskDir;
  integrity = noFindings();
  noted = { tampered: /* @__PURE__ */ new Set(), escaped: /* @__PURE__ */ new Set(), forged: /* @__PURE__ */ new Set(), unsafe: /* @__PURE__ */ new Set() };
  /** Some agent run of the trial claimed in its output that the tests pass (read from all of it, not the capped log). */
  claimed = false;
  /** What the runner refused or bounded of what the agent reported (its usage), as trajectory notes. */
  notes = [];
  get task() {
    return { id: this.ctx.task.spec.id, fixture: this.ctx.acceptanceCopy, faults: this.ctx.task.faults };
  }
  get trial() {
    return this.ctx.trial;
  }
  get seed() {
    return this.ctx.seed;
  }
  get sandbox() {
    return this.ctx.run.sandbox;
  }
  get services() {
    return this.ctx.services;
  }
  get pace() {
    return this.ctx.pace ??= new MachinePace();
  }
  get scrubber() {
    return this.ctx.run.scrubber;
  }
  async runAgent(request = {}) {
    const { run } = this.ctx;
    const candidateDir = join12(this.trialDir, "candidate");
    const evidenceDir = join12(this.trialDir, "evidence");
    const sub = (name) => request.evidenceSubdir ? `${request.evidenceSubdir}/${name}` : name;
    await mkdir3(candidateDir, { recursive: true });
    const setup = this.ctx.agent;
    if (setup.setupError)
      return { exitCode: null, signal: null, budgetExhausted: false, agentMs: 0, logBytes: 0, logCapped: false, setupError: setup.setupError };
    const isolated = run.sandbox.confinesFiles;
    const scratch = isolated ? await mkdtemp4(join12(tmpdir4(), "trialgate-agent-evidence-")) : evidenceDir;
    try {
      const before = await takeSnapshot(this.trialDir, this.taskDir, run.runDir);
      const launch = () => runAgentProcess({
        sandbox: run.sandbox,
        command: setup.command,
        cwd: this.trialDir,
        env: {
          ...setup.env,
          TRIALGATE_TRIAL_DIR: this.trialDir,
          TRIALGATE_INPUTS: join12(this.trialDir, "inputs"),
          TRIALGATE_TASK: join12(this.trialDir, "task.txt"),
          TRIALGATE_CANDIDATE: candidateDir,
          TRIALGATE_SEED: String(this.ctx.seed),
          TRIALGATE_TRIAL: String(this.ctx.trial),
          ...request.env
        },
        mounts: [
          { path: this.trialDir },
          { path: join12(this.trialDir, "candidate"), writable: true },
          { path: scratch, writable: true, at: evidenceDir },
          ...setup.files.map((path) => ({ path })),
          ...(request.readable ?? []).map((path) => ({ path }))
        ],
        conceal: run.conceal,
        network: run.network,
        ...request.forward ? { forward: request.forward } : {},
        wallMs: run.budget.wall_seconds * 1e3,
        logCapBytes: run.logCapBytes,
        found: setup.found ?? [],
        scrubber: run.scrubber.with(request.secrets ?? [])
      });
      let process2 = await run.permits.without(launch);
      if (process2.machinery) process2 = await run.permits.without(launch);
      this.claimed ||= process2.claimedSuccess;
      const restored = restoreTrialDir(this.trialDir);
      if (restored) this.note("tampered", [restored]);
      this.note("unsafe", reclaimAccess(this.trialDir));
      if (isolated) this.note("unsafe", reclaimAccess(scratch, "evidence"));
      const after = await takeSnapshot(this.trialDir, this.taskDir, run.runDir);
      const found = integrityViolations(before, after);
      this.note("tampered", found.tampered);
      this.note("escaped", found.escaped);
      const usage = await this.takeAgentEvidence(isolated ? scratch : evidenceDir, isolated ? [] : before.evidence, sub("usage.json"));
      await this.writeEvidence(sub("agent.log"), process2.log);
      const { log: _log, claimedSuccess: _claimed, ...agent } = process2;
      return { ...agent, ...usage ? { usage } : {} };
    } finally {
      if (isolated) await removeWritten(scratch);
    }
  }
  readCandidate(subdir) {
    const { limits } = this.ctx.run;
    return readCandidate(
      join12(this.trialDir, "candidate", subdir ?? ""),
      { bytes: limits.candidate_mb * 1024 * 1024, files: limits.candidate_files },
      `candidate/${subdir ? `${subdir}/` : ""}`
    );
  }
  /** Below the trial directory, so that an evidence/ the agent removed or replaced is made anew, never followed. */
  writeEvidence(relPath, data) {
    return writeInside(this.trialDir, `evidence/${relPath}`, data, this.ctx.run.scrubber);
  }
  verifyAcceptanceCopy() {
    return this.ctx.run.verifyAcceptanceCopy(this.ctx.task.spec.id);
  }
  /**
   * Before the verdict: links and special files the agent left anywhere in its directory are named and
   * removed (an artefact upload must not follow them), and secrets are scrubbed from the candidate.
   * Returns what it did, as trajectory notes.
   */
  async cleanUp() {
    this.note("unsafe", reclaimAccess(this.trialDir));
    const planted = await this.removePlanted();
    const scrubbed = await this.scrubCandidate();
    return [
      ...planted.length ? [`removed ${planted.length} ${planted.length === 1 ? "link or special file" : "links or special files"} the agent left: ${someOf(planted)}`] : [],
      ...scrubbed.length ? [`secret values scrubbed from ${scrubbed.join(", ")} (the candidate hash is of the bytes as delivered)`] : []
    ];
  }
  async writeVerdict(result) {
    await this.writeEvidence("verdict.json", json(TrialResult.parse(result)));
    return result;
  }
  /**
   * What the agent wrote where evidence goes: usage.json is its to write (moved to `usagePath`); anything
   * else is forged evidence, and a link there is named too.
   */
  async takeAgentEvidence(dir, known, usagePath) {
    const entries = (await unlessMissing(listEntries(dir), [])).filter((e) => e.kind !== "dir" && !known.includes(`evidence/${e.path}`));
    let usage;
    for (const entry of entries) {
      if (entry.path === "usage.json" && entry.kind === "file") {
        const report = await readUsageReport(join12(dir, entry.path), `evidence/${usagePath}`);
        usage = report.usage;
        this.notes.push(...report.notes);
        if (dir !== join12(this.trialDir, "evidence") || usagePath !== "usage.json") await rm4(join12(dir, entry.path), { force: true });
        if (usage) await this.writeEvidence(usagePath, json(usage));
        continue;
      }
      if (entry.path === "agent.log" || entry.path.endsWith("/agent.log")) continue;
      if (entry.kind === "link")
        this.note("unsafe", [
          `evidence/${entry.path} is a symbolic link (to ${await readlink(join12(dir, entry.path)).catch(() => "?")}): links are never followed`
        ]);
      else this.note("forged", [`wrote evidence/${entry.path} (evidence is the runner's to write)`]);
    }
    return usage;
  }
  async removePlanted() {
    const removed = [];
    const named = new Set(this.integrity.unsafe.flatMap((line) => [...line.matchAll(/ /g)].map((m) => line.slice(0, m.index))));
    for (const entry of await listEntries(this.trialDir)) {
      if (entry.kind !== "link" && entry.kind !== "other") continue;
      const what = entry.kind === "link" ? `a symbolic link (to ${await readlink(join12(this.trialDir, entry.path)).catch(() => "?")})` : "a special file";
      if (!named.has(entry.path)) this.note("unsafe", [`${entry.path} is ${what}: links and special files are never followed`]);
      await rm4(join12(this.trialDir, entry.path), { force: true });
      removed.push(entry.path);
    }
    return removed;
  }
  /** The candidate is uploaded with the evidence: no secret may be in it (its hash is of the bytes as delivered). */
  async scrubCandidate() {
    const { scrubber } = this.ctx.run;
    if (!scrubber.patterns.length) return [];
    const dir = join12(this.trialDir, "candidate");
    const changed = [];
    for (const entry of await unlessMissing(listEntries(dir), [])) {
      if (entry.kind !== "file") continue;
      const bytes = await unlessMissing(readRegularFile(join12(dir, entry.path), this.ctx.run.limits.candidate_mb * 1024 * 1024), null);
      if (!bytes) continue;
      const clean = scrubber.bytes(bytes);
      if (clean === bytes) continue;
      await writeInside(dir, entry.path, clean);
      changed.push(`candidate/${entry.path}`);
    }
    return changed;
  }
  /** Each line once, in a time linear in the lines: an agent can leave a million links. */
  note(kind, lines) {
    const seen = this.noted[kind];
    for (const line of lines) {
      if (seen.has(line)) continue;
      seen.add(line);
      this.integrity[kind].push(line);
    }
  }
};
function someOf(names, shown = 10) {
  return names.length <= shown ? names.join(", ") : `${names.slice(0, shown).join(", ")} and ${names.length - shown} more`;
}
async function prepareTrialDir(ctx, trialDir) {
  mkdirSync2(join12(trialDir, "candidate"), { recursive: true });
  mkdirSync2(join12(trialDir, "evidence"), { recursive: true });
  cpSync(join12(ctx.acceptanceCopy.dir, "inputs"), join12(trialDir, "inputs"), { recursive: true });
  cpSync(join12(ctx.acceptanceCopy.dir, "task.txt"), join12(trialDir, "task.txt"));
  await writeInside(
    trialDir,
    "config.json",
    json({ ...ctx.run.config, ...ctx.agent.recorded, task: ctx.task.spec.id, trial: ctx.trial, seed: ctx.seed })
  );
  for (const entry of await listEntries(join12(trialDir, "inputs"))) if (entry.kind === "file") chmodSync2(join12(trialDir, "inputs", entry.path), 292);
}
function combineAgentRuns(runs) {
  if (runs.length === 0) return { exitCode: null, signal: null, budgetExhausted: false, agentMs: 0, logBytes: 0, logCapped: false };
  const failed = runs.find((r) => r.exitCode !== 0);
  return {
    exitCode: failed ? failed.exitCode : 0,
    signal: failed?.signal ?? null,
    budgetExhausted: runs.some((r) => r.budgetExhausted),
    agentMs: runs.reduce((s, r) => s + r.agentMs, 0),
    logBytes: runs.reduce((s, r) => s + r.logBytes, 0),
    logCapped: runs.some((r) => r.logCapped),
    ...runs.some((r) => r.envDeclared) ? { envDeclared: true } : {}
  };
}
function envErrorResult(trial, evidence, started, message, rule) {
  return {
    trial,
    outcome: "env_error",
    stop_reason: "env_error",
    env_error: rule,
    layers: {
      final_state: { ok: null, failures: [] },
      constraints: { ok: null, failures: [] },
      tool_contract: { ok: null, failures: [] },
      trajectory: { notes: [`env error: ${message}`] }
    },
    judgements: [],
    checks: {},
    wall_ms: Math.round(performance.now() - started),
    evidence
  };
}
var json = (data) => JSON.stringify(data, null, 2) + "\n";

// src/trial/run-trials.ts
async function runTrials(plan, resources, onProgress) {
  const finished = new FinishedTrials(plan.tasks);
  const total = plan.slots.length;
  await mapPool(plan.slots, plan.concurrency.agents, async ({ task, trial }) => {
    const result = await trialResult(plan, resources, task, trial);
    const done = finished.add(task.spec.id, resources.log.append(task.spec.id, result));
    onProgress?.(plan.holdout.progress({ done, total, task: task.spec.id, trial, result }, task));
  });
  return finished.byTask;
}
var FinishedTrials = class {
  byTask;
  count = 0;
  constructor(tasks) {
    this.byTask = new Map(tasks.map((t) => [t.spec.id, []]));
  }
  /** Returns how many trials have ended, this one included. */
  add(taskId, digest) {
    this.byTask.get(taskId).push(digest);
    return ++this.count;
  }
};
async function trialResult(plan, resources, task, trial) {
  const { integrity, acceptorChecks } = resources;
  if (integrity.error) return unexecuted(trial, task);
  const check = acceptorChecks.get(task.spec.id);
  if (check && !check.ok) return acceptorBroken(trial, task, check);
  const result = await runOne(plan, resources, task, trial);
  if (integrity.error) return result;
  const repair = await resources.contextOf(task).permits.hold(() => committedRepair(plan, resources, task, result));
  return repair ? { ...result, repair } : result;
}
async function runOne(plan, resources, task, trial) {
  try {
    return await runTrial({
      run: resources.contextOf(task),
      task,
      agent: resources.agents.get(task.spec.id),
      acceptanceCopy: resources.copies.get(task.spec.id),
      trial,
      seed: trialSeed(plan.seed, task.spec.id, trial),
      services: resources.pool,
      pace: resources.pool.pace(resources.copies.get(task.spec.id))
    });
  } catch (e) {
    if (e instanceof AcceptanceCopyChanged) return unexecuted(trial, task, e.message);
    throw e instanceof TrialCrashed ? e : crashed(plan, task, trial, e);
  }
}
async function committedRepair(plan, resources, task, result) {
  const acceptance = { sandbox: resources.sandbox, fixture: resources.copies.get(task.spec.id), scrubber: resources.scrubber, services: resources.pool };
  const root = plan.holdout.rootOf(task, plan.runDir);
  try {
    const ran = { fixture_sha256: task.fixture.sha256, faults: Object.entries(task.faults).map(([id, label]) => ({ id, label })) };
    return await applyCommittedRepair(plan.set, task, ran, result, join13(root, result.evidence), root, acceptance);
  } catch (e) {
    if (!(e instanceof CommittedRepairProblem || e instanceof UserInputError || e instanceof EnvironmentError)) throw crashed(plan, task, result.trial, e);
    return {
      outcome: e instanceof EnvironmentError ? "env_error" : "fail",
      source: "committed",
      minutes: 0,
      patch_lines: 0,
      patch_files: 0,
      candidate_sha256: result.candidate_sha256 ?? "",
      patch: "",
      failures: [e.message]
    };
  }
}
function unexecuted(trial, task, why = "not run: the run stopped after an integrity error") {
  return {
    trial,
    outcome: "unexecuted",
    stop_reason: "not_started",
    layers: {
      final_state: { ok: null, failures: [] },
      constraints: { ok: null, failures: [] },
      tool_contract: { ok: null, failures: [] },
      trajectory: { notes: [why] }
    },
    judgements: [],
    checks: {},
    wall_ms: 0,
    evidence: join13(task.spec.id, trialDirName(trial))
  };
}
function acceptorBroken(trial, task, check) {
  const what = check.machinery ? "trialgate\u2019s machinery failed twice on the reference answers" : "the acceptor failed on the reference answers";
  const result = unexecuted(trial, task, `env error: ${what}: ${check.error}`);
  result.layers.trajectory.notes.push(`fix: ${check.fix}`);
  return {
    ...result,
    outcome: "env_error",
    stop_reason: "env_error",
    // A machine too busy for the preflight is no setup mistake: a rerun can fix it.
    env_error: check.machinery ? MACHINERY_RULE : ACCEPTOR_BROKEN_RULE
  };
}
function crashed(plan, task, trial, cause) {
  return new TrialCrashed(plan.holdout.name(task), trial, cause, isHoldout(task));
}

// src/trial/run-set.ts
async function recordTrialSet(options) {
  const set = await loadTrialSet(options.configPath);
  const holdout = await HoldoutRun.start(set, options.remoteHoldout, options.tasks);
  try {
    return await recordPlanned(await planRun(set, holdout, options), options);
  } finally {
    await holdout.dispose();
  }
}
async function recordPlanned(plan, options) {
  const startedAt = (/* @__PURE__ */ new Date()).toISOString();
  const resources = await openRunResources(plan, options);
  try {
    const byTask = await runTrials(plan, resources, options.onProgress);
    await resources.pool.decided();
    const run = summariseRun(plan, resources, byTask, options.runInfo, { startedAt, finishedAt: (/* @__PURE__ */ new Date()).toISOString() });
    await resources.pool.close();
    resources.releaseCopies();
    const { log, integrity } = resources;
    const trials = (taskId) => trusted(log.trials(taskId), integrity);
    const shown = await plan.holdout.withhold(run, trials, plan.runDir, resources.scrubber);
    const resultsPath = await writeLoggedResults(plan.runDir, shown.run, shown.trials, resources.scrubber, options.outputs);
    return { runDir: plan.runDir, resultsPath, run: shown.run };
  } finally {
    await resources.close();
  }
}
function* trusted(trials, integrity) {
  for (const trial of trials) yield integrity.trust(trial);
}

export {
  untrusted,
  mergeShards,
  appendRound,
  trialDigest,
  KeptAcceptorChecks,
  recordTrialSet
};
