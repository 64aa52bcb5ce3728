// Every GitHub call the action makes, behind one small class: REST through Octokit, artefacts through
// @actions/artifact. Responses are parsed with zod into the few fields the action relies on, so a
// changed API fails here, loudly, instead of deep in a decision. Both clients are loaded on first use
// (a skipped pull request never loads the artefact client, the larger part of the action).
//
// Environment: the client reads GITHUB_API_URL when constructed and passes it to Octokit explicitly,
// because @actions/github freezes its default baseUrl at import. Artefact transfers read
// ACTIONS_RUNTIME_TOKEN, ACTIONS_RESULTS_URL and GITHUB_SERVER_URL when called (see
// test/support/fake-github.ts for the full list).
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import type { ArtifactClient } from '@actions/artifact';
import type { getOctokit } from '@actions/github';
import { z } from 'zod';
import { issuePath } from '../util/errors.ts';
import { failUnlessReadMeanwhile } from '../util/pending-reads.ts';
import { checkShards, shardTrialsArtifactName } from './shards.ts';
import type { ShardArtifact } from './shards.ts';
import { BranchTip, ChangedFile, IssueComment, RunArtifact, WorkflowRun } from './rest.ts';

export { ChangedFile, IssueComment, RunArtifact, WorkflowRun } from './rest.ts';

export interface RepoRef {
  owner: string;
  repo: string;
}

export interface UploadedArtifact {
  id: number;
  size: number;
  /** The page a reader opens to download it. */
  url: string;
}

export interface RunFilter {
  branch?: string;
  event?: string;
  status?: 'success' | 'completed';
  head_sha?: string;
}

/** The repository API answered in a shape this client does not know. */
export class GitHubResponseError extends Error {
  override readonly name = 'GitHubResponseError';
}

/** The HTTP status of an Octokit request error, if `error` is one. */
export function httpStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

const PER_PAGE = 100;
/** Variables @actions/http-client (under Octokit) reads for a proxy. */
const PROXY_VARIABLES = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'];
/** The longest a GET of the REST API made with node:http(s) may stay silent. */
const SILENCE_MS = 30_000;

type Octokit = ReturnType<typeof getOctokit>;

export class GitHubClient {
  private octokitClient?: Promise<Octokit>;
  private artifactClient?: Promise<ArtifactClient>;

  constructor(
    readonly repo: RepoRef,
    private readonly token: string,
    /** The run this process is part of: uploads land in it, artefact URLs point into it. */
    readonly runId: number,
    private readonly apiUrl: string = process.env.GITHUB_API_URL ?? 'https://api.github.com',
    /** The longest a GET of the REST API may stay silent. */
    private readonly silenceMs = SILENCE_MS,
  ) {}

  private rest(): Promise<Octokit> {
    return (this.octokitClient ??= import('@actions/github').then(({ getOctokit }) => getOctokit(this.token, { baseUrl: this.apiUrl })));
  }

  private artifacts(): Promise<ArtifactClient> {
    return (this.artifactClient ??= import('@actions/artifact').then(({ DefaultArtifactClient }) => new DefaultArtifactClient()));
  }

  /** A client for the repository and run named by the runner's environment. */
  static fromEnv(token: string, env: NodeJS.ProcessEnv = process.env): GitHubClient {
    const [owner, repo] = (env.GITHUB_REPOSITORY ?? '').split('/');
    const runId = Number(env.GITHUB_RUN_ID);
    if (!owner || !repo) throw new Error('GITHUB_REPOSITORY is not set to owner/name: run this inside GitHub Actions');
    if (!Number.isInteger(runId) || runId <= 0) throw new Error('GITHUB_RUN_ID is not set: run this inside GitHub Actions');
    return new GitHubClient({ owner, repo }, token, runId, env.GITHUB_API_URL ?? 'https://api.github.com');
  }

  get fullName(): string {
    return `${this.repo.owner}/${this.repo.repo}`;
  }

  /**
   * Every file a pull request changes (GitHub lists at most 3000). The first call of the action, and the
   * only one of a skipped pull request: made with node:http(s) and the Link header's pages, so that
   * deciding to skip never loads Octokit; through Octokit where a proxy is configured, which it honours.
   */
  async listPullRequestFiles(pullNumber: number): Promise<ChangedFile[]> {
    const route = 'GET pulls/{n}/files';
    if (PROXY_VARIABLES.some((name) => process.env[name])) {
      const octokit = await this.rest();
      const items = await octokit.paginate(octokit.rest.pulls.listFiles, { ...this.repo, pull_number: pullNumber, per_page: PER_PAGE });
      return items.map((item) => parse(ChangedFile, item, route));
    }
    const files: ChangedFile[] = [];
    let next: string | undefined =
      `${this.apiUrl.replace(/\/$/, '')}/repos/${this.repo.owner}/${this.repo.repo}/pulls/${pullNumber}/files?per_page=${PER_PAGE}`;
    while (next) {
      const page = await getJson(next, this.token, this.silenceMs);
      if (!Array.isArray(page.body)) throw new GitHubResponseError(`GitHub API ${route}: unexpected response at (top level): expected an array`);
      for (const item of page.body) files.push(parse(ChangedFile, item, route));
      next = nextPage(page.link);
    }
    return files;
  }

