import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  ResetProver,
  proofRefusal
} from "./chunk-7AVRNUJ6.js";
import {
  readResultsFile
} from "./chunk-WNSKODN3.js";
import {
  SemanticLayer
} from "./chunk-F5JU7TYL.js";
import {
  applyCommittedRepair,
  writeLoggedRunFiles
} from "./chunk-G5EN2XWY.js";
import {
  RESULTS_SCHEMA,
  TrialResult,
  Usage
} from "./chunk-BZNMFCXS.js";
import {
  judgeSecrets,
  loadTrialSet
} from "./chunk-TCQHGJST.js";
import {
  AcceptanceCopyChanged,
  ServicePool,
  baseEnvironment,
  mapPool,
  openSandbox,
  passedEnvironment,
  readCandidate,
  runAgentProcess
} from "./chunk-V3BF3RGP.js";
import {
  NO_FAULT,
  copyFixture,
  hashProtected
} from "./chunk-GIWHJF3W.js";
import {
  TRUSTED_VERDICTS
} from "./chunk-AXCA5P2G.js";
import {
  TOOL_VERSION
} from "./chunk-6E6MCQHD.js";
import {
  judgeChecks,
  judgeNotes,
  summarizeTask
} from "./chunk-BUWQH57W.js";
import {
  writeInside
} from "./chunk-J6G6AL52.js";
import {
  Scrubber,
  heldTokens
} from "./chunk-RRV7J5M2.js";
import {
  hashFiles,
  listEntries,
  matchFiles,
  readRegularFile,
  readValidJson
} from "./chunk-SVMKXPE7.js";
import {
  EnvironmentError,
  UserInputError
} from "./chunk-EMQXSGHT.js";
import {
  sha256,
  sha256Manifest
} from "./chunk-TDSOKKON.js";

// src/trial/run-set.ts
import { spawnSync } from "node:child_process";
import { mkdir as mkdir2, mkdtemp as mkdtemp2, readdir, rm as rm2 } from "node:fs/promises";
import { tmpdir as tmpdir2 } from "node:os";
import { join as join4, relative as relative2, resolve } from "node:path";

// src/results/trial-log.ts
import { closeSync, openSync, readSync, writeSync } from "node:fs";
import { join } from "node:path";
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
    const path = join(dir, "trials.jsonl");
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
    const { layers: _layers, judgements: _judgements, judge, ...digest } = valid;
    return judge ? { ...digest, judge: judge.map(({ reason, transcript: _transcript, ...answer }) => answer.verdict === "error" ? { ...answer, reason } : answer) } : digest;
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
      if (read !== line.length || sha256(bytes) !== line.sha256) throw new TrialLogChanged(`the log of finished trials (${this.path}) changed during the run at task ${taskId}, trial ${trial}: no result of this run can be trusted`);
      yield JSON.parse(bytes.toString("utf8"));
    }
  }
  close() {
    closeSync(this.fd);
  }
};

// src/trial/integrity.ts
import { readdirSync } from "node:fs";
import { join as join2 } from "node:path";
var noFindings = () => ({ tampered: [], escaped: [], forged: [], unsafe: [] });
async function takeSnapshot(trialDir, taskDir, runDir) {
  const entries = (await listEntries(trialDir)).filter((e) => e.kind !== "dir" && !/^(candidate|evidence)(\/|$)/.test(e.path));
  const trial = await hashFiles(trialDir, entries.filter((e) => e.kind === "file").map((e) => e.path));
  for (const e of entries) if (e.kind !== "file") trial[e.path] = e.kind;
  const evidence = (await listEntries(join2(trialDir, "evidence")).catch(() => [])).filter((e) => e.kind !== "dir").map((e) => `evidence/${e.path}`);
  return {
    trial,
    evidence,
    neighbours: [
      ...readdirSync(taskDir).filter((n) => !/^trial-\d+$/.test(n)).map((n) => `${n} beside the trial directories`),
      ...readdirSync(runDir).map((n) => `${n} in the run directory`)
    ]
  };
}
function integrityViolations(before, after) {
  const trialChanges = changes(before.trial, after.trial);
  const tampered = trialChanges.filter((c) => isTrialInput(c)).map((c) => `${c} (trial input)`);
  const escaped = trialChanges.filter((c) => !isTrialInput(c)).map((c) => `${c} (outside candidate/ and evidence/)`);
  const known = new Set(before.neighbours);
  escaped.push(...after.neighbours.filter((n) => !known.has(n)).map((n) => `wrote ${n}`));
  return { tampered, escaped };
}
function projectChanges(atStart, now) {
  return changes(atStart, now).map((c) => `${c} in the project during the run (the version under test must not change)`);
}
function isTrialInput(change) {
  return / (inputs\/|task\.txt|config\.json)/.test(change);
}
function changes(before, after) {
  const out = [];
  for (const [file, hash] of Object.entries(before)) {
    if (!(file in after)) out.push(`deleted ${file}`);
    else if (after[file] !== hash) out.push(`changed ${file}`);
  }
  for (const file of Object.keys(after)) if (!(file in before)) out.push(`added ${file}`);
  return out;
}

