import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  filesPulledIn
} from "./chunk-YUJUUIFZ.js";
import {
  secretsOf
} from "./chunk-BAEF6OTL.js";
import {
  external_exports
} from "./chunk-AJNZHUO4.js";
import {
  failUnlessReadMeanwhile
} from "./chunk-2XP4HRAI.js";
import {
  setSecret
} from "./chunk-3RXD5PBU.js";
import {
  writeNamedFile
} from "./chunk-KKIMH4NN.js";
import {
  readRegularFile
} from "./chunk-EYKO5LXT.js";
import {
  issuePath
} from "./chunk-JUOIWDMS.js";

// src/action/secrets.ts
function actionSecrets(inputs, set, env = process.env) {
  return secretsOf({ ...set, names: inputs.secretEnv, values: [inputs.githubToken] }, env);
}
function scrub(text, secrets) {
  return secrets.scrubber.text(text);
}
async function scrubFiles(files, secrets) {
  const changed = [];
  for (const file of files) {
    const original = await readRegularFile(file, Number.MAX_SAFE_INTEGER);
    const data = secrets.scrubber.bytes(original);
    if (data !== original) {
      await writeNamedFile(file, data);
      changed.push(file);
    }
  }
  return changed;
}
function maskSecrets(secrets) {
  for (const pattern of secrets.scrubber.patterns) setSecret(pattern);
}

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

// src/github/client.ts
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { tmpdir } from "node:os";

// src/github/rest.ts
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
var BranchTip = external_exports.object({ commit: external_exports.object({ sha: external_exports.string() }) });