  async getRun(runId: number): Promise<WorkflowRun> {
    const { data } = await (await this.rest()).rest.actions.getWorkflowRun({ ...this.repo, run_id: runId });
    return parse(WorkflowRun, data, 'GET actions/runs/{id}');
  }

  /** Runs of a workflow (id or file name), newest first, filtered by GitHub; stops after `limit`. */
  async listWorkflowRuns(workflow: number | string, filter: RunFilter, limit: number): Promise<WorkflowRun[]> {
    const runs: WorkflowRun[] = [];
    const octokit = await this.rest();
    const pages = octokit.paginate.iterator(octokit.rest.actions.listWorkflowRuns, {
      ...this.repo,
      workflow_id: workflow,
      ...filter,
      exclude_pull_requests: true,
      per_page: PER_PAGE,
    });
    for await (const page of pages) {
      for (const item of page.data) runs.push(parse(WorkflowRun, item, 'GET actions/workflows/{id}/runs'));
      if (runs.length >= limit) break;
    }
    return runs.slice(0, limit);
  }

  /** How many commits `head` is ahead of `base`; null when GitHub cannot compare them. */
  async commitsAhead(base: string, head: string): Promise<number | null> {
    try {
      const { data } = await (await this.rest()).rest.repos.compareCommitsWithBasehead({ ...this.repo, basehead: `${base}...${head}`, per_page: 1 });
      return typeof data.ahead_by === 'number' ? data.ahead_by : null;
    } catch (error) {
      if (httpStatus(error) === 404) return null;
      throw error;
    }
  }

  /** The commit a branch points at now (by the branches route, which no tag of the same name can answer); null: no such branch. */
  async branchTip(branch: string): Promise<string | null> {
    try {
      const { data } = await (await this.rest()).rest.repos.getBranch({ ...this.repo, branch });
      return parse(BranchTip, data, 'GET branches/{branch}').commit.sha;
    } catch (error) {
      if (httpStatus(error) === 404) return null;
      throw error;
    }
  }

  /** Whether `commit` is `tip` or one of its ancestors; null when GitHub cannot compare them. */
  async inHistory(commit: string, tip: string): Promise<boolean | null> {
    try {
      const { data } = await (await this.rest()).rest.repos.compareCommitsWithBasehead({ ...this.repo, basehead: `${commit}...${tip}`, per_page: 1 });
      return typeof data.behind_by === 'number' ? data.behind_by === 0 : null;
    } catch (error) {
      if (httpStatus(error) === 404) return null;
      throw error;
    }
  }

  /** A run's artefacts, optionally only those with exactly `name`. */
  async listRunArtifacts(runId: number, name?: string): Promise<RunArtifact[]> {
    const octokit = await this.rest();
    const items = await octokit.paginate(octokit.rest.actions.listWorkflowRunArtifacts, {
      ...this.repo,
      run_id: runId,
      per_page: PER_PAGE,
      ...(name === undefined ? {} : { name }),
    });
    return items.map((item) => parse(RunArtifact, item, 'GET actions/runs/{id}/artifacts'));
  }

  /**
   * The artefacts of shards 1..count of `name` in run `runId`, in shard order, each with the artefact of
   * its trial directories where it has one. Throws ShardSetError naming each missing or duplicated shard.
   */
  async listShardArtifacts(name: string, runId: number, count: number): Promise<(ShardArtifact & { trials?: RunArtifact })[]> {
    const artifacts = await this.listRunArtifacts(runId);
    return checkShards(artifacts, name, count).map((shard) => {
      const trials = artifacts.find((a) => !a.expired && a.name === shardTrialsArtifactName(name, shard.index, count));
      return trials ? { ...shard, trials } : shard;
    });
  }

  /** The page a reader opens to download artefact `id` of this run. */
  artifactUrl(id: number): string {
    return `${process.env.GITHUB_SERVER_URL ?? 'https://github.com'}/${this.fullName}/actions/runs/${this.runId}/artifacts/${id}`;
  }

  async listIssueComments(issue: number): Promise<IssueComment[]> {
    const octokit = await this.rest();
    const items = await octokit.paginate(octokit.rest.issues.listComments, { ...this.repo, issue_number: issue, per_page: PER_PAGE });
    return items.map((item) => parse(IssueComment, item, 'GET issues/{n}/comments'));
  }

