// A loopback GitHub for the action's tests: a real node:http server on 127.0.0.1 speaking the REST
// routes the action calls, the twirp artefact service @actions/artifact uploads through, and the
// blob routes behind both. State lives in memory; tests seed it and inspect it.
//
// When the @actions packages read the environment (so a test knows what to set, and when):
// - at IMPORT time of @actions/github (so also of @actions/artifact, which imports it):
//   GITHUB_API_URL becomes the default Octokit baseUrl, with a proxy agent chosen for it; `context`
//   snapshots GITHUB_EVENT_PATH, GITHUB_EVENT_NAME, GITHUB_RUN_ID, ...; @actions/artifact's list module
//   reads ACTIONS_ARTIFACT_MAX_ARTIFACT_COUNT. @actions/artifact's findBy download calls
//   getOctokit(token) without a baseUrl, so it talks to the GITHUB_API_URL seen at import.
//   Hence: start this server, copy env() into process.env, and only then `await import()` any module
//   that imports @actions/* (one server per test file; reset() between tests).
// - at CALL time: @actions/core getInput (INPUT_<NAME>, hyphens kept), setOutput (GITHUB_OUTPUT);
//   core.summary resolves GITHUB_STEP_SUMMARY on its first write and then keeps it; @actions/artifact
//   reads ACTIONS_RUNTIME_TOKEN (a JWT whose `scp` holds `Actions.Results:<runBackendId>:<jobBackendId>`),
//   ACTIONS_RESULTS_URL (only its origin is used), GITHUB_SERVER_URL (any host other than github.com,
//   *.ghe.com or *.localhost is taken for GHES and refused), GITHUB_WORKSPACE, GITHUB_RETENTION_DAYS.
//   src/github/client.ts reads GITHUB_API_URL when a client is constructed.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractZip } from '../../src/util/unzip.ts';
import { buildZip } from './zip.ts';

export interface FakeRun {
  id: number;
  workflow_id: number;
  head_sha: string;
  head_branch: string;
  event: string;
  status: string;
  conclusion: string | null;
  created_at: string;
  /** owner/name of the repository the run's head came from; a fork's differs. */
  head_repository: string;
}

export interface FakeArtifact {
  id: number;
  run_id: number;
  name: string;
  expired: boolean;
  created_at: string;
  /** The archive served by the zip route; any bytes, so a test can serve a corrupt one. */
  zip: Buffer;
  /** For uploads: the archive's files, unzipped for assertions. */
  files?: Map<string, Buffer>;
  /** For uploads: the expiry CreateArtifact asked for. */
  expires_at?: string;
}

export interface FakeComment {
  id: number;
  issue: number;
  body: string;
  login: string;
  created_at: string;
  updated_at: string;
}

export interface FakeFile {
  filename: string;
  status: string;
  previous_filename?: string;
}

/** Another repository, served as the zipball of its one commit (a holdout source, docs/holdout.md). */
export interface FakeSourceRepo {
  /** Path in the repository → content. */
  files: Record<string, string | Uint8Array>;
  /** The token that may read it; any other gets 404, as GitHub answers for a private repository. */
  token: string;
  /** The refs it answers to (its default branch when none is asked for). */
  refs: string[];
}

export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  status: number;
}

export interface FakeState {
  owner: string;
  repo: string;
  defaultBranch: string;
  /** The run the action is in; the runtime token's uploads land here. */
  runId: number;
  workflowId: number;
  /** Workflow files by id, so a workflow may be named by its file name in the runs route. */
  workflows: Map<number, string>;
  runs: FakeRun[];
  artifacts: FakeArtifact[];
  comments: FakeComment[];
  pullFiles: Map<number, FakeFile[]>;
  /** The identity behind the token: the author of comments it creates. */
  tokenLogin: string;
  /** 'read': list works, create/update answer 403 (a fork PR's token); 'none': every comment route 403. */
  commentAccess: 'write' | 'read' | 'none';
  /** Answer the runs route without applying its filters, to prove the client checks runs itself. */
  ignoreRunFilters: boolean;
  /** Commit distances for the compare route, keyed `base...head`; others answer 404. */
  compares: Map<string, { ahead_by: number; behind_by: number }>;
  /** Branch name → the commit it points at, for the branches route; others answer 404. */
  branchTips: Map<string, string>;
  event: { name: string; payload: Record<string, unknown> };
  /** Other repositories by `owner/name`, readable with their own token. */
  repos: Map<string, FakeSourceRepo>;
  requests: LoggedRequest[];
  nextId: number;
}