// src/github/client.ts
var GitHubResponseError = class extends Error {
  name = "GitHubResponseError";
};
function httpStatus(error) {
  const status = error?.status;
  return typeof status === "number" ? status : void 0;
}
var PER_PAGE = 100;
var PROXY_VARIABLES = ["https_proxy", "HTTPS_PROXY", "http_proxy", "HTTP_PROXY"];
var SILENCE_MS = 3e4;
var GitHubClient = class _GitHubClient {
  constructor(repo, token, runId, apiUrl = process.env.GITHUB_API_URL ?? "https://api.github.com", silenceMs = SILENCE_MS) {
    this.repo = repo;
    this.token = token;
    this.runId = runId;
    this.apiUrl = apiUrl;
    this.silenceMs = silenceMs;
  }
  repo;
  token;
  runId;
  apiUrl;
  silenceMs;
  octokitClient;
  artifactClient;
  rest() {
    return this.octokitClient ??= import("./github-5CSTQ2F5.js").then(({ getOctokit }) => getOctokit(this.token, { baseUrl: this.apiUrl }));
  }
  artifacts() {
    return this.artifactClient ??= import("./artifact-OBPSV72F.js").then(({ DefaultArtifactClient }) => new DefaultArtifactClient());
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
      const page = await getJson(next, this.token, this.silenceMs);
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
  /** The commit a branch points at now (by the branches route, which no tag of the same name can answer); null: no such branch. */
  async branchTip(branch) {
    try {
      const { data } = await (await this.rest()).rest.repos.getBranch({ ...this.repo, branch });
      return parse(BranchTip, data, "GET branches/{branch}").commit.sha;
    } catch (error) {
      if (httpStatus(error) === 404) return null;
      throw error;
    }
  }
  /** Whether `commit` is `tip` or one of its ancestors; null when GitHub cannot compare them. */
  async inHistory(commit, tip) {
    try {
      const { data } = await (await this.rest()).rest.repos.compareCommitsWithBasehead({ ...this.repo, basehead: `${commit}...${tip}`, per_page: 1 });
      return typeof data.behind_by === "number" ? data.behind_by === 0 : null;
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
    const { CorruptZipError, extractZip } = await import("./unzip-SIU7U2AF.js");
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
async function getJson(url, token, silenceMs) {
  const headers = { accept: "application/vnd.github+json", authorization: `token ${token}`, "user-agent": "trialgate", "x-github-api-version": "2022-11-28" };
  const { get } = url.startsWith("https:") ? await import("node:https") : await import("node:http");
  return new Promise((resolve2, reject) => {
    let progress = 0;
    const request = get(url, { headers, timeout: silenceMs }, (response) => {
      progress += 1;
      const chunks = [];
      response.on("data", (chunk) => {
        progress += chunk.length;
        chunks.push(chunk);
      });
      response.on("error", reject);
      response.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        const status = response.statusCode ?? 0;
        let body;
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
        if (status < 200 || status > 299) {
          const message = body?.message;
          reject(
            Object.assign(new Error(`GitHub API GET ${new URL(url).pathname}: ${status} ${typeof message === "string" ? message : text.slice(0, 200)}`), {
              status
            })
          );
        } else resolve2({ body, link: [response.headers.link ?? []].flat().join(", ") || void 0 });
      });
    });
    request.on(
      "timeout",
      () => failUnlessReadMeanwhile(
        () => progress,
        () => request.destroy(new Error(`GitHub API GET ${new URL(url).pathname}: no answer within ${silenceMs / 1e3} s`))
      )
    );
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
  throw new GitHubResponseError(
    `GitHub API ${route}: unexpected response at ${issue ? issuePath(issue.path) || "(top level)" : "?"}: ${issue?.message ?? "invalid"}`
  );
}

// src/github/event.ts
import { readFile } from "node:fs/promises";
var Repository = external_exports.object({ full_name: external_exports.string(), default_branch: external_exports.string() });
var PullRequestPayload = external_exports.object({
  action: external_exports.string().optional(),
  /** The label a `labeled` event added. */
  label: external_exports.object({ name: external_exports.string() }).optional(),
  pull_request: external_exports.object({
    number: external_exports.number().int(),
    changed_files: external_exports.number().int().optional(),
    base: external_exports.object({ ref: external_exports.string(), sha: external_exports.string() }),
    head: external_exports.object({ ref: external_exports.string(), sha: external_exports.string(), repo: external_exports.object({ full_name: external_exports.string() }).nullable() }),
    labels: external_exports.array(external_exports.object({ name: external_exports.string() })).optional()
  }),
  repository: Repository
});
var PushPayload = external_exports.object({ ref: external_exports.string(), after: external_exports.string(), repository: Repository });
function parseEvent(name, payload) {
  if (name === "pull_request" || name === "pull_request_target") {
    const { pull_request: pr, repository, action, label } = parsePayload(PullRequestPayload, payload, name);
    return {
      kind: "pull_request",
      number: pr.number,
      baseRef: pr.base.ref,
      baseSha: pr.base.sha,
      headSha: pr.head.sha,
      ...pr.changed_files === void 0 ? {} : { changedFiles: pr.changed_files },
      fromFork: pr.head.repo?.full_name !== repository.full_name,
      labels: (pr.labels ?? []).map((l) => l.name),
      ...action === "labeled" && label ? { labeledNow: label.name } : {},
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

// src/action/gate-files.ts
import { posix } from "node:path";
async function gateFiles(workspace, workflow) {
  return filesPulledIn(workspace, [workflow], {
    from: localUses,
    // A local action may name its metadata action.yml or action.yaml: the one that is there is the file.
    otherName: (file) => file.endsWith("/action.yml") ? file.replace(/\.yml$/, ".yaml") : void 0
  });
}
async function workflowFiles(workspace, env = process.env) {
  const ref = env.GITHUB_WORKFLOW_REF;
  const workflow = ref && /^[^/]+\/[^/]+\/(.+?)@/.exec(ref)?.[1];
  return workflow ? gateFiles(workspace, workflow) : [];
}
function localUses(document) {
  const out = [];
  const walk = (node) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "uses" && typeof value === "string" && value.startsWith("./")) {
        const path = posix.normalize(value.split("@")[0]);
        if (path.startsWith("..")) continue;
        out.push(/\.ya?ml$/.test(path) ? path : posix.join(path, "action.yml"));
      } else walk(value);
    }
  };
  walk(document);
  return out;
}

export {
  shardArtifactName,
  shardTrialsArtifactName,
  httpStatus,
  GitHubClient,
  recordsBaseline,
  readEvent,
  workflowFiles,
  actionSecrets,
  scrub,
  scrubFiles,
  maskSecrets
};
