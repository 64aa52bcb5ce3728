import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  Acceptance
} from "./chunk-MXDSQAGL.js";
import {
  external_exports
} from "./chunk-OVH43LBJ.js";
import {
  hashFiles,
  matchFiles,
  readJsonFile
} from "./chunk-SVMKXPE7.js";
import {
  UserInputError,
  parseOrThrow
} from "./chunk-EMQXSGHT.js";
import {
  sha256,
  sha256Manifest
} from "./chunk-TDSOKKON.js";

// src/fixture/load.ts
import { access, cp, realpath } from "node:fs/promises";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";

// src/schemas/fixture.ts
var ServiceSpec = external_exports.strictObject({
  /** argv of the service process, run from the fixture directory; PORT is set to a free port. */
  command: external_exports.array(external_exports.string()).min(1),
  /** The environment variable that selects the variant; it reaches the service process only. */
  faultEnv: external_exports.string().regex(/^[A-Z_][A-Z0-9_]*$/),
  /** Readiness probe path, answered 200 once the service accepts requests. */
  health: external_exports.string().startsWith("/").default("/health"),
  startTimeoutMs: external_exports.number().int().positive().default(1e4),
  /**
   * The service speaks trialgate's control channel (reset, branch coverage; see docs/fixture.md). Without
   * it, a variant is started fresh for each acceptance run and a detection is any assertion failure on it,
   * shown as not attributed; fault branches and targets need it.
   */
  coverage: external_exports.boolean().default(false),
  /**
   * GET paths whose answers together show the service's whole observable state. With coverage they let
   * trialgate prove that a reset equals a fresh start, and then keep one service per variant for a whole
   * run, reset between uses (docs/fixture.md); without them every use starts the service afresh.
   */
  stateProbe: external_exports.array(external_exports.string().startsWith("/")).default([]),
  /** Service files whose hash, with the fault id, is the variant's hash. */
  files: external_exports.array(external_exports.string()).min(1)
});
var FaultSpec = external_exports.strictObject({
  label: external_exports.string().min(1),
  /** Business branches where the defect lives (needs coverage): a failed case that reached one is attributed to it. */
  branches: external_exports.array(external_exports.string()).default([])
});
var ToolsSpec = external_exports.strictObject({
  /** The first goal (schemas/tools.ts Goal), relative to the fixture; the runner moves it on mid-trial. */
  goal: external_exports.string().min(1),
  /** The deterministic reference agent, run through `sh -c` in a trial directory; $TRIALGATE_FIXTURE is the fixture. */
  agent: external_exports.string().min(1),
  /** The skill file the reference agent follows (relative to the fixture), and the variable that points it to one. */
  skill: external_exports.string().min(1),
  skillEnv: external_exports.string().regex(/^[A-Z_][A-Z0-9_]*$/),
  /** Boundary (a fault id) → the `## ` heading of the skill section whose practice handles it. */
  practices: external_exports.record(external_exports.string(), external_exports.string().min(1))
});
var FixtureManifest = external_exports.strictObject({
  version: external_exports.literal(1),
  id: external_exports.string().min(1),
  title: external_exports.string().min(1),
  service: ServiceSpec,
  faults: external_exports.record(external_exports.string(), FaultSpec),
  /** Branches the candidate's cases must reach on the correct service (format layer). */
  targets: external_exports.array(external_exports.string()).default([]),
  /**
   * Directories outside the fixture that it uses (e.g. `../inventory/service`, a service another fixture
   * ships): protected and hashed with the fixture, and copied beside it wherever the fixture is copied.
   */
  include: external_exports.array(external_exports.string().regex(/^(\.\.\/)+[^.]/, "a relative path that starts with ../")).default([]),
  /** Globs (relative to the fixture) the agent may not change; their hash is the fixture hash. */
  protected: external_exports.array(external_exports.string()).min(1),
  /** Directory of the reference answers (the candidate `trialgate validate` runs), never under inputs/. */
  reference: external_exports.string().default("reference"),
  /** The fixture's own acceptor; a task in trialgate.yml uses it unless it names another. Default http-cases. */
  acceptance: Acceptance.optional(),
  tools: ToolsSpec.optional()
});

