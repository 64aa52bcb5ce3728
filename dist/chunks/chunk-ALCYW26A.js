import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  Acceptance,
  configProblems,
  problemsError
} from "./chunk-TBNYVKTQ.js";
import {
  FIXTURE_SECTIONS,
  SERVICE_STAND_INS,
  described,
  external_exports,
  sectionOf
} from "./chunk-4W3VKHJE.js";
import {
  hashFiles,
  linkTarget,
  linksMatching,
  matchFiles,
  readTextFile,
  sha256,
  sha256Manifest
} from "./chunk-NYMU3U3S.js";
import {
  UserInputError,
  nearest
} from "./chunk-ILF6MLZN.js";

// src/util/json-config.ts
function readJsonConfig(schema, text, file) {
  try {
    return { ok: true, data: parseJsonConfig(schema, text, file) };
  } catch (e) {
    if (!(e instanceof UserInputError)) throw e;
    return { ok: false, problems: e.message.split("\n").map((line) => line.trim()) };
  }
}
function parseJsonConfig(schema, text, file) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const { line, message } = syntaxError(text, e);
    throw new UserInputError(`${file}${line ? `:${line}` : ""}`, "", `not valid JSON: ${message}`);
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw problemsError(file, configProblems(schema, parsed.error, text));
}
function syntaxError(text, error) {
  const message = error.message.replace(/^JSON\.parse: /, "");
  const position = /at position (\d+)/.exec(message)?.[1];
  const atEnd = /Unexpected end of JSON input/.test(message);
  const offset = position !== void 0 ? Number(position) : atEnd ? text.length : void 0;
  if (offset === void 0) return { message };
  const line = text.slice(0, offset).split("\n").length;
  return { line, message: message.replace(/ in JSON at position \d+( \(line \d+ column \d+\))?/, "") };
}

// src/fixture/load.ts
import { access, cp, mkdir, readdir, realpath, stat, symlink } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";

// src/schemas/fixture.ts
var ServiceSpec = external_exports.strictObject({
  command: external_exports.array(external_exports.string()).min(1).register(...described("argv of the service process, run from the fixture directory; PORT is set to a free port.")),
  faultEnv: external_exports.string().regex(/^[A-Z_][A-Z0-9_]*$/, "an environment variable name in capitals, e.g. TALLY_FAULT").register(...described("The environment variable that selects the variant; it reaches the service process only.")),
  health: external_exports.string().startsWith("/", "a path that starts with /, e.g. /health").default("/health").register(...described("Readiness probe path, answered 200 once the service accepts requests.")),
  startTimeoutMs: external_exports.number().int().positive().default(1e4).register(...described("Milliseconds the service has to answer `health`; past it the variant did not start (an environment error).")),
  coverage: external_exports.boolean().default(false).register(
    ...described`
        The service speaks trialgate's control channel (reset, branch coverage; see docs/fixture.md). Without it, a
        variant is started fresh for each acceptance run and a detection is any assertion failure on it, shown as not
        attributed; fault branches and targets need it.
      `
  ),
  stateProbe: external_exports.array(external_exports.string().startsWith("/")).default([]).register(
    ...described`
        GET paths whose answers together show the service's whole observable state. With coverage they let trialgate
        prove that a reset equals a fresh start, and then keep one service per variant for a whole run, reset between
        uses (docs/fixture.md); without them every use starts the service afresh.
      `
  ),
  files: external_exports.array(external_exports.string()).min(1).register(...described("Service files whose hash, with the fault id, is the variant's hash."))
});
var FaultSpec = external_exports.strictObject({
  label: external_exports.string().min(1).register(...described('What the defect does, as a PR comment shows it: "duplicate request reserves twice (idempotency)".')),
  branches: external_exports.array(external_exports.string()).default([]).register(...described("Business branches where the defect lives (needs coverage): a failed case that reached one is attributed to it."))
});
var FixtureManifest = external_exports.strictObject({
  $schema: external_exports.string().optional().register(...described("The JSON Schema an editor checks the file against and explains its fields from: dist/schemas/fixture.schema.json.")),
  version: external_exports.literal(1, 'this trialgate reads version 1 of fixture.json: write "version": 1 (a newer version needs a newer trialgate)').register(...described("The version of this file format: 1.")),
  id: external_exports.string().min(1).register(...described("The fixture's name.")),
  title: external_exports.string().min(1).register(...described("What the task is about, in one line.")),
  service: ServiceSpec.optional().register(
    ...described("The service under test with its defect variants; a code fixture starts the candidate's code instead.")
  ),
  faults: external_exports.record(external_exports.string(), FaultSpec).default({}).register(
    ...described(
      "Fault id \u2192 the defect: each a variant of the service (its faultEnv set to the id) the candidate must catch; a tools fixture's are boundaries."
    )
  ),
  targets: external_exports.array(external_exports.string()).default([]).register(...described("Branches the candidate's cases must reach on the correct service (format layer).")),
  include: external_exports.array(external_exports.string().regex(/^(\.\.\/)+[^.]/, "a relative path that starts with ../")).default([]).register(
    ...described`
          Directories outside the fixture that it uses (e.g. \`../inventory/service\`, a service another fixture
          ships): protected and hashed with the fixture, and copied beside it wherever the fixture is copied.
        `
  ),
  readable: external_exports.array(external_exports.string().min(1)).default([]).register(
    ...described`
          Directories the service and the acceptor run with that are neither the fixture nor the system (a virtualenv,
          the project's node_modules): shown read-only to them, at the same place relative to the fixture (or at the
          same absolute path), never hashed or copied. Isolated, nothing else of the host is there.
        `
  ),
  protected: external_exports.array(external_exports.string()).min(1).register(...described("Globs (relative to the fixture) the agent may not change; their hash is the fixture hash.")),
  reference: external_exports.string().default("reference").register(...described("Directory of the reference answers (the candidate `trialgate validate` runs), never under inputs/.")),
  acceptance: Acceptance.optional().register(
    ...described("The fixture's own acceptor; a task in trialgate.yml uses it unless it names another. Default http-cases.")
  ),
  // Each kind's own section, under its key (schemas/kinds.ts).
  ...FIXTURE_SECTIONS
}).check((ctx) => {
  const { service, acceptance } = ctx.value;
  const section = sectionOf(ctx.value);
  if (!service && !section?.kind.section?.standsInForService)
    ctx.issues.push({ code: "custom", path: ["service"], input: ctx.value, message: `a fixture needs its service${SERVICE_STAND_INS}` });
  const needed = section?.kind.section?.acceptanceNeeded;
  if (section && needed && acceptance?.kind !== section.kind.name)
    ctx.issues.push({ code: "custom", path: ["acceptance"], input: acceptance, message: needed });
});

