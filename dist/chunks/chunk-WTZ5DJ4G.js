import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  readTrialSetFile
} from "./chunk-YUOH27J5.js";
import {
  getInput,
  info,
  notice,
  setFailed,
  setOutput,
  setSecret,
  summary,
  warning
} from "./chunk-JM7O32LC.js";
import {
  MIN_SECRET_LENGTH,
  Scrubber,
  heldTokens
} from "./chunk-RRV7J5M2.js";
import {
  external_exports
} from "./chunk-OVH43LBJ.js";
import {
  require_picomatch
} from "./chunk-UQJK2C22.js";
import {
  firstIssue,
  issuePath
} from "./chunk-EMQXSGHT.js";
import {
  __toESM
} from "./chunk-HZGLYA5U.js";

// src/github/shards.ts
var ShardSetError = class extends Error {
  constructor(count, missing, duplicated, mismatched) {
    const parts = [
      missing.length ? `missing shard${missing.length > 1 ? "s" : ""} ${missing.map((i) => `${i}/${count}`).join(", ")}` : "",
      duplicated.length ? `shard ${duplicated.map((i) => `${i}/${count}`).join(", ")} uploaded more than once` : "",
      mismatched.length ? `artefacts for another shard count: ${mismatched.join(", ")}` : ""
    ].filter(Boolean);
    super(`${parts.join("; ")}; every job of the matrix must upload its shard (shard: i/${count} for i = 1..${count})`);
    this.count = count;
    this.missing = missing;
    this.duplicated = duplicated;
    this.mismatched = mismatched;
  }
  count;
  missing;
  duplicated;
  mismatched;
  name = "ShardSetError";
};
function shardArtifactName(name, index, count) {
  return `${name}-shard-${index}-of-${count}`;
}
function shardTrialsArtifactName(name, index, count) {
  return `${shardArtifactName(name, index, count)}-trials`;
}
function checkShards(artifacts, name, count) {
  const prefix = `${name}-shard-`;
  const found = /* @__PURE__ */ new Map();
  const mismatched = [];
  for (const artifact of artifacts) {
    if (!artifact.name.startsWith(prefix) || artifact.expired) continue;
    const m = /^(\d+)-of-(\d+)$/.exec(artifact.name.slice(prefix.length));
    if (!m) continue;
    const index = Number(m[1]);
    if (Number(m[2]) !== count || index < 1 || index > count) {
      mismatched.push(artifact.name);
      continue;
    }
    found.set(index, [...found.get(index) ?? [], artifact]);
  }
  const indexes = Array.from({ length: count }, (_, i) => i + 1);
  const missing = indexes.filter((i) => !found.has(i));
  const duplicated = indexes.filter((i) => (found.get(i)?.length ?? 0) > 1);
  if (missing.length || duplicated.length) throw new ShardSetError(count, missing, duplicated, mismatched);
  return indexes.map((index) => ({ index, artifact: found.get(index)[0] }));
}