  async createComment(issue: number, body: string): Promise<IssueComment> {
    const { data } = await (await this.rest()).rest.issues.createComment({ ...this.repo, issue_number: issue, body });
    return parse(IssueComment, data, 'POST issues/{n}/comments');
  }

  async updateComment(commentId: number, body: string): Promise<IssueComment> {
    const { data } = await (await this.rest()).rest.issues.updateComment({ ...this.repo, comment_id: commentId, body });
    return parse(IssueComment, data, 'PATCH issues/comments/{id}');
  }

  /** Upload `files` (absolute, under `root`) as one artefact of this run. */
  async uploadArtifact(name: string, root: string, files: readonly string[], retentionDays: number): Promise<UploadedArtifact> {
    const { id, size } = await (await this.artifacts()).uploadArtifact(name, [...files], resolve(root), { retentionDays });
    if (id === undefined) throw new GitHubResponseError(`upload of artefact ${name}: GitHub returned no artefact id`);
    return { id, size: size ?? 0, url: this.artifactUrl(id) };
  }

  /**
   * Download an artefact of any run of this repository and extract it into `destination`; returns the
   * files written. Throws CorruptZipError for a damaged archive or a digest that does not match.
   * The raw zip is fetched (skipDecompress) and extracted here, because the library's own extractor
   * retries a corrupt archive for minutes before it gives up.
   */
  async downloadArtifact(artifact: { id: number; runId: number; digest?: string | null }, destination: string): Promise<string[]> {
    const { CorruptZipError, extractZip } = await import('../util/unzip.ts');
    const staging = await mkdtemp(join(process.env.RUNNER_TEMP ?? tmpdir(), 'trialgate-artifact-'));
    try {
      const { digestMismatch } = await (
        await this.artifacts()
      ).downloadArtifact(artifact.id, {
        path: staging,
        skipDecompress: true,
        ...(artifact.digest ? { expectedHash: artifact.digest } : {}),
        findBy: { token: this.token, workflowRunId: artifact.runId, repositoryOwner: this.repo.owner, repositoryName: this.repo.repo },
      });
      if (digestMismatch) throw new CorruptZipError(`archive does not match its recorded digest ${artifact.digest}`);
      const [archive, ...others] = await readdir(staging);
      if (!archive || others.length) throw new CorruptZipError(`expected one archive, the download produced ${others.length + (archive ? 1 : 0)} files`);
      return await extractZip(join(staging, archive), destination);
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }
}

/**
 * One GET of the REST API as Octokit sends it; a status other than 2xx throws an error carrying it. Only
 * the module of the URL's protocol is loaded (TLS costs a skipped pull request's start a tenth).
 */
async function getJson(url: string, token: string, silenceMs: number): Promise<{ body: unknown; link: string | undefined }> {
  const headers = { accept: 'application/vnd.github+json', authorization: `token ${token}`, 'user-agent': 'trialgate', 'x-github-api-version': '2022-11-28' };
  const { get } = url.startsWith('https:') ? await import('node:https') : await import('node:http');
  return new Promise((resolve, reject) => {
    // Bytes of the answer read so far (its head counts as one): a limit that passed while they came is not silence.
    let progress = 0;
    const request = get(url, { headers, timeout: silenceMs }, (response) => {
      progress += 1;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => {
        progress += chunk.length;
        chunks.push(chunk);
      });
      response.on('error', reject);
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const status = response.statusCode ?? 0;
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
        if (status < 200 || status > 299) {
          const message = (body as { message?: unknown } | null)?.message;
          reject(
            Object.assign(new Error(`GitHub API GET ${new URL(url).pathname}: ${status} ${typeof message === 'string' ? message : text.slice(0, 200)}`), {
              status,
            }),
          );
        } else resolve({ body, link: [response.headers.link ?? []].flat().join(', ') || undefined });
      });
    });
    request.on('timeout', () =>
      failUnlessReadMeanwhile(
        () => progress,
        () => request.destroy(new Error(`GitHub API GET ${new URL(url).pathname}: no answer within ${silenceMs / 1000} s`)),
      ),
    );
    request.on('error', reject);
  });
}

/** The `rel="next"` URL of a Link header. Pure. */
export function nextPage(link: string | undefined): string | undefined {
  return link
    ?.split(',')
    .map((part) => /<([^>]+)>;\s*rel="next"/.exec(part)?.[1])
    .find(Boolean);
}

function parse<S extends z.ZodType>(schema: S, data: unknown, route: string): z.infer<S> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new GitHubResponseError(
    `GitHub API ${route}: unexpected response at ${issue ? issuePath(issue.path) || '(top level)' : '?'}: ${issue?.message ?? 'invalid'}`,
  );
}