// src/util/tool-caches.ts
var CACHE_DIRECTORIES = /* @__PURE__ */ new Set(["__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache"]);
function inToolCache(path) {
  const parts = path.split("/");
  return parts.some((part, i) => CACHE_DIRECTORIES.has(part) || part === ".cache" && parts[i - 1] === "node_modules");
}

// src/fixture/load.ts
var NO_FAULT = "none";
async function loadFixture(dir, project) {
  const root = resolve(dir);
  const manifestPath = join(root, "fixture.json");
  if (project) await mustBeInside(project, root, root, "the fixture directory");
  try {
    await access(manifestPath);
  } catch {
    if (!await exists(root)) throw new UserInputError(root, "fixture.json", `no such directory${await nearestFixture(root, project)}`);
    throw new UserInputError(root, "fixture.json", "no fixture here: a fixture directory holds fixture.json, inputs/ and task.txt (see docs/fixture.md)");
  }
  const manifest = parseJsonConfig(FixtureManifest, await readTextFile(manifestPath), manifestPath);
  const problems = [];
  for (const [i, included] of manifest.include.entries()) {
    if (!await exists(resolve(root, included)))
      problems.push(new UserInputError(manifestPath, `include[${i}]`, `${included} does not exist next to the fixture`));
    else if (project) await mustBeInside(project, resolve(root, included), manifestPath, `include[${i}]`);
  }
  for (const sub of ["inputs", "task.txt"]) {
    if (!await exists(join(root, sub))) problems.push(new UserInputError(root, sub, `a fixture needs ${sub} (see docs/fixture.md)`));
  }
  const paths = sectionPaths(manifest);
  for (const [field, dir2] of paths.answers) {
    if (!(await stat(resolve(root, dir2)).catch(() => null))?.isDirectory())
      problems.push(new UserInputError(manifestPath, field, `${dir2} is not a directory of the fixture: create it, or name the directory that holds them`));
  }
  problems.push(...coverageProblems(manifest, manifestPath));
  const readable = [];
  for (const [i, path] of manifest.readable.entries()) {
    const at = resolve(root, path);
    const target = await realpath(at).catch(() => void 0);
    if (!target || !(await stat(target)).isDirectory()) {
      problems.push(
        new UserInputError(
          manifestPath,
          `readable[${i}]`,
          `${path} is not a directory next to the fixture (${at}); create it first (e.g. npm ci, python3 -m venv, or a Go build cache: GOCACHE=<it> go build \u2026, as trialgate init prints), or remove it`
        )
      );
    } else readable.push({ target, at });
  }
  const variantFiles = manifest.service ? { field: "service.files", globs: manifest.service.files } : paths.variantFiles;
  const serviceFiles = await fixtureFiles(root, variantFiles.globs);
  if (serviceFiles.length === 0) problems.push(new UserInputError(manifestPath, variantFiles.field, `no file matches ${variantFiles.globs.join(", ")}`));
  const realRoot = await realpath(root);
  for (const link of linksMatching(root, protectedGlobs(manifest)).filter((path) => !inToolCache(path))) {
    const target = await realpath(join(root, link)).catch(() => null);
    if (target && isInside(realRoot, target)) continue;
    problems.push(
      new UserInputError(
        manifestPath,
        "protected",
        `${link} is a symbolic link (to ${linkTarget(join(root, link))}) that leads outside the fixture: a fixture's files must be its own, for its hash to show every change; copy the file into the fixture`
      )
    );
  }
  if (problems.length) throw joinProblems(problems);
  const protectedFiles = await hashProtected(root, manifest);
  return {
    dir: root,
    root: fixtureRoot(root, manifest),
    manifest,
    sha256: sha256Manifest(protectedFiles),
    protectedFiles,
    serviceSha256: sha256Manifest(await hashFiles(root, serviceFiles)),
    readable
  };
}
function readableMounts(fixture) {
  return fixture.readable.flatMap(({ target, at }) => [{ path: target }, ...at !== target && !isInside(fixture.root, at) ? [{ path: target, at }] : []]);
}
function isInside(dir, path) {
  const rel = relative(dir, path);
  return rel === "" || !rel.startsWith("..") && !isAbsolute(rel);
}
function coverageProblems(manifest, manifestPath) {
  if (manifest.service?.coverage) return [];
  const problems = [];
  if (manifest.targets.length) {
    problems.push(
      new UserInputError(
        manifestPath,
        "targets",
        "target branches need coverage: set service.coverage to true (the service speaks the control channel) or remove targets"
      )
    );
  }
  for (const [id, fault] of Object.entries(manifest.faults)) {
    if (fault.branches.length) {
      problems.push(
        new UserInputError(
          manifestPath,
          `faults.${id}.branches`,
          "branches attribute a detection through coverage: set service.coverage to true or remove them"
        )
      );
    }
  }
  return problems;
}
function joinProblems([first, ...rest]) {
  if (rest.length === 0) return first;
  return new UserInputError(first.file, first.field, `${first.expected}${rest.map((p) => `
  ${p.message}`).join("")}`);
}
async function nearestFixture(root, project) {
  const entries = await readdir(dirname(root), { withFileTypes: true }).catch(() => []);
  const fixtures = [];
  for (const entry of entries) if (entry.isDirectory() && await exists(join(dirname(root), entry.name, "fixture.json"))) fixtures.push(entry.name);
  const meant = nearest(basename(root), fixtures);
  if (!meant) return "";
  const path = join(dirname(root), meant);
  return `; did you mean ${project ? relative(project, path) : path}?`;
}
var exists = (path) => access(path).then(
  () => true,
  () => false
);
async function mustBeInside(project, path, file, field) {
  const [real, realProject] = await Promise.all([realpath(path).catch(() => resolve(path)), realpath(project).catch(() => resolve(project))]);
  const rel = relative(realProject, real);
  if (rel === "" || !rel.startsWith("..") && !isAbsolute(rel)) return;
  throw new UserInputError(
    file,
    field,
    `${path} resolves to ${real}, outside the project ${realProject}; fixtures and every path trialgate reads from the configuration must stay inside the project`
  );
}
async function hashProtected(root, manifest) {
  return hashFiles(root, await fixtureFiles(root, protectedGlobs(manifest)));
}
async function unprotectedDefinition(fixture) {
  const { manifest } = fixture;
  const paths = sectionPaths(manifest);
  const globs = [
    "fixture.json",
    "task.txt",
    "inputs/**",
    ...manifest.service?.files ?? paths.variantFiles?.globs ?? [],
    ...paths.given.map((dir) => `${dir}/**`)
  ];
  const files = (await fixtureFiles(fixture.dir, globs)).filter((file) => !(file in fixture.protectedFiles));
  return hashFiles(fixture.dir, files);
}
function protectedGlobs(manifest) {
  return [...manifest.protected, ...manifest.include.map((dir) => `${dir}/**`), ...sectionPaths(manifest).protectedDirs.map((dir) => `${dir}/**`)];
}
async function fixtureFiles(root, globs) {
  return (await matchFiles(root, globs)).filter((path) => !inToolCache(path));
}
function sectionPaths(manifest) {
  const section = sectionOf(manifest);
  if (section?.kind.section) return section.kind.section.paths(section.value);
  return { answers: [["reference", manifest.reference]], protectedDirs: [], given: [] };
}
function serviceOf(fixture, kind) {
  if (fixture.manifest.service) return fixture.manifest.service;
  throw new UserInputError(join(fixture.dir, "fixture.json"), "service", `${kind} acceptance runs against the fixture's service: declare it (docs/fixture.md)`);
}
function includeDepth(manifest, readable = false) {
  const paths = [...manifest.include, ...readable ? manifest.readable.filter((p) => !isAbsolute(p)) : []];
  return Math.max(0, ...paths.map((p) => p.split("/").filter((part) => part === "..").length));
}
function fixtureRoot(dir, manifest) {
  let root = dir;
  for (let i = 0; i < includeDepth(manifest); i++) root = dirname(root);
  return root;
}
async function copyFixture(fixture, dir) {
  const copy = join(dir, ...fixture.dir.split(sep).slice(-(includeDepth(fixture.manifest, true) + 1)));
  const copyOf = (from, to) => cp(from, to, { recursive: true, filter: (source) => !inToolCache(relative(from, source).split(sep).join("/")) });
  await copyOf(fixture.dir, copy);
  for (const included of fixture.manifest.include) await copyOf(resolve(fixture.dir, included), resolve(copy, included));
  for (const [i, path] of fixture.manifest.readable.entries()) {
    const link = resolve(copy, path);
    if (isAbsolute(path) || await exists(link)) continue;
    await mkdir(dirname(link), { recursive: true });
    await symlink(fixture.readable[i].target, link);
  }
  return loadFixture(copy);
}
function variantSha256(fixture, fault) {
  return sha256(`${fixture.serviceSha256}\0${fault}`);
}
function variantsOf(fixture, faults) {
  return [NO_FAULT, ...faults ?? Object.keys(fixture.manifest.faults)];
}