export interface FakeGitHub {
  url: string;
  token: string;
  state: FakeState;
  /** A runner-like environment pointing at this server; `extra` wins. Writes the event payload file. */
  env(extra?: Record<string, string>): Record<string, string>;
  /** Back to an empty repository (keeps the server, its URL and temp files). */
  reset(): void;
  /**
   * The state as it is now, and a function that puts it back, as often as it is called: what happens in
   * between (a run recorded for the suite, test/support/action-run.ts) leaves no trace. Lists and maps are
   * copied; their items are kept.
   */
  snapshot(): () => void;
  /** Add a run (defaults: a successful push run of this workflow on the default branch, from this repo). */
  addRun(run: Partial<FakeRun> & { head_sha: string }): FakeRun;
  /** Add an artefact to a run; `files` are zipped, `zip` (raw bytes) wins when given. */
  addArtifact(a: { run_id: number; name: string; files?: Record<string, string>; zip?: Buffer; expired?: boolean }): FakeArtifact;
  /** An artefact this run uploaded (its files unzipped), as the artefact service records an upload. */
  addUpload(a: { name: string; zip: Buffer; expires_at?: string }): Promise<FakeArtifact>;
  close(): Promise<void>;
}

const TWIRP_PREFIX = '/twirp/github.actions.results.api.v1.ArtifactService/';
const RUN_BACKEND = 'c0ffee00-run-backend';
const JOB_BACKEND = 'c0ffee00-job-backend';
const PR_FILES_CAP = 3000;

function emptyState(): FakeState {
  return {
    owner: 'acme',
    repo: 'agent',
    defaultBranch: 'main',
    runId: 9000,
    workflowId: 77,
    workflows: new Map([[77, '.github/workflows/trialgate.yml']]),
    runs: [],
    artifacts: [],
    comments: [],
    pullFiles: new Map(),
    tokenLogin: 'github-actions[bot]',
    commentAccess: 'write',
    ignoreRunFilters: false,
    compares: new Map(),
    branchTips: new Map(),
    event: { name: 'push', payload: {} },
    repos: new Map(),
    requests: [],
    nextId: 1000,
  };
}