// src/github/event.ts
import { readFile } from "node:fs/promises";
var Repository = external_exports.object({ full_name: external_exports.string(), default_branch: external_exports.string() });
var PullRequestPayload = external_exports.object({
  pull_request: external_exports.object({
    number: external_exports.number().int(),
    changed_files: external_exports.number().int().optional(),
    base: external_exports.object({ ref: external_exports.string(), sha: external_exports.string() }),
    head: external_exports.object({ ref: external_exports.string(), sha: external_exports.string(), repo: external_exports.object({ full_name: external_exports.string() }).nullable() })
  }),
  repository: Repository
});
var PushPayload = external_exports.object({ ref: external_exports.string(), after: external_exports.string(), repository: Repository });
function parseEvent(name, payload) {
  if (name === "pull_request" || name === "pull_request_target") {
    const { pull_request: pr, repository } = parsePayload(PullRequestPayload, payload, name);
    return {
      kind: "pull_request",
      number: pr.number,
      baseRef: pr.base.ref,
      baseSha: pr.base.sha,
      headSha: pr.head.sha,
      ...pr.changed_files === void 0 ? {} : { changedFiles: pr.changed_files },
      fromFork: pr.head.repo?.full_name !== repository.full_name,
      repository: repository.full_name,
      defaultBranch: repository.default_branch
    };
  }
  if (name === "push") {
    const push = parsePayload(PushPayload, payload, name);
    const branch = push.ref.startsWith("refs/heads/") ? push.ref.slice("refs/heads/".length) : null;
    return { kind: "push", branch, sha: push.after, repository: push.repository.full_name, defaultBranch: push.repository.default_branch };
  }
  return { kind: "other", name };
}
function recordsBaseline(event, branches) {
  if (event.kind !== "push" || event.branch === null) return false;
  return branches.length ? branches.includes(event.branch) : event.branch === event.defaultBranch;
}
async function readEvent(env = process.env) {
  const name = env.GITHUB_EVENT_NAME;
  const path = env.GITHUB_EVENT_PATH;
  if (!name || !path) throw new Error("GITHUB_EVENT_NAME and GITHUB_EVENT_PATH are not set: run this inside GitHub Actions");
  return parseEvent(name, JSON.parse(await readFile(path, "utf8")));
}
function parsePayload(schema, payload, name) {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new Error(`${name} event payload: ${issue ? issue.path.join(".") : ""}: ${issue?.message ?? "invalid"}`);
}

// src/action/start.ts
import { relative, resolve as resolve2 } from "node:path";