// src/judge/judge.ts
function failsTest(record, rule = "assertion") {
  return record.status === "failed" || rule === "exception" && record.status === "error" && record.error_in === "test";
}
function judge(report, context) {
  const rule = context.failing ?? "assertion";
  const counted = context.notCounted?.size ? report.records.filter((r) => !context.notCounted.has(r.test)) : report.records;
  const first = counted.find((r) => r.status !== "passed");
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
  const notRun = counted.filter((r) => r.status !== "passed" && !failsTest(r, rule));
  if (notRun.length > 0) {
    const first2 = notRun[0];
    return verdict(
      "execution_error_or_skip",
      `${notRun.length} of ${report.executed} ${notRun.length === 1 ? "record" : "records"} ${first2.status}: ${first2.test}${first2.traceback ? `: ${first2.traceback}` : ""}`
    );
  }
  const failed = counted.filter((r) => failsTest(r, rule));
  if (report.fault === NO_FAULT) {
    return failed.length === 0 ? verdict("baseline_pass", `all ${counted.length} passed on the correct service${leftOut(report.records.length - counted.length)}`) : verdict("baseline_fail", `${failed.length} failed on the correct service: ${failed.map(describe).join("; ")}`);
  }
  const fault = context.faults[report.fault];
  if (!fault) return verdict("unknown_fault", `fault ${report.fault} is not one of ${Object.keys(context.faults).join(", ") || "(none)"}`);
  if (failed.length === 0) return verdict("defect_missed", `all ${report.executed} passed on ${report.fault}`);
  if (!context.coverage) {
    return {
      ...verdict(
        "defect_detected",
        `${failed.map(describe).join("; ")} (no coverage: not attributed)`,
        failed.map((r) => r.test)
      ),
      attributed: false
    };
  }
  const attributed = failed.filter((r) => r.branches.some((b) => fault.branches.includes(b)));
  if (attributed.length === 0) {
    return verdict("defect_detected_unattributed", `${failed.length} failed, none reached ${fault.branches.join(" / ")}: ${failed.map(describe).join("; ")}`);
  }
  return verdict(
    "defect_detected",
    attributed.map(describe).join("; "),
    attributed.map((r) => r.test)
  );
}
var leftOut = (n) => n > 0 ? ` (${n} not counted: the reference did not pass ${n === 1 ? "it" : "them"})` : "";
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
  const what = record.assertion ?? (record.status === "error" && record.error_in === "test" ? `raised ${record.exception ?? "an exception"}` : record.status);
  return `${record.test} (${what}${record.traceback ? `: ${record.traceback}` : ""})`;
}
var short = (hash) => hash ? hash.slice(0, 12) : "(none)";

export {
  readJsonConfig,
  parseJsonConfig,
  inToolCache,
  NO_FAULT,
  loadFixture,
  readableMounts,
  mustBeInside,
  hashProtected,
  unprotectedDefinition,
  sectionPaths,
  serviceOf,
  copyFixture,
  variantSha256,
  variantsOf,
  failsTest,
  judge
};