// src/fixture/load.ts
var NO_FAULT = "none";
async function loadFixture(dir, project) {
  const root = resolve(dir);
  const manifestPath = join(root, "fixture.json");
  if (project) await mustBeInside(project, root, root, "the fixture directory");
  try {
    await access(manifestPath);
  } catch {
    throw new UserInputError(root, "fixture.json", "no fixture here: a fixture directory holds fixture.json, inputs/ and task.txt (see docs/fixture.md)");
  }
  const manifest = parseOrThrow(FixtureManifest, await readJsonFile(manifestPath), manifestPath);
  for (const [i, included] of manifest.include.entries()) {
    try {
      await access(resolve(root, included));
    } catch {
      throw new UserInputError(manifestPath, `include[${i}]`, `${included} does not exist next to the fixture`);
    }
    if (project) await mustBeInside(project, resolve(root, included), manifestPath, `include[${i}]`);
  }
  for (const sub of ["inputs", "task.txt"]) {
    try {
      await access(join(root, sub));
    } catch {
      throw new UserInputError(root, sub, `a fixture needs ${sub} (see docs/fixture.md)`);
    }
  }
  checkCoverage(manifest, manifestPath);
  const protectedFiles = await hashProtected(root, manifest);
  const serviceFiles = await matchFiles(root, manifest.service.files);
  if (serviceFiles.length === 0) {
    throw new UserInputError(manifestPath, "service.files", `no file matches ${manifest.service.files.join(", ")}`);
  }
  return {
    dir: root,
    root: fixtureRoot(root, manifest),
    manifest,
    sha256: sha256Manifest(protectedFiles),
    protectedFiles,
    serviceSha256: sha256Manifest(await hashFiles(root, serviceFiles))
  };
}
function checkCoverage(manifest, manifestPath) {
  if (manifest.service.coverage) return;
  if (manifest.targets.length) {
    throw new UserInputError(manifestPath, "targets", "target branches need coverage: set service.coverage to true (the service speaks the control channel) or remove targets");
  }
  for (const [id, fault] of Object.entries(manifest.faults)) {
    if (fault.branches.length) {
      throw new UserInputError(manifestPath, `faults.${id}.branches`, "branches attribute a detection through coverage: set service.coverage to true or remove them");
    }
  }
}
async function mustBeInside(project, path, file, field) {
  const [real, realProject] = await Promise.all([realpath(path).catch(() => resolve(path)), realpath(project).catch(() => resolve(project))]);
  const rel = relative(realProject, real);
  if (rel === "" || !rel.startsWith("..") && !isAbsolute(rel)) return;
  throw new UserInputError(file, field, `${path} resolves to ${real}, outside the project ${realProject}; fixtures and every path trialgate reads from the configuration must stay inside the project`);
}
async function hashProtected(root, manifest) {
  return hashFiles(root, await matchFiles(root, [...manifest.protected, ...manifest.include.map((dir) => `${dir}/**`)]));
}
function includeDepth(manifest) {
  return Math.max(0, ...manifest.include.map((p) => p.split("/").filter((part) => part === "..").length));
}
function fixtureRoot(dir, manifest) {
  let root = dir;
  for (let i = 0; i < includeDepth(manifest); i++) root = dirname(root);
  return root;
}
async function copyFixture(fixture, dir) {
  const copy = join(dir, ...fixture.dir.split(sep).slice(-(includeDepth(fixture.manifest) + 1)));
  await cp(fixture.dir, copy, { recursive: true });
  for (const included of fixture.manifest.include) await cp(resolve(fixture.dir, included), resolve(copy, included), { recursive: true });
  return loadFixture(copy);
}
function variantSha256(fixture, fault) {
  return sha256(`${fixture.serviceSha256}\0${fault}`);
}
function variantsOf(fixture) {
  return [NO_FAULT, ...Object.keys(fixture.manifest.faults)];
}

// src/judge/judge.ts
function judge(report, context) {
  const first = report.records.find((r) => r.status !== "passed");
  const verdict = (v, reason, detected_by = []) => ({
    fault: report.fault,
    verdict: v,
    reason,
    detected_by,
    ...first ? { first_failed: { test: first.test, status: first.status, ...first.assertion ? { assertion: first.assertion } : {} } } : {}
  });
  const expected = context.expected;
  if (expected) {
    for (const field of ["candidate_sha256", "variant_sha256", "fixture_sha256"]) {
      if (report[field] !== expected[field]) return verdict("unverified", `${field} ${short(report[field])} is not this trial's ${short(expected[field])}`);
    }
  }
  const incomplete = incompleteReason(report);
  if (incomplete) return verdict("incomplete", incomplete);
  const notRun = report.records.filter((r) => r.status !== "passed" && r.status !== "failed");
  if (notRun.length > 0) {
    const first2 = notRun[0];
    return verdict("execution_error_or_skip", `${notRun.length} of ${report.executed} ${notRun.length === 1 ? "record" : "records"} ${first2.status}: ${first2.test}${first2.traceback ? `: ${first2.traceback}` : ""}`);
  }
  const failed = report.records.filter((r) => r.status === "failed");
  if (report.fault === NO_FAULT) {
    return failed.length === 0 ? verdict("baseline_pass", `all ${report.executed} passed on the correct service`) : verdict("baseline_fail", `${failed.length} failed on the correct service: ${failed.map(describe).join("; ")}`);
  }
  const fault = context.faults[report.fault];
  if (!fault) return verdict("unknown_fault", `fault ${report.fault} is not one of ${Object.keys(context.faults).join(", ") || "(none)"}`);
  if (failed.length === 0) return verdict("defect_missed", `all ${report.executed} passed on ${report.fault}`);
  if (!context.coverage) {
    return { ...verdict("defect_detected", `${failed.map(describe).join("; ")} (no coverage: not attributed)`, failed.map((r) => r.test)), attributed: false };
  }
  const attributed = failed.filter((r) => r.branches.some((b) => fault.branches.includes(b)));
  if (attributed.length === 0) {
    return verdict("defect_detected_unattributed", `${failed.length} failed, none reached ${fault.branches.join(" / ")}: ${failed.map(describe).join("; ")}`);
  }
  return verdict("defect_detected", attributed.map(describe).join("; "), attributed.map((r) => r.test));
}
function incompleteReason(report) {
  if (report.planned <= 0) return `planned ${report.planned}: nothing to run`;
  if (!report.complete) return "the report says it is not complete";
  if (report.blocked) return "the report says it was blocked";
  if (report.executed !== report.planned) return `executed ${report.executed} of ${report.planned} planned`;
  if (report.records.length !== report.executed) return `${report.records.length} records for ${report.executed} executed`;
  const seen = /* @__PURE__ */ new Set();
  for (const r of report.records) {
    if (seen.has(r.test)) return `test id ${r.test} appears twice`;
    seen.add(r.test);
  }
  return void 0;
}
function describe(record) {
  return `${record.test} (${record.assertion ?? record.status}${record.traceback ? `: ${record.traceback}` : ""})`;
}
var short = (hash) => hash ? hash.slice(0, 12) : "(none)";

export {
  NO_FAULT,
  loadFixture,
  mustBeInside,
  hashProtected,
  copyFixture,
  variantSha256,
  variantsOf,
  judge
};