export async function startFakeGitHub(): Promise<FakeGitHub> {
  const state = emptyState();
  const token = 'ghs_fake_token_for_tests';
  const runtimeToken = forgeRuntimeToken();
  const dir = mkdtempSync(join(tmpdir(), 'trialgate-fake-gh-'));
  const pending = new Map<string, { name: string; expires_at?: string; blocks: Map<string, Buffer>; blob?: Buffer }>();

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const query = Object.fromEntries(url.searchParams);
    res.on('finish', () => state.requests.push({ method: req.method ?? '', path: url.pathname, query, status: res.statusCode }));
    readBody(req)
      .then((body) => route(req.method ?? 'GET', url, body, req, res))
      .catch((error: unknown) => send(res, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function route(method: string, url: URL, body: Buffer, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = url.pathname;
    if (path.startsWith(TWIRP_PREFIX)) return twirp(path.slice(TWIRP_PREFIX.length), body, req, res);
    if (path.startsWith('/blob/')) return blob(method, url, body, res);
    if (!/^(token|Bearer) \S+/.test(req.headers.authorization ?? '')) return send(res, 401, { message: 'Requires authentication' });
    let z: RegExpMatchArray | null;
    if (method === 'GET' && (z = path.match(/^\/repos\/([^/]+\/[^/]+)\/zipball(?:\/(.+))?$/)))
      return zipball(z[1]!, z[2] ? decodeURIComponent(z[2]) : undefined, req, res);
    const repoPrefix = `/repos/${state.owner}/${state.repo}/`;
    if (!path.startsWith(repoPrefix)) return send(res, 404, { message: 'Not Found' });
    const rest = path.slice(repoPrefix.length);
    let m: RegExpMatchArray | null;
    if (method === 'GET' && (m = rest.match(/^pulls\/(\d+)\/files$/))) {
      const files = (state.pullFiles.get(Number(m[1])) ?? []).slice(0, PR_FILES_CAP);
      return sendPage(
        res,
        url,
        files.map((f) => ({ sha: '0'.repeat(40), additions: 1, deletions: 0, changes: 1, ...f })),
      );
    }
    if (method === 'GET' && (m = rest.match(/^actions\/runs\/(\d+)$/))) {
      const run = state.runs.find((r) => r.id === Number(m![1]));
      return run ? send(res, 200, runJson(run)) : send(res, 404, { message: 'Not Found' });
    }
    if (method === 'GET' && (m = rest.match(/^actions\/workflows\/([^/]+)\/runs$/))) {
      const workflowId = workflowIdOf(decodeURIComponent(m[1]!));
      if (workflowId === undefined) return send(res, 404, { message: 'Not Found' });
      const runs = state.runs
        .filter((r) => r.workflow_id === workflowId && (state.ignoreRunFilters || runMatches(r, url.searchParams)))
        .sort((a, b) => b.created_at.localeCompare(a.created_at));
      return sendPage(res, url, runs.map(runJson), 'workflow_runs');
    }
    if (method === 'GET' && (m = rest.match(/^compare\/([^/]+)$/))) {
      const distance = state.compares.get(decodeURIComponent(m[1]!));
      return distance
        ? send(res, 200, { status: distance.behind_by ? 'diverged' : 'ahead', ...distance, total_commits: distance.ahead_by })
        : send(res, 404, { message: 'Not Found' });
    }
    if (method === 'GET' && (m = rest.match(/^branches\/(.+)$/))) {
      const name = decodeURIComponent(m[1]!);
      const tip = state.branchTips.get(name);
      return tip ? send(res, 200, { name, commit: { sha: tip } }) : send(res, 404, { message: 'Branch not found' });
    }
    if (method === 'GET' && (m = rest.match(/^actions\/runs\/(\d+)\/artifacts$/))) {
      const runId = Number(m[1]);
      const name = url.searchParams.get('name');
      const list = state.artifacts.filter((a) => a.run_id === runId && (name === null || a.name === name));
      return sendPage(res, url, list.map(artifactJson), 'artifacts');
    }
    if (method === 'GET' && (m = rest.match(/^actions\/artifacts\/(\d+)\/zip$/))) {
      const artifact = state.artifacts.find((a) => a.id === Number(m![1]));
      if (!artifact) return send(res, 404, { message: 'Not Found' });
      if (artifact.expired) return send(res, 410, { message: 'Artifact has expired' });
      res.writeHead(302, { location: `${base}/blob/artifacts/${artifact.id}.zip?sig=fake-signature` }).end();
      return;
    }
    if ((m = rest.match(/^issues\/(\d+)\/comments$/))) {
      const issue = Number(m[1]);
      if (method === 'GET') {
        if (state.commentAccess === 'none') return forbidden(res);
        return sendPage(res, url, state.comments.filter((c) => c.issue === issue).map(commentJson));
      }
      if (method === 'POST') {
        if (state.commentAccess !== 'write') return forbidden(res);
        const now = new Date().toISOString();
        const comment: FakeComment = {
          id: state.nextId++,
          issue,
          body: String(JSON.parse(body.toString()).body),
          login: state.tokenLogin,
          created_at: now,
          updated_at: now,
        };
        state.comments.push(comment);
        return send(res, 201, commentJson(comment));
      }
    }
    if (method === 'PATCH' && (m = rest.match(/^issues\/comments\/(\d+)$/))) {
      if (state.commentAccess !== 'write') return forbidden(res);
      const comment = state.comments.find((c) => c.id === Number(m![1]));
      if (!comment) return send(res, 404, { message: 'Not Found' });
      if (comment.login !== state.tokenLogin) return forbidden(res);
      comment.body = String(JSON.parse(body.toString()).body);
      comment.updated_at = new Date().toISOString();
      return send(res, 200, commentJson(comment));
    }
    return send(res, 404, { message: `Not Found: ${method} ${path}` });
  }

  /** GET /repos/{owner}/{repo}/zipball/{ref}: a redirect to the archive, as GitHub sends one to codeload. */
  function zipball(name: string, ref: string | undefined, req: IncomingMessage, res: ServerResponse): void {
    const repo = state.repos.get(name);
    if (!repo || req.headers.authorization !== `Bearer ${repo.token}`) return send(res, 404, { message: 'Not Found' });
    if (ref !== undefined && !repo.refs.includes(ref)) return send(res, 404, { message: 'No commit found for the ref' });
    res.writeHead(302, { location: `${base}/blob/zipballs/${encodeURIComponent(name)}.zip?sig=fake-codeload-token` }).end();
  }

  async function twirp(method: string, body: Buffer, req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.headers.authorization !== `Bearer ${runtimeToken}`) return send(res, 401, { code: 'unauthenticated', msg: 'bad runtime token' });
    const request = JSON.parse(body.toString()) as Record<string, unknown>;
    if (request.workflow_run_backend_id !== RUN_BACKEND || request.workflow_job_run_backend_id !== JOB_BACKEND) {
      return send(res, 400, { code: 'invalid_argument', msg: 'unknown backend ids' });
    }
    const name = String(request.name ?? '');
    if (method === 'CreateArtifact') {
      if (state.artifacts.some((a) => a.run_id === state.runId && a.name === name) || pending.has(name)) {
        return send(res, 409, { code: 'already_exists', msg: `an artifact named ${name} already exists in this run` });
      }
      const expires = request.expires_at;
      pending.set(name, { name, blocks: new Map(), ...(typeof expires === 'string' ? { expires_at: expires } : {}) });
      return send(res, 200, { ok: true, signed_upload_url: `${base}/blob/uploads/${encodeURIComponent(name)}?sig=fake-upload-signature` });
    }
    if (method === 'FinalizeArtifact') {
      const upload = pending.get(name);
      if (!upload?.blob) return send(res, 404, { code: 'not_found', msg: `no uploaded blob for ${name}` });
      pending.delete(name);
      const artifact: FakeArtifact = {
        id: state.nextId++,
        run_id: state.runId,
        name,
        expired: false,
        created_at: new Date().toISOString(),
        zip: upload.blob,
        files: await unzipToMap(upload.blob),
        ...(upload.expires_at ? { expires_at: upload.expires_at } : {}),
      };
      state.artifacts.push(artifact);
      return send(res, 200, { ok: true, artifact_id: String(artifact.id) });
    }
    if (method === 'ListArtifacts') {
      const idFilter = (request.id_filter as string | undefined) ?? undefined;
      const nameFilter = (request.name_filter as string | undefined) ?? undefined;
      const list = state.artifacts.filter(
        (a) => a.run_id === state.runId && (idFilter === undefined || String(a.id) === String(idFilter)) && (nameFilter === undefined || a.name === nameFilter),
      );
      return send(res, 200, {
        artifacts: list.map((a) => ({
          workflow_run_backend_id: RUN_BACKEND,
          workflow_job_run_backend_id: JOB_BACKEND,
          database_id: String(a.id),
          name: a.name,
          size: String(a.zip.length),
          created_at: a.created_at,
        })),
      });
    }
    if (method === 'GetSignedArtifactURL') {
      const artifact = state.artifacts.find((a) => a.run_id === state.runId && a.name === name);
      if (!artifact) return send(res, 404, { code: 'not_found', msg: `no artifact ${name}` });
      return send(res, 200, { signed_url: `${base}/blob/artifacts/${artifact.id}.zip?sig=fake-signature` });
    }
    return send(res, 404, { code: 'bad_route', msg: `no twirp method ${method}` });
  }

  async function blob(method: string, url: URL, body: Buffer, res: ServerResponse): Promise<void> {
    if (!url.searchParams.get('sig')) return send(res, 403, { message: 'AuthenticationFailed' });
    let m: RegExpMatchArray | null;
    if (method === 'GET' && (m = url.pathname.match(/^\/blob\/artifacts\/(\d+)\.zip$/))) {
      const artifact = state.artifacts.find((a) => a.id === Number(m![1]));
      if (!artifact) return send(res, 404, { message: 'BlobNotFound' });
      res.writeHead(200, {
        'content-type': 'application/zip',
        'content-length': artifact.zip.length,
        'content-disposition': `attachment; filename=${artifact.name}.zip`,
      });
      res.end(artifact.zip);
      return;
    }
    if (method === 'GET' && (m = url.pathname.match(/^\/blob\/zipballs\/([^/]+)\.zip$/))) {
      const name = decodeURIComponent(m[1]!);
      const repo = state.repos.get(name);
      if (!repo) return send(res, 404, { message: 'BlobNotFound' });
      const top = `${name.replace('/', '-')}-${'d'.repeat(7)}`;
      const zip = buildZip(Object.fromEntries(Object.entries(repo.files).map(([path, content]) => [`${top}/${path}`, content])));
      res.writeHead(200, { 'content-type': 'application/zip', 'content-length': zip.length });
      res.end(zip);
      return;
    }
    if (method === 'PUT' && (m = url.pathname.match(/^\/blob\/uploads\/([^/]+)$/))) {
      const upload = pending.get(decodeURIComponent(m[1]!));
      if (!upload) return send(res, 404, { message: 'BlobNotFound' });
      const comp = url.searchParams.get('comp');
      if (comp === 'block') upload.blocks.set(url.searchParams.get('blockid') ?? '', body);
      else if (comp === 'blocklist') {
        const ids = [...body.toString().matchAll(/<(?:Latest|Uncommitted|Committed)>([^<]*)<\//g)].map((x) => x[1]!);
        const missing = ids.find((id) => !upload.blocks.has(id));
        if (missing !== undefined) return send(res, 400, { message: `InvalidBlockList: ${missing}` });
        upload.blob = Buffer.concat(ids.map((id) => upload.blocks.get(id)!));
      } else upload.blob = body;
      res.writeHead(201, { etag: `"0x${state.nextId++}"`, 'last-modified': new Date().toUTCString(), 'x-ms-request-id': 'fake' }).end();
      return;
    }
    return send(res, 404, { message: 'BlobNotFound' });
  }

  function workflowIdOf(idOrFile: string): number | undefined {
    if (/^\d+$/.test(idOrFile)) return state.workflows.has(Number(idOrFile)) ? Number(idOrFile) : undefined;
    for (const [id, path] of state.workflows) if (path.split('/').pop() === idOrFile) return id;
    return undefined;
  }

  function runJson(run: FakeRun): Record<string, unknown> {
    const full = `${state.owner}/${state.repo}`;
    return {
      id: run.id,
      workflow_id: run.workflow_id,
      head_sha: run.head_sha,
      head_branch: run.head_branch,
      event: run.event,
      status: run.status,
      conclusion: run.conclusion,
      created_at: run.created_at,
      // On the web server, as GitHub's: notes link it, and a link elsewhere is shown inert.
      html_url: `https://github.localhost/${full}/actions/runs/${run.id}`,
      repository: { full_name: full },
      head_repository: { full_name: run.head_repository },
    };
  }

  function artifactJson(a: FakeArtifact): Record<string, unknown> {
    const run = state.runs.find((r) => r.id === a.run_id);
    return {
      id: a.id,
      name: a.name,
      size_in_bytes: a.zip.length,
      expired: a.expired,
      created_at: a.created_at,
      expires_at: a.expires_at ?? null,
      digest: `sha256:${createHash('sha256').update(a.zip).digest('hex')}`,
      archive_download_url: `${base}/repos/${state.owner}/${state.repo}/actions/artifacts/${a.id}/zip`,
      workflow_run: { id: a.run_id, head_sha: run?.head_sha ?? null, head_branch: run?.head_branch ?? null },
    };
  }

  function commentJson(c: FakeComment): Record<string, unknown> {
    return {
      id: c.id,
      body: c.body,
      user: { login: c.login, type: c.login.endsWith('[bot]') ? 'Bot' : 'User' },
      html_url: `${base}/${state.owner}/${state.repo}/pull/${c.issue}#issuecomment-${c.id}`,
      created_at: c.created_at,
      updated_at: c.updated_at,
    };
  }

  function sendPage(res: ServerResponse, url: URL, items: unknown[], key?: string): void {
    const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 30) || 30, 100);
    const page = Math.max(Number(url.searchParams.get('page') ?? 1) || 1, 1);
    const last = Math.max(1, Math.ceil(items.length / perPage));
    const links: string[] = [];
    const link = (p: number, rel: string) => {
      const u = new URL(url.pathname + url.search, base);
      u.searchParams.set('page', String(p));
      u.searchParams.set('per_page', String(perPage));
      links.push(`<${u.href}>; rel="${rel}"`);
    };
    if (page < last) link(page + 1, 'next');
    if (page < last) link(last, 'last');
    if (page > 1) link(1, 'first');
    if (page > 1) link(page - 1, 'prev');
    const slice = items.slice((page - 1) * perPage, page * perPage);
    if (links.length) res.setHeader('link', links.join(', '));
    send(res, 200, key ? { total_count: items.length, [key]: slice } : slice);
  }

  function forbidden(res: ServerResponse): void {
    send(res, 403, { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest' });
  }

  const fake: FakeGitHub = {
    url: base,
    token,
    state,
    env(extra = {}) {
      const eventPath = join(dir, 'event.json');
      writeFileSync(eventPath, JSON.stringify(state.event.payload));
      for (const file of ['output', 'summary']) writeFileSync(join(dir, file), '');
      for (const sub of ['workspace', 'runner-temp']) mkdirSync(join(dir, sub), { recursive: true });
      return {
        GITHUB_ACTIONS: 'true',
        GITHUB_API_URL: base,
        GITHUB_SERVER_URL: 'https://github.localhost',
        GITHUB_REPOSITORY: `${state.owner}/${state.repo}`,
        GITHUB_REPOSITORY_OWNER: state.owner,
        GITHUB_RUN_ID: String(state.runId),
        GITHUB_RUN_ATTEMPT: '1',
        GITHUB_EVENT_NAME: state.event.name,
        GITHUB_EVENT_PATH: eventPath,
        GITHUB_OUTPUT: join(dir, 'output'),
        GITHUB_STEP_SUMMARY: join(dir, 'summary'),
        GITHUB_WORKSPACE: join(dir, 'workspace'),
        ACTIONS_RUNTIME_TOKEN: runtimeToken,
        ACTIONS_RESULTS_URL: `${base}/`,
        RUNNER_TEMP: join(dir, 'runner-temp'),
        ...extra,
      };
    },
    reset() {
      Object.assign(state, emptyState());
      pending.clear();
    },
    snapshot() {
      const copied = (from: FakeState) =>
        Object.fromEntries(
          Object.entries(from).map(([key, value]) => [key, Array.isArray(value) ? [...value] : value instanceof Map ? new Map(value) : value]),
        );
      const saved = copied(state);
      // Copied again at each restore: what follows one restore must not change the next.
      return () => void Object.assign(state, copied(saved as FakeState));
    },
    addRun(run) {
      const full: FakeRun = {
        id: state.nextId++,
        workflow_id: state.workflowId,
        head_branch: state.defaultBranch,
        event: 'push',
        status: 'completed',
        conclusion: 'success',
        created_at: new Date(Date.UTC(2025, 0, 1) + state.runs.length * 3_600_000).toISOString(),
        head_repository: `${state.owner}/${state.repo}`,
        ...run,
      };
      state.runs.push(full);
      return full;
    },
    addArtifact({ run_id, name, files = {}, zip, expired = false }) {
      const artifact: FakeArtifact = { id: state.nextId++, run_id, name, expired, created_at: new Date().toISOString(), zip: zip ?? buildZip(files) };
      state.artifacts.push(artifact);
      return artifact;
    },
    async addUpload({ name, zip, expires_at }) {
      const files = await unzipToMap(zip);
      const artifact: FakeArtifact = { id: state.nextId++, run_id: state.runId, name, expired: false, created_at: new Date().toISOString(), zip, files };
      if (expires_at) artifact.expires_at = expires_at;
      state.artifacts.push(artifact);
      return artifact;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return fake;
}

function runMatches(run: FakeRun, q: URLSearchParams): boolean {
  const branch = q.get('branch');
  const event = q.get('event');
  const status = q.get('status');
  const sha = q.get('head_sha');
  if (branch !== null && run.head_branch !== branch) return false;
  if (event !== null && run.event !== event) return false;
  if (sha !== null && run.head_sha !== sha) return false;
  if (status !== null && run.conclusion !== status && run.status !== status) return false;
  return true;
}

/** An unsigned JWT with the claim @actions/artifact reads: `scp` naming the run and job backend ids. */
function forgeRuntimeToken(): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ scp: `Actions.GenericRead:00000000 Actions.Results:${RUN_BACKEND}:${JOB_BACKEND}` })}.sig`;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

async function unzipToMap(zip: Buffer): Promise<Map<string, Buffer>> {
  const dir = await mkdtemp(join(tmpdir(), 'trialgate-fake-upload-'));
  try {
    await writeFile(join(dir, 'upload.zip'), zip);
    const names = await extractZip(join(dir, 'upload.zip'), join(dir, 'out'));
    const files = new Map<string, Buffer>();
    for (const name of names) files.set(name, await readFile(join(dir, 'out', name)));
    return files;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