// src/trial/run-trial.ts
import { chmodSync, cpSync, mkdirSync } from "node:fs";
import { mkdir, mkdtemp, readlink, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join as join3, relative } from "node:path";

// src/trial/verdict.ts
function trialVerdict(facts) {
  const envError = facts.envError ?? facts.variants.find((v) => v.envError)?.envError;
  const stopReason = stopReasonOf(facts, Boolean(envError));
  const judgements = facts.variants.map((v) => v.judgement);
  const verdictOf = (fault) => judgements.find((j) => j.fault === fault)?.verdict;
  const finalFailures = [
    ...facts.formatProblems.map((p) => `format: ${p}`),
    ...judgements.filter((j) => !TRUSTED_VERDICTS.includes(j.verdict)).map((j) => `${j.fault}: ${j.verdict}: ${j.reason}`),
    ...facts.unreachedTargets.length ? [`target branches not reached on the correct service: ${facts.unreachedTargets.join(", ")}`] : []
  ];
  finalFailures.push(...facts.tools?.finalState ?? []);
  if (facts.formatProblems.length === 0 && judgements.length === 0 && !facts.tools) finalFailures.push("no acceptance ran");
  const finalOk = finalFailures.length === 0;
  const claimUnbacked = facts.claimedSuccess && !finalOk;
  const toolClaims = facts.tools?.constraints["claims-backed"] ?? [];
  const toolScope = facts.tools?.constraints.scope ?? [];
  const toolFailures = facts.tools?.toolContract ?? [];
  const constraintFailures = [
    ...facts.integrity.tampered,
    ...facts.integrity.escaped,
    ...facts.integrity.forged,
    ...facts.integrity.unsafe,
    ...claimUnbacked ? ["claimed success in its output without a passing report from the trusted runner"] : [],
    ...toolClaims,
    ...toolScope
  ];
  const checks = {};
  let outcome;
  if (envError) {
    outcome = "env_error";
  } else {
    outcome = stopReason === "completed" && finalOk && constraintFailures.length === 0 && toolFailures.length === 0 ? "pass" : "fail";
    checks.pass = outcome === "pass";
    checks.format = facts.formatProblems.length === 0;
    checks.baseline = facts.tools ? facts.tools.finalState.length === 0 : verdictOf("none") === "baseline_pass";
    for (const fault of facts.faults) checks[`detect:${fault}`] = verdictOf(fault) === "defect_detected";
    checks["constraint:protected-files"] = facts.integrity.tampered.length === 0;
    checks["constraint:writes-confined"] = facts.integrity.escaped.length === 0;
    checks["constraint:evidence-untouched"] = facts.integrity.forged.length === 0;
    checks["constraint:no-links"] = facts.integrity.unsafe.length === 0;
    checks["constraint:claims-backed"] = !claimUnbacked && toolClaims.length === 0;
    if (facts.tools) {
      checks["constraint:tool-scope"] = toolScope.length === 0;
      for (const [boundary, ok] of Object.entries(facts.tools.boundaries)) checks[`tool:${boundary}`] = ok;
    }
    Object.assign(checks, judgeChecks(facts.judge ?? []));
  }
  const notes = [
    `agent ${facts.agent.signal ? `ended by ${facts.agent.signal}` : `exited ${facts.agent.exitCode}`} after ${Math.round(facts.agent.agentMs)} ms`,
    ...facts.agent.logCapped ? [`agent log capped (${facts.agent.logBytes} bytes written)`] : [],
    ...facts.tools?.notes ?? [],
    ...facts.notes ?? [],
    ...envError ? [`env error: ${envError.message}`] : judgeNotes(facts.judge ?? [])
  ];
  const cause = causeOf(outcome, stopReason, facts.formatProblems.length > 0, finalOk, toolFailures.length === 0);
  return {
    trial: facts.trial,
    outcome,
    stop_reason: stopReason,
    ...cause ? { cause } : {},
    ...envError ? { env_error: envError.rule } : {},
    layers: {
      final_state: { ok: envError ? null : finalOk, failures: envError ? [] : finalFailures },
      constraints: { ok: constraintFailures.length === 0, failures: constraintFailures },
      tool_contract: facts.tools && !envError ? { ok: toolFailures.length === 0, failures: toolFailures } : { ok: null, failures: [] },
      trajectory: { ...facts.tools?.steps === void 0 ? {} : { steps: facts.tools.steps }, notes }
    },
    judgements,
    checks,
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
var SUCCESS_CLAIM = /\b(all (\d+ )?(tests|checks|cases|scenarios) (have )?pass(ed)?|tests? (all )?pass(ed)?\b)/i;
var USAGE_BYTES = 64 * 1024;
var INTERNAL_ERROR = "trialgate failed on this trial (an internal error, not the agent\u2019s): please report it";
function trialDirName(trial) {
  return `trial-${String(trial).padStart(3, "0")}`;
}
async function runTrial(ctx) {
  const started = performance.now();
  const taskDir = join3(ctx.run.runDir, ctx.task.spec.id);
  const trialDir = join3(taskDir, trialDirName(ctx.trial));
  const evidence = relative(ctx.run.runDir, trialDir);
  try {
    await prepareTrialDir(ctx, trialDir);
  } catch (e) {
    return envErrorResult(ctx.trial, evidence, started, `could not prepare ${evidence}: ${e.message}`, "the trial directory could not be written (disk full or not writable): an environment failure");
  }
  const handle = new Trial(ctx, trialDir, taskDir);
  let result;
  try {
    result = await ctx.task.kind.run(handle);
  } catch (e) {
    if (!(e instanceof Error) || e instanceof AcceptanceCopyChanged) throw e;
    const rule = e instanceof EnvironmentError ? e.rule : INTERNAL_ERROR;
    await handle.cleanUp();
    return handle.writeVerdict(envErrorResult(ctx.trial, evidence, started, e.message, rule));
  }
  const agent = combineAgentRuns(result.agentRuns);
  const integrity = handle.integrity;
  integrity.tampered.push(...await ctx.run.projectChanges());
  integrity.unsafe.push(...result.unsafeCandidate.filter((u) => !integrity.unsafe.includes(u)));
  const notes = await handle.cleanUp();
  const envFailed = result.envError ?? result.variants.find((v) => v.envError);
  const judgeStarted = performance.now();
  const judge = ctx.run.semantic && !envFailed ? await ctx.run.semantic.judgeTrial(handle) : void 0;
  const judgeMs = performance.now() - judgeStarted;
  const usage = sumUsage(result.agentRuns.map((r) => r.usage));
  const verdict = trialVerdict({
    trial: ctx.trial,
    agent,
    formatProblems: result.formatProblems,
    variants: result.variants,
    faults: ctx.task.kind.countsDetections ? Object.keys(ctx.task.faults) : [],
    unreachedTargets: result.unreachedTargets,
    integrity,
    claimedSuccess: result.judgeClaimsInLog && handle.logs.some((log) => SUCCESS_CLAIM.test(log)),
    ...usage ? { usage } : {},
    budget: ctx.run.budget,
    ...result.envError ? { envError: result.envError } : {},
    wallMs: performance.now() - started,
    ...result.candidateSha256 ? { candidateSha256: result.candidateSha256 } : {},
    evidence,
    ...result.tools ? { tools: result.tools } : {},
    notes,
    ...judge ? { judge } : {}
  });
  const acceptanceMs = performance.now() - started - agent.agentMs - (judge ? judgeMs : 0);
  await handle.writeEvidence("timings.json", json({ agent_ms: Math.round(agent.agentMs), acceptance_ms: Math.round(acceptanceMs), ...judge ? { judge_ms: Math.round(judgeMs) } : {}, wall_ms: verdict.wall_ms }));
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
  logs = [];
  get task() {
    return { id: this.ctx.task.spec.id, acceptance: this.ctx.task.acceptance, fixture: this.ctx.acceptanceCopy, faults: this.ctx.task.faults };
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
  get scrubber() {
    return this.ctx.run.scrubber;
  }
  async runAgent(request = {}) {
    const { run } = this.ctx;
    const candidateDir = join3(this.trialDir, "candidate", request.candidateSubdir ?? "");
    const evidenceDir = join3(this.trialDir, "evidence");
    const sub = (name) => request.evidenceSubdir ? `${request.evidenceSubdir}/${name}` : name;
    await mkdir(candidateDir, { recursive: true });
    if (run.agent.setupError) return { exitCode: null, signal: null, budgetExhausted: false, agentMs: 0, logBytes: 0, logCapped: false, setupError: run.agent.setupError };
    const isolated = run.sandbox.report.mechanism !== "none";
    const scratch = isolated ? await mkdtemp(join3(tmpdir(), "trialgate-agent-evidence-")) : evidenceDir;
    try {
      const before = await takeSnapshot(this.trialDir, this.taskDir, run.runDir);
      const process2 = await runAgentProcess({
        sandbox: run.sandbox,
        command: run.agent.command,
        cwd: this.trialDir,
        env: {
          ...run.agent.env,
          TRIALGATE_TRIAL_DIR: this.trialDir,
          TRIALGATE_INPUTS: join3(this.trialDir, "inputs"),
          TRIALGATE_TASK: join3(this.trialDir, "task.txt"),
          TRIALGATE_CANDIDATE: candidateDir,
          TRIALGATE_SEED: String(this.ctx.seed),
          TRIALGATE_TRIAL: String(this.ctx.trial),
          ...request.env
        },
        mounts: [
          { path: this.trialDir },
          { path: join3(this.trialDir, "candidate"), writable: true },
          { path: scratch, writable: true, at: evidenceDir },
          ...run.agent.files.map((path) => ({ path })),
          ...(request.readable ?? []).map((path) => ({ path }))
        ],
        conceal: run.conceal,
        network: run.agent.network,
        wallMs: run.budget.wall_seconds * 1e3,
        logCapBytes: run.agent.logCapBytes,
        scrubber: run.scrubber.with(request.secrets ?? [])
      });
      this.logs.push(process2.log);
      const after = await takeSnapshot(this.trialDir, this.taskDir, run.runDir);
      const found = integrityViolations(before, after);
      this.note("tampered", found.tampered);
      this.note("escaped", found.escaped);
      const usage = await this.takeAgentEvidence(isolated ? scratch : evidenceDir, isolated ? [] : before.evidence, sub("usage.json"));
      await this.writeEvidence(sub("agent.log"), process2.log);
      const { log: _log, ...agent } = process2;
      return { ...agent, ...usage ? { usage } : {} };
    } finally {
      if (isolated) await rm(scratch, { recursive: true, force: true });
    }
  }
  readCandidate(subdir) {
    const { limits } = this.ctx.run;
    return readCandidate(join3(this.trialDir, "candidate", subdir ?? ""), { bytes: limits.candidate_mb * 1024 * 1024, files: limits.candidate_files }, `candidate/${subdir ? `${subdir}/` : ""}`);
  }
  writeEvidence(relPath, data) {
    return writeInside(join3(this.trialDir, "evidence"), relPath, data, this.ctx.run.scrubber);
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
    const planted = await this.removePlanted();
    const scrubbed = await this.scrubCandidate();
    return [
      ...planted.length ? [`removed ${planted.length} link(s) or special file(s) the agent left: ${planted.join(", ")}`] : [],
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
    const entries = (await listEntries(dir).catch(() => [])).filter((e) => e.kind !== "dir" && !known.includes(`evidence/${e.path}`));
    let usage;
    for (const entry of entries) {
      if (entry.path === "usage.json" && entry.kind === "file") {
        usage = await readUsage(join3(dir, entry.path));
        if (dir !== join3(this.trialDir, "evidence") || usagePath !== "usage.json") await rm(join3(dir, entry.path), { force: true });
        if (usage) await this.writeEvidence(usagePath, json(usage));
        continue;
      }
      if (entry.path === "agent.log" || entry.path.endsWith("/agent.log")) continue;
      if (entry.kind === "link") this.note("unsafe", [`evidence/${entry.path} is a symbolic link (to ${await readlink(join3(dir, entry.path)).catch(() => "?")}): links are never followed`]);
      else this.note("forged", [`wrote evidence/${entry.path} (evidence is the runner's to write)`]);
    }
    return usage;
  }
  async removePlanted() {
    const removed = [];
    for (const entry of await listEntries(this.trialDir).catch(() => [])) {
      if (entry.kind !== "link" && entry.kind !== "other") continue;
      const what = entry.kind === "link" ? `a symbolic link (to ${await readlink(join3(this.trialDir, entry.path)).catch(() => "?")})` : "a special file";
      if (!this.integrity.unsafe.some((line) => line.startsWith(`${entry.path} `))) this.note("unsafe", [`${entry.path} is ${what}: links and special files are never followed`]);
      await rm(join3(this.trialDir, entry.path), { force: true });
      removed.push(entry.path);
    }
    return removed;
  }
  /** The candidate is uploaded with the evidence: no secret may be in it (its hash is of the bytes as delivered). */
  async scrubCandidate() {
    const { scrubber } = this.ctx.run;
    if (!scrubber.patterns.length) return [];
    const dir = join3(this.trialDir, "candidate");
    const changed = [];
    for (const entry of await listEntries(dir).catch(() => [])) {
      if (entry.kind !== "file") continue;
      const bytes = await readRegularFile(join3(dir, entry.path), this.ctx.run.limits.candidate_mb * 1024 * 1024).catch(() => null);
      if (!bytes) continue;
      const clean = scrubber.bytes(bytes);
      if (clean === bytes) continue;
      await writeInside(dir, entry.path, clean);
      changed.push(`candidate/${entry.path}`);
    }
    return changed;
  }
  note(kind, lines) {
    for (const line of lines) if (!this.integrity[kind].includes(line)) this.integrity[kind].push(line);
  }
};
async function prepareTrialDir(ctx, trialDir) {
  mkdirSync(join3(trialDir, "candidate"), { recursive: true });
  mkdirSync(join3(trialDir, "evidence"), { recursive: true });
  cpSync(join3(ctx.acceptanceCopy.dir, "inputs"), join3(trialDir, "inputs"), { recursive: true });
  cpSync(join3(ctx.acceptanceCopy.dir, "task.txt"), join3(trialDir, "task.txt"));
  await writeInside(trialDir, "config.json", json({ ...ctx.run.config, task: ctx.task.spec.id, trial: ctx.trial, seed: ctx.seed }));
  for (const entry of await listEntries(join3(trialDir, "inputs"))) if (entry.kind === "file") chmodSync(join3(trialDir, "inputs", entry.path), 292);
}
function readUsage(path) {
  return readValidJson(path, Usage, USAGE_BYTES);
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
    logCapped: runs.some((r) => r.logCapped)
  };
}
function sumUsage(usages) {
  if (usages.length === 0 || usages.some((u) => u === void 0)) return void 0;
  const out = {};
  for (const key of ["input_tokens", "output_tokens", "total_tokens", "cost_usd"]) {
    if (usages.every((u) => u[key] !== void 0)) out[key] = usages.reduce((s, u) => s + u[key], 0);
  }
  return out;
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

// src/trial/services.ts
async function offerReuse({ pool, sandbox, fixture, kind, acceptance, faults, slots }) {
  const refusal = proofRefusal(fixture, kind.replayableUse !== void 0, kind.name);
  if (refusal) return pool.refuse(fixture, refusal);
  if (!sandbox.privateServices) return pool.refuse(fixture, "unisolated, an idle service would listen on a loopback port any agent can reach: each use starts a fresh service");
  const use = await kind.replayableUse(fixture, acceptance);
  if (typeof use === "string") return pool.refuse(fixture, `reset not proved: ${use}; each use starts a fresh service`);
  const prover = new ResetProver(sandbox, fixture);
  try {
    const { proof, reset } = await prover.prove(use, faults);
    if (reset) {
      prover.handOver();
      await pool.allow(fixture, reset, proof.why, prover.started, slots);
    } else pool.refuse(fixture, proof.why, prover.started);
  } finally {
    await prover.stop();
  }
}

// src/trial/run-set.ts
async function runTrialSet(options) {
  const { runDir, resultsPath } = await recordTrialSet(options);
  return { runDir, resultsPath, results: await readResultsFile(resultsPath) };
}
async function recordTrialSet(options) {
  const set = await loadTrialSet(options.configPath);
  const k = options.trials ?? set.config.trials;
  const tasks = selectTasks(set, options.tasks);
  const seed = options.seed ?? set.config.seed;
  const slots = planSlots(tasks, k, options.firstTrial ?? 0, options.shard);
  const runDir = resolve(options.outDir ?? join4(set.dir, ".trialgate", `run-${(/* @__PURE__ */ new Date()).toISOString().replace(/[:.]/g, "-")}`));
  await prepareRunDir(runDir);
  for (const task of tasks) await mkdir2(join4(runDir, task.spec.id), { recursive: true });
  const sandbox = await openSandbox(options.isolation ?? set.config.agent.isolation, options.isolation ? "--isolation" : "agent.isolation").catch((e) => {
    throw new EnvironmentError(e.message, "isolation was required and is not available: see docs/isolation.md");
  });
  options.onStart?.({ isolation: sandbox.report, trials: slots.length });
  const watched = await hashWatched(set);
  const projectAtStart = await hashProject(set, tasks);
  const gitSha = options.runInfo?.git_sha ?? gitHead(set.dir);
  const startedAt = (/* @__PURE__ */ new Date()).toISOString();
  const copiesRoot = await mkdtemp2(join4(tmpdir2(), "trialgate-acceptance-"));
  const logDir = await mkdtemp2(join4(tmpdir2(), "trialgate-log-"));
  const log = TrialLog.create(logDir);
  const pool = new ServicePool(sandbox);
  let semantic;
  try {
    const copies = /* @__PURE__ */ new Map();
    for (const task of tasks) copies.set(task.spec.id, await copyFixture(task.fixture, join4(copiesRoot, task.spec.id)));
    const concurrency = options.concurrency ?? set.config.concurrency;
    for (const task of tasks) {
      const fixture = copies.get(task.spec.id);
      if (!slots.some((slot) => slot.task === task)) {
        pool.refuse(fixture, "no trial of this task runs here");
        continue;
      }
      await offerReuse({ pool, sandbox, fixture, kind: task.kind, acceptance: task.acceptance, faults: [NO_FAULT, ...Object.keys(task.faults)], slots: Math.min(concurrency, slots.length) });
    }
    const { env: agentEnv, setupError } = agentEnvironment(set);
    const scrubber = new Scrubber([...options.secrets ?? [], ...heldTokens(process.env), ...passedValues(set), ...judgeSecrets(set.config.judge)]);
    semantic = await SemanticLayer.open(set.config.judge, set.dir, tasks.map((t) => ({ id: t.spec.id, fixtureDir: t.fixture.dir, judge: t.spec.judge })), {
      cacheDir: options.judgeCache ?? join4(runDir, "judge-cache"),
      scrubber
    });
    let integrityError;
    const run = {
      runDir,
      sandbox,
      scrubber,
      budget: set.config.budget,
      limits: set.config.limits,
      agent: {
        command: set.config.agent.command,
        env: agentEnv,
        ...setupError ? { setupError } : {},
        files: set.agentFiles,
        network: set.config.agent.network === "none" ? "none" : "host",
        logCapBytes: set.config.agent.log_cap_bytes
      },
      conceal: [set.dir, runDir, copiesRoot, logDir],
      verifyAcceptanceCopy: async (taskId) => {
        const task = tasks.find((t) => t.spec.id === taskId);
        const copy = copies.get(taskId);
        const now = sha256Manifest(await hashProtected(copy.dir, copy.manifest));
        if (now !== task.fixture.sha256) {
          integrityError ??= `the acceptance copy of task ${taskId} changed during the run (its hash is no longer the fixture's ${task.fixture.sha256.slice(0, 12)}): no trial of this run can be trusted`;
          throw new AcceptanceCopyChanged(integrityError);
        }
      },
      projectChanges: async () => projectChanges(projectAtStart, await hashProject(set, tasks)),
      config: {
        agent_command: set.config.agent.command,
        watched,
        k,
        budget: set.config.budget,
        tool_versions: { trialgate: TOOL_VERSION, node: process.version },
        git_sha: gitSha,
        run_seed: seed,
        isolation: sandbox.report
      },
      ...semantic ? { semantic } : {}
    };
    const byTask = new Map(tasks.map((t) => [t.spec.id, []]));
    let done = 0;
    await mapPool(slots, concurrency, async ({ task, trial }, _, slot) => {
      let result = integrityError ? unexecuted(trial, task) : await runOne(run, task, copies.get(task.spec.id), trial, seed, pool.lender(slot));
      const repair = integrityError ? void 0 : await committedRepair(set, task, result, runDir, sandbox.report.mechanism === "none" ? "none" : "auto");
      if (repair) result = { ...result, repair };
      byTask.get(task.spec.id).push(log.append(task.spec.id, result));
      options.onProgress?.({ done: ++done, total: slots.length, task: task.spec.id, trial, result });
    });
    const trust = (result) => integrityError ? untrusted(result, integrityError) : result;
    const record = {
      schema: RESULTS_SCHEMA,
      trial_set: { name: set.config.name, sha256: set.sha256 },
      run: {
        git_sha: gitSha,
        ref: options.runInfo?.ref ?? null,
        base_ref: options.runInfo?.base_ref ?? null,
        pr_number: options.runInfo?.pr_number ?? null,
        workflow_run_id: options.runInfo?.workflow_run_id ?? null,
        tool_version: TOOL_VERSION,
        started_at: startedAt,
        finished_at: (/* @__PURE__ */ new Date()).toISOString(),
        seed,
        k,
        ...options.shard ? { shard: options.shard } : {},
        isolation: sandbox.report,
        ...integrityError ? { integrity_error: integrityError } : {}
      },
      watched,
      agent: { command: set.config.agent.command },
      tasks: tasks.map((task) => ({
        ...taskResult(set, task, k, byTask.get(task.spec.id).map(trust)),
        services: pool.use(copies.get(task.spec.id)),
        ...semantic?.taskFields(task.spec.id)
      }))
    };
    await pool.close();
    const trials = function* (taskId) {
      for (const trial of log.trials(taskId)) yield trust(trial);
    };
    const resultsPath = await writeLoggedRunFiles(runDir, record, trials, scrubber);
    return { runDir, resultsPath, run: record };
  } finally {
    await pool.close();
    log.close();
    await rm2(logDir, { recursive: true, force: true });
    await semantic?.close();
    await rm2(copiesRoot, { recursive: true, force: true });
    await sandbox.dispose();
  }
}
async function committedRepair(set, task, result, runDir, isolation) {
  try {
    return await applyCommittedRepair(set, task, { fixture_sha256: task.fixture.sha256 }, result, join4(runDir, result.evidence), runDir, isolation);
  } catch (e) {
    return { outcome: "env_error", source: "committed", minutes: 0, patch_lines: 0, patch_files: 0, candidate_sha256: result.candidate_sha256 ?? "", patch: "", failures: [e.message] };
  }
}
async function runOne(run, task, copy, trial, seed, services) {
  try {
    return await runTrial({ run, task, acceptanceCopy: copy, trial, seed: trialSeed(seed, task.spec.id, trial), services });
  } catch (e) {
    if (e instanceof AcceptanceCopyChanged) return unexecuted(trial, task, e.message);
    return {
      ...unexecuted(trial, task, e.message),
      outcome: "env_error",
      stop_reason: "env_error",
      env_error: "trialgate failed on this trial (an internal error, not the agent\u2019s): please report it"
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
    evidence: join4(task.spec.id, trialDirName(trial))
  };
}
function untrusted(result, why) {
  if (result.outcome !== "pass") return result;
  const failed = { ...result, outcome: "fail", checks: { ...result.checks, pass: false } };
  if (result.layers) failed.layers = { ...result.layers, constraints: { ok: false, failures: [...result.layers.constraints.failures, why] } };
  return failed;
}
async function prepareRunDir(runDir) {
  const existing = await readdir(runDir).catch(() => null);
  if (existing?.length) throw new UserInputError(runDir, "--out", "exists and is not empty; choose a new directory (results of an earlier run are never overwritten)");
  await mkdir2(runDir, { recursive: true });
}
function selectTasks(set, ids) {
  if (!ids?.length) return set.tasks;
  for (const id of ids) {
    if (!set.tasks.some((t) => t.spec.id === id)) {
      throw new UserInputError(set.file, "tasks", `no task ${id}; tasks: ${set.tasks.map((t) => t.spec.id).join(", ")}`);
    }
  }
  return set.tasks.filter((t) => ids.includes(t.spec.id));
}
function planSlots(tasks, k, firstTrial, shard) {
  const slots = tasks.flatMap((task) => Array.from({ length: k }, (_, i) => ({ task, trial: firstTrial + i + 1 })));
  return shard ? slots.filter((_, i) => i % shard.count === shard.index - 1) : slots;
}
function trialSeed(seed, taskId, trial) {
  return Number.parseInt(sha256(`${seed}/${taskId}/${trial}`).slice(0, 8), 16) & 2147483647;
}
function taskResult(set, task, k, trials) {
  trials.sort((a, b) => a.trial - b.trial);
  return {
    id: task.spec.id,
    set: task.spec.set,
    fixture: relative2(set.dir, task.fixture.dir) || ".",
    fixture_sha256: task.fixture.sha256,
    acceptor_version: task.kind.acceptorVersion(task.acceptance),
    budget: set.config.budget,
    faults: Object.entries(task.faults).map(([id, label]) => ({ id, label })),
    trials,
    summary: summarizeTask(trials, k, task.kind.countsDetections ? Object.keys(task.faults) : [])
  };
}
async function hashWatched(set) {
  const hashes = await hashFiles(set.dir, await matchFiles(set.dir, set.config.watch));
  return { sha256: sha256Manifest(hashes), files: hashes };
}
async function hashProject(set, tasks) {
  const out = { ...(await hashWatched(set)).files };
  for (const task of tasks) {
    for (const [file, hash] of Object.entries(await hashProtected(task.fixture.dir, task.fixture.manifest))) out[relative2(set.dir, join4(task.fixture.dir, file))] = hash;
  }
  return out;
}
function agentEnvironment(set) {
  const env = { ...baseEnvironment() };
  for (const [name, value] of Object.entries(set.config.agent.env)) env[name] = value.replaceAll("${TRIALGATE_PROJECT}", set.dir);
  env.TRIALGATE_PROJECT = set.dir;
  try {
    Object.assign(env, passedEnvironment(set.config.agent.pass_env, `${set.file}: agent.pass_env`));
    return { env };
  } catch (e) {
    if (!(e instanceof EnvironmentError)) throw e;
    return { env, setupError: e.message };
  }
}
function passedValues(set) {
  const names = [...set.config.agent.pass_env, ...set.tasks.flatMap((t) => t.acceptance.kind === "command" ? t.acceptance.pass_env : [])];
  return names.flatMap((name) => process.env[name] ? [process.env[name]] : []);
}
function gitHead(dir) {
  const out = spawnSync("git", ["rev-parse", "HEAD"], { cwd: dir, encoding: "utf8" });
  return out.status === 0 ? out.stdout.trim() : null;
}

export {
  runTrialSet,
  recordTrialSet
};