// src/github/changes.ts
var import_picomatch = __toESM(require_picomatch(), 1);
var PR_FILES_LIMIT = 3e3;
function decideOnChanges(opts) {
  const isWatched = (0, import_picomatch.default)([...opts.watch], { dot: true });
  const config = normalize(opts.configPath);
  const watched = [];
  let configChanged = false;
  for (const file of opts.files) {
    for (const path of [file.filename, file.previous_filename]) {
      if (path === void 0) continue;
      if (path === config) configChanged = true;
      if ((path === config || isWatched(path)) && !watched.includes(path)) watched.push(path);
    }
  }
  const truncated = opts.changedCount === void 0 ? opts.files.length >= PR_FILES_LIMIT : opts.files.length < opts.changedCount;
  const base = { watched, configChanged };
  if (opts.force) return { run: true, reason: "the force input is set", ...base };
  if (configChanged) return { run: true, reason: `the trial-set config ${config} changed`, ...base };
  if (watched.length) return { run: true, reason: `${watched.length} watched file${watched.length > 1 ? "s" : ""} changed: ${watched.slice(0, 5).join(", ")}${watched.length > 5 ? ", \u2026" : ""}`, ...base };
  if (truncated) return { run: true, reason: `GitHub listed ${opts.files.length} of the PR's ${opts.changedCount ?? "more than " + PR_FILES_LIMIT} changed files, so a watched change cannot be ruled out`, ...base };
  return { run: false, reason: `none of the ${opts.files.length} changed files matches the watched paths (${opts.watch.join(", ") || "none"}) or ${config}`, ...base };
}
function normalize(path) {
  return path.replace(/\\/g, "/").replace(/^\.\//, "");
}

// src/github/client.ts
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { tmpdir } from "node:os";
var ChangedFile = external_exports.object({
  filename: external_exports.string(),
  status: external_exports.string(),
  /** Set for renames: the path the file had on the base branch. */
  previous_filename: external_exports.string().optional()
});
var WorkflowRun = external_exports.object({
  id: external_exports.number().int(),
  workflow_id: external_exports.number().int(),
  head_sha: external_exports.string(),
  head_branch: external_exports.string().nullable(),
  event: external_exports.string(),
  status: external_exports.string().nullable(),
  conclusion: external_exports.string().nullable(),
  created_at: external_exports.string(),
  html_url: external_exports.string(),
  /** null when the head repository was deleted (a fork gone); never trusted as this repository. */
  head_repository: external_exports.object({ full_name: external_exports.string() }).nullable().optional()
});
var RunArtifact = external_exports.object({
  id: external_exports.number().int(),
  name: external_exports.string(),
  size_in_bytes: external_exports.number(),
  expired: external_exports.boolean(),
  created_at: external_exports.string().nullable(),
  expires_at: external_exports.string().nullable().optional(),
  /** `sha256:<hex>` of the archive, when GitHub recorded one. */
  digest: external_exports.string().nullable().optional()
});
var IssueComment = external_exports.object({
  id: external_exports.number().int(),
  body: external_exports.string().optional(),
  user: external_exports.object({ login: external_exports.string() }).nullable(),
  html_url: external_exports.string()
});
var GitHubResponseError = class extends Error {
  name = "GitHubResponseError";
};
function httpStatus(error) {
  const status = error?.status;
  return typeof status === "number" ? status : void 0;
}
var PER_PAGE = 100;
var PROXY_VARIABLES = ["https_proxy", "HTTPS_PROXY", "http_proxy", "HTTP_PROXY"];
var GitHubClient = class _GitHubClient {
  constructor(repo, token, runId, apiUrl = process.env.GITHUB_API_URL ?? "https://api.github.com") {
    this.repo = repo;
    this.token = token;
    this.runId = runId;
    this.apiUrl = apiUrl;
  }
  repo;
  token;
  runId;
  apiUrl;
  octokitClient;
  artifactClient;
  rest() {
    return this.octokitClient ??= import("./github-5CSTQ2F5.js").then(({ getOctokit }) => getOctokit(this.token, { baseUrl: this.apiUrl }));
  }
  artifacts() {
    return this.artifactClient ??= import("./artifact-N56KFNLC.js").then(({ DefaultArtifactClient }) => new DefaultArtifactClient());
  }
  /** A client for the repository and run named by the runner's environment. */
  static fromEnv(token, env = process.env) {
    const [owner, repo] = (env.GITHUB_REPOSITORY ?? "").split("/");
    const runId = Number(env.GITHUB_RUN_ID);
    if (!owner || !repo) throw new Error("GITHUB_REPOSITORY is not set to owner/name: run this inside GitHub Actions");
    if (!Number.isInteger(runId) || runId <= 0) throw new Error("GITHUB_RUN_ID is not set: run this inside GitHub Actions");
    return new _GitHubClient({ owner, repo }, token, runId, env.GITHUB_API_URL ?? "https://api.github.com");
  }
  get fullName() {
    return `${this.repo.owner}/${this.repo.repo}`;
  }
  /**
   * Every file a pull request changes (GitHub lists at most 3000). The first call of the action, and the
   * only one of a skipped pull request: made with node:http(s) and the Link header's pages, so that
   * deciding to skip never loads Octokit; through Octokit where a proxy is configured, which it honours.
   */
  async listPullRequestFiles(pullNumber) {
    const route = "GET pulls/{n}/files";
    if (PROXY_VARIABLES.some((name) => process.env[name])) {
      const octokit = await this.rest();
      const items = await octokit.paginate(octokit.rest.pulls.listFiles, { ...this.repo, pull_number: pullNumber, per_page: PER_PAGE });
      return items.map((item) => parse(ChangedFile, item, route));
    }
    const files = [];
    let next = `${this.apiUrl.replace(/\/$/, "")}/repos/${this.repo.owner}/${this.repo.repo}/pulls/${pullNumber}/files?per_page=${PER_PAGE}`;
    while (next) {
      const page = await getJson(next, this.token);
      if (!Array.isArray(page.body)) throw new GitHubResponseError(`GitHub API ${route}: unexpected response at (top level): expected an array`);
      for (const item of page.body) files.push(parse(ChangedFile, item, route));
      next = nextPage(page.link);
    }
    return files;
  }
  async getRun(runId) {
    const { data } = await (await this.rest()).rest.actions.getWorkflowRun({ ...this.repo, run_id: runId });
    return parse(WorkflowRun, data, "GET actions/runs/{id}");
  }
  /** Runs of a workflow (id or file name), newest first, filtered by GitHub; stops after `limit`. */
  async listWorkflowRuns(workflow, filter, limit) {
    const runs = [];
    const octokit = await this.rest();
    const pages = octokit.paginate.iterator(octokit.rest.actions.listWorkflowRuns, {
      ...this.repo,
      workflow_id: workflow,
      ...filter,
      exclude_pull_requests: true,
      per_page: PER_PAGE
    });
    for await (const page of pages) {
      for (const item of page.data) runs.push(parse(WorkflowRun, item, "GET actions/workflows/{id}/runs"));
      if (runs.length >= limit) break;
    }
    return runs.slice(0, limit);
  }
  /** How many commits `head` is ahead of `base`; null when GitHub cannot compare them. */
  async commitsAhead(base, head) {
    try {
      const { data } = await (await this.rest()).rest.repos.compareCommitsWithBasehead({ ...this.repo, basehead: `${base}...${head}`, per_page: 1 });
      return typeof data.ahead_by === "number" ? data.ahead_by : null;
    } catch (error) {
      if (httpStatus(error) === 404) return null;
      throw error;
    }
  }
  /** A run's artefacts, optionally only those with exactly `name`. */
  async listRunArtifacts(runId, name) {
    const octokit = await this.rest();
    const items = await octokit.paginate(octokit.rest.actions.listWorkflowRunArtifacts, {
      ...this.repo,
      run_id: runId,
      per_page: PER_PAGE,
      ...name === void 0 ? {} : { name }
    });
    return items.map((item) => parse(RunArtifact, item, "GET actions/runs/{id}/artifacts"));
  }
  /**
   * The artefacts of shards 1..count of `name` in run `runId`, in shard order, each with the artefact of
   * its trial directories where it has one. Throws ShardSetError naming each missing or duplicated shard.
   */
  async listShardArtifacts(name, runId, count) {
    const artifacts = await this.listRunArtifacts(runId);
    return checkShards(artifacts, name, count).map((shard) => {
      const trials = artifacts.find((a) => !a.expired && a.name === shardTrialsArtifactName(name, shard.index, count));
      return trials ? { ...shard, trials } : shard;
    });
  }
  /** The page a reader opens to download artefact `id` of this run. */
  artifactUrl(id) {
    return `${process.env.GITHUB_SERVER_URL ?? "https://github.com"}/${this.fullName}/actions/runs/${this.runId}/artifacts/${id}`;
  }
  async listIssueComments(issue) {
    const octokit = await this.rest();
    const items = await octokit.paginate(octokit.rest.issues.listComments, { ...this.repo, issue_number: issue, per_page: PER_PAGE });
    return items.map((item) => parse(IssueComment, item, "GET issues/{n}/comments"));
  }
  async createComment(issue, body) {
    const { data } = await (await this.rest()).rest.issues.createComment({ ...this.repo, issue_number: issue, body });
    return parse(IssueComment, data, "POST issues/{n}/comments");
  }
  async updateComment(commentId, body) {
    const { data } = await (await this.rest()).rest.issues.updateComment({ ...this.repo, comment_id: commentId, body });
    return parse(IssueComment, data, "PATCH issues/comments/{id}");
  }
  /** Upload `files` (absolute, under `root`) as one artefact of this run. */
  async uploadArtifact(name, root, files, retentionDays) {
    const { id, size } = await (await this.artifacts()).uploadArtifact(name, [...files], resolve(root), { retentionDays });
    if (id === void 0) throw new GitHubResponseError(`upload of artefact ${name}: GitHub returned no artefact id`);
    return { id, size: size ?? 0, url: this.artifactUrl(id) };
  }
  /**
   * Download an artefact of any run of this repository and extract it into `destination`; returns the
   * files written. Throws CorruptZipError for a damaged archive or a digest that does not match.
   * The raw zip is fetched (skipDecompress) and extracted here, because the library's own extractor
   * retries a corrupt archive for minutes before it gives up.
   */
  async downloadArtifact(artifact, destination) {
    const { CorruptZipError, extractZip } = await import("./unzip-IQU4YB3Y.js");
    const staging = await mkdtemp(join(process.env.RUNNER_TEMP ?? tmpdir(), "trialgate-artifact-"));
    try {
      const { digestMismatch } = await (await this.artifacts()).downloadArtifact(artifact.id, {
        path: staging,
        skipDecompress: true,
        ...artifact.digest ? { expectedHash: artifact.digest } : {},
        findBy: { token: this.token, workflowRunId: artifact.runId, repositoryOwner: this.repo.owner, repositoryName: this.repo.repo }
      });
      if (digestMismatch) throw new CorruptZipError(`archive does not match its recorded digest ${artifact.digest}`);
      const [archive, ...others] = await readdir(staging);
      if (!archive || others.length) throw new CorruptZipError(`expected one archive, the download produced ${others.length + (archive ? 1 : 0)} files`);
      return await extractZip(join(staging, archive), destination);
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }
};
async function getJson(url, token) {
  const headers = { accept: "application/vnd.github+json", authorization: `token ${token}`, "user-agent": "trialgate", "x-github-api-version": "2022-11-28" };
  const { get } = url.startsWith("https:") ? await import("node:https") : await import("node:http");
  return new Promise((resolve3, reject) => {
    const request = get(url, { headers, timeout: 3e4 }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const text2 = Buffer.concat(chunks).toString("utf8");
        const status = response.statusCode ?? 0;
        let body;
        try {
          body = JSON.parse(text2);
        } catch {
          body = text2;
        }
        if (status < 200 || status > 299) {
          const message = body?.message;
          reject(Object.assign(new Error(`GitHub API GET ${new URL(url).pathname}: ${status} ${typeof message === "string" ? message : text2.slice(0, 200)}`), { status }));
        } else resolve3({ body, link: [response.headers.link ?? []].flat().join(", ") || void 0 });
      });
    });
    request.on("timeout", () => request.destroy(new Error(`GitHub API GET ${new URL(url).pathname}: no answer within 30 s`)));
    request.on("error", reject);
  });
}
function nextPage(link) {
  return link?.split(",").map((part) => /<([^>]+)>;\s*rel="next"/.exec(part)?.[1]).find(Boolean);
}
function parse(schema, data, route) {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new GitHubResponseError(`GitHub API ${route}: unexpected response at ${issue ? issuePath(issue.path) || "(top level)" : "?"}: ${issue?.message ?? "invalid"}`);
}

// src/action/inputs.ts
var INPUT_NAMES = [
  "config",
  "github-token",
  "mode",
  "shard",
  "trials",
  "policy",
  "alpha",
  "fail-on",
  "fail-without-baseline",
  "baseline-runs",
  "baseline-branches",
  "baseline-workflow",
  "artifact-name",
  "retention-days",
  "confirm-trials",
  "force",
  "comment",
  "secret-env"
];
var INPUTS_FILE = "action input";
function invalid(ctx, value, expected, echo = true) {
  ctx.issues.push({ code: "custom", input: value, message: echo ? `${expected} (got "${value}")` : expected });
  return external_exports.NEVER;
}
var text = (fallback) => external_exports.string().transform((v) => v || fallback);
var optionalText = (pattern, expected) => external_exports.string().transform((v, ctx) => v === "" ? null : pattern.test(v) ? v : invalid(ctx, v, expected));
var oneOf = (values, fallback) => external_exports.string().transform((v, ctx) => v === "" ? fallback : values.includes(v) ? v : invalid(ctx, v, `one of ${values.join(" | ")}`));
var bool = (fallback) => external_exports.string().transform((v, ctx) => {
  if (v === "") return fallback;
  if (["true", "True", "TRUE"].includes(v)) return true;
  if (["false", "False", "FALSE"].includes(v)) return false;
  return invalid(ctx, v, "true or false");
});
function integer(v, min, max, ctx) {
  const n = /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n >= min && n <= max ? n : invalid(ctx, v, `an integer from ${min} to ${max}`);
}
var int = (min, max, fallback) => external_exports.string().transform((v, ctx) => v === "" ? fallback : integer(v, min, max, ctx));
var optionalInt = (min, max) => external_exports.string().transform((v, ctx) => v === "" ? null : integer(v, min, max, ctx));
var list = (item, expected) => external_exports.string().transform((v, ctx) => {
  const items = v.split(/[,\n]/).map((s) => s.trim()).filter(Boolean);
  const bad = items.find((s) => !item.test(s));
  return bad === void 0 ? items : invalid(ctx, bad, expected);
});
var RawSchema = external_exports.object({
  config: text("trialgate.yml"),
  "github-token": external_exports.string().transform((v, ctx) => v || invalid(ctx, v, "a token; leave the input unset to use the default ${{ github.token }}", false)),
  mode: oneOf(["run", "merge"], "run"),
  shard: external_exports.string(),
  trials: optionalInt(1, 1e3),
  policy: external_exports.string().transform((v, ctx) => {
    if (v === "statistical" || v === "history") return invalid(ctx, v, "auto, familywise or strict: statistical and history were replaced by familywise, which bounds false alarms over the whole suite");
    return v === "" ? "auto" : v === "auto" || v === "familywise" || v === "strict" ? v : invalid(ctx, v, "one of auto | familywise | strict");
  }),
  alpha: external_exports.string().transform((v, ctx) => {
    if (v === "") return null;
    const a = Number(v);
    return /^(0?\.\d+|\d+(\.\d+)?(e-?\d+)?)$/i.test(v) && a > 0 && a < 1 ? a : invalid(ctx, v, "a number between 0 and 1, such as 0.05");
  }),
  "fail-on": oneOf(["regression", "never"], "regression"),
  "fail-without-baseline": bool(false),
  "baseline-runs": int(1, 20, 6),
  "baseline-branches": list(/^[^\s~^:?*[\\]+$/, "branch names separated by commas or new lines"),
  "baseline-workflow": optionalText(/^(\d+|[\w.-]+\.ya?ml)$/, "a workflow file name such as trialgate.yml, or a workflow id"),
  "artifact-name": text("trialgate-results").pipe(
    external_exports.string().regex(/^[^":<>|*?\r\n\\/]+$/, 'an artefact name without " : < > | * ? \\ / or line breaks')
  ),
  "retention-days": int(1, 90, 30),
  "confirm-trials": optionalInt(0, 400),
  force: bool(false),
  comment: bool(true),
  "secret-env": list(/^[A-Za-z_][A-Za-z0-9_]*$/, "environment variable names separated by commas or new lines")
});
function parseInputs(raw) {
  const strings = Object.fromEntries(INPUT_NAMES.map((name) => [name, (raw[name] ?? "").trim()]));
  const parsed = RawSchema.safeParse(strings);
  if (!parsed.success) throw firstIssue(INPUTS_FILE, parsed.error);
  const p = parsed.data;
  const { shard, shardCount } = parseShard(p.mode, p.shard);
  return {
    config: p.config,
    githubToken: p["github-token"],
    mode: p.mode,
    shard,
    shardCount,
    trials: p.trials,
    policy: p.policy,
    alpha: p.alpha,
    failOn: p["fail-on"],
    failWithoutBaseline: p["fail-without-baseline"],
    baselineRuns: p["baseline-runs"],
    baselineBranches: p["baseline-branches"],
    baselineWorkflow: p["baseline-workflow"],
    artifactName: p["artifact-name"],
    retentionDays: p["retention-days"],
    confirmTrials: p["confirm-trials"],
    force: p.force,
    comment: p.comment,
    secretEnv: p["secret-env"]
  };
}
function parseShard(mode, value) {
  const fail = (expected) => {
    throw firstIssue(INPUTS_FILE, new external_exports.ZodError([{ code: "custom", path: ["shard"], input: value, message: `${expected} (got "${value}")` }]));
  };
  if (mode === "merge") {
    const n = /^\d+$/.test(value) ? Number(value) : NaN;
    return n >= 1 && n <= 256 ? { shard: null, shardCount: n } : fail("with mode merge, the number of shards to join, from 1 to 256");
  }
  if (value === "") return { shard: null, shardCount: null };
  const m = /^(\d+)\s*\/\s*(\d+)$/.exec(value);
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  return m && index >= 1 && count <= 256 && index <= count ? { shard: { index, count }, shardCount: null } : fail("i/n with 1 \u2264 i \u2264 n \u2264 256, such as 2/4");
}
function readRawInputs() {
  return Object.fromEntries(INPUT_NAMES.map((name) => [name, getInput(name)]));
}
function readInputs() {
  return parseInputs(readRawInputs());
}

// src/action/secrets.ts
import { readFile as readFile2, writeFile } from "node:fs/promises";
function collectSecrets(names, env, token) {
  const unset = [];
  const tooShort = [];
  const values = [...token ? [token] : [], ...heldTokens(env)];
  for (const name of names) {
    const value = env[name];
    if (!value) unset.push(name);
    else if (value.length < MIN_SECRET_LENGTH) tooShort.push(name);
    else values.push(value);
  }
  return { scrubber: new Scrubber(values), unset, tooShort };
}
function scrub(text2, secrets) {
  return secrets.scrubber.text(text2);
}
async function scrubFiles(files, secrets) {
  const changed = [];
  for (const file of files) {
    const original = await readFile2(file);
    const data = secrets.scrubber.bytes(original);
    if (data !== original) {
      await writeFile(file, data);
      changed.push(file);
    }
  }
  return changed;
}
function maskSecrets(secrets) {
  for (const pattern of secrets.scrubber.patterns) setSecret(pattern);
}

// src/action/start.ts
async function run() {
  try {
    const opening = await open();
    if (opening.event.kind === "pull_request" && !await watchedPathsChanged(opening)) return;
    const { runOpened } = await import("./main-OSZ5ISL4.js");
    await runOpened(opening);
  } catch (error) {
    setOutput("verdict", "error");
    setFailed(error instanceof Error ? error.message : String(error));
  }
}
async function open() {
  const inputs = readInputs();
  const workspace = process.env.GITHUB_WORKSPACE ?? process.cwd();
  const set = await readTrialSetFile(resolve2(workspace, inputs.config));
  const judgeKey = set.config.judge?.api_key_env;
  const secrets = collectSecrets([...inputs.secretEnv, ...judgeKey ? [judgeKey] : []], process.env, inputs.githubToken);
  maskSecrets(secrets);
  if (secrets.unset.length) warning(`secret-env names unset variables: ${secrets.unset.join(", ")}`);
  if (secrets.tooShort.length) warning(`secret-env values too short to scrub safely: ${secrets.tooShort.join(", ")}`);
  return { inputs, event: await readEvent(), client: GitHubClient.fromEnv(inputs.githubToken), secrets, set, workspace };
}
async function watchedPathsChanged(opening) {
  const event = opening.event;
  const { set, workspace } = opening;
  const setDir = relative(workspace, set.dir);
  const inRepo = (glob) => setDir ? `${setDir}/${glob}` : glob;
  const fixtures = set.config.tasks.map((task) => relative(workspace, resolve2(set.dir, task.fixture))).filter((dir) => dir && !dir.startsWith(".."));
  const decision = decideOnChanges({
    files: await opening.client.listPullRequestFiles(event.number),
    watch: [...set.config.watch.map(inRepo), ...fixtures.map((dir) => `${dir}/**`)],
    configPath: relative(workspace, set.file),
    ...event.changedFiles === void 0 ? {} : { changedCount: event.changedFiles },
    force: opening.inputs.force
  });
  if (decision.run) {
    info(`trialgate: ${decision.reason}`);
    return true;
  }
  notice(`trialgate skipped: ${decision.reason}`);
  await summary.addRaw(`### trialgate \xB7 ${set.config.name}

\u23ED\uFE0F Skipped: ${decision.reason}
`).write();
  setOutput("verdict", "skipped");
  setOutput("regressions", "0");
  return false;
}

export {
  shardArtifactName,
  shardTrialsArtifactName,
  httpStatus,
  recordsBaseline,
  scrub,
  scrubFiles,
  run
};
