// Runs the GitHub Action's entry (run() of src/action/start.ts) once per event against the loopback GitHub,
// in a fresh workspace holding a trial set of the built-in inventory task: what the action tests and the
// action-against-CLI parity test drive. Call useFakeGitHub() before importing this module's caller's code.
// A run that is only a test's starting point (the baseline a push uploaded, the shards' uploads before a
// merge) is recorded once per suite run (recorded.ts): pushedBaseline() and recordedUploads().
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { extractZip } from '../../src/util/unzip.ts';
import type { FakeGitHub } from './fake-github.ts';
import { tempDir } from './fixtures.ts';
import { recorded, withContentOf } from './recorded.ts';
import { BUILTIN_SKILL, writeTrialSet } from './trialset.ts';

export const PR = 7;
export const BASE_SHA = 'b'.repeat(40);
export const HEAD_SHA = 'c'.repeat(40);
export const NAME = 'trialgate-results';
export const fullSkill = await readFile(BUILTIN_SKILL, 'utf8');
export const skillWithoutIdempotency = fullSkill.replace(/^## Idempotency[\s\S]*?(?=^## )/m, '');

export interface ActionRun {
  exitCode: number;
  outputs: Record<string, string>;
  summary: string;
  /** The trial set the run used. */
  config: string;
}

export interface ActionOptions {
  event: 'push' | 'pull_request';
  skill?: string;
  inputs?: Record<string, string>;
  changed?: string[];
  attempt?: number;
  command?: string;
  agent?: Record<string, unknown>;
  /** Top-level keys of the trial set (a judge, tasks with judge items). */
  extra?: Record<string, unknown>;
  /** Files written into the workspace beside the trial set (path relative to it → text). */
  files?: Record<string, string>;
  trials?: number;
  /** A pull request from a fork: its head repository is another. */
  fork?: boolean;
  /** Labels on the pull request when the event fired. */
  labels?: string[];
  /** The event's action (`synchronize`, `labeled`, …) and, for `labeled`, the label it added. */
  action?: string;
  label?: string;
  /**
   * The workspace as actions/checkout leaves it: a git repository whose base commit holds the trial set with
   * the full skill and whose head holds this one; the pull request's base sha is that commit's.
   */
  git?: boolean;
}

/**
 * Two tasks on the inventory fixture, each following its own skill (skills/first.md, the full one, and
 * skills/second.md, `second`); the scripted agent is what they share. Options for runAction.
 */
export function twoSkills(second: string): Pick<ActionOptions, 'extra' | 'files'> {
  return {
    extra: {
      watch: [],
      tasks: ['first', 'second'].map((id) => ({
        id,
        fixture: 'fixture',
        acceptance: 'http-cases',
        watch: [`skills/${id}.md`],
        agent: { env: { AGENT_SKILL: `\${TRIALGATE_PROJECT}/skills/${id}.md` } },
      })),
    },
    files: { 'skills/first.md': fullSkill, 'skills/second.md': second },
  };
}

/** Runs the action once for `event` in a workspace holding a trial set whose agent follows `skill`. */
export async function runAction(fake: FakeGitHub, run: () => Promise<void>, options: ActionOptions): Promise<ActionRun> {
  const config = await writeTrialSet({
    skill: options.skill ?? fullSkill,
    ...(options.command ? { command: options.command } : {}),
    ...(options.agent ? { agent: options.agent } : {}),
    ...(options.extra ? { extra: options.extra } : {}),
    ...(options.trials ? { trials: options.trials } : {}),
  });
  const workspace = dirname(config);
  for (const [path, text] of Object.entries(options.files ?? {})) {
    await mkdir(dirname(join(workspace, path)), { recursive: true });
    await writeFile(join(workspace, path), text);
  }
  const baseSha = options.git ? await commitBaseAndHead(workspace, options.skill ?? fullSkill) : BASE_SHA;
  fake.state.event =
    options.event === 'push'
      ? { name: 'push', payload: { ref: 'refs/heads/main', after: BASE_SHA, repository: { full_name: 'acme/agent', default_branch: 'main' } } }
      : {
          name: 'pull_request',
          payload: {
            ...(options.action ? { action: options.action } : {}),
            ...(options.label ? { label: { name: options.label } } : {}),
            pull_request: {
              number: PR,
              base: { ref: 'main', sha: baseSha },
              head: { ref: 'feature', sha: HEAD_SHA, repo: { full_name: options.fork ? 'someone/agent' : 'acme/agent' } },
              labels: (options.labels ?? []).map((name) => ({ name })),
            },
            repository: { full_name: 'acme/agent', default_branch: 'main' },
          },
        };
  if (!fake.state.runs.some((r) => r.id === fake.state.runId)) {
    // This job's own run, as GitHub lists it while it is in progress.
    const own = options.event === 'push' ? { head_sha: BASE_SHA } : { head_sha: HEAD_SHA, event: 'pull_request', head_branch: 'feature' };
    fake.addRun({ id: fake.state.runId, status: 'in_progress', conclusion: null, ...own });
  }
  fake.state.pullFiles.set(
    PR,
    (options.changed ?? ['skills/inventory-testing.md']).map((filename) => ({ filename, status: 'modified' })),
  );
  for (const name of Object.keys(process.env)) if (name.startsWith('INPUT_')) delete process.env[name];
  const env = fake.env({ GITHUB_WORKSPACE: workspace, GITHUB_RUN_ATTEMPT: String(options.attempt ?? 1) });
  Object.assign(process.env, env);
  // k = 1 against one base run keeps these runs short, and there familywise could flag nothing (a drop is
  // undecided): at k = 1 the tests of the action's plumbing gate strictly, as a maintainer of a deterministic
  // suite would choose; a test of the default at k = 1 passes `policy: 'auto'`.
  const k = Number(options.inputs?.trials || options.trials || 1);
  const inputs = { 'github-token': fake.token, ...(k === 1 ? { policy: 'strict' } : {}), ...options.inputs };
  for (const [name, value] of Object.entries(inputs)) process.env[`INPUT_${name.toUpperCase()}`] = value;
  process.exitCode = 0;
  await run();
  const exitCode = Number(process.exitCode ?? 0);
  process.exitCode = 0;
  return { exitCode, outputs: parseOutputs(await readFile(env.GITHUB_OUTPUT!, 'utf8')), summary: await readFile(env.GITHUB_STEP_SUMMARY!, 'utf8'), config };
}

/** The workspace made a git repository: a base commit with the full skill, then the head's skill; the base's sha. */
async function commitBaseAndHead(workspace: string, headSkill: string): Promise<string> {
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-C', workspace, ...args], { encoding: 'utf8' }).trim();
  const skill = join(workspace, 'skills', 'inventory-testing.md');
  git('init', '-q');
  await writeFile(skill, fullSkill);
  git('add', '.');
  git('commit', '-qm', 'base');
  const base = git('rev-parse', 'HEAD');
  await writeFile(skill, headSkill);
  git('commit', '-qam', 'head', '--allow-empty');
  return base;
}

function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  for (const match of text.matchAll(/^([\w-]+)<<(\S+)\n([\s\S]*?)\n\2$/gm)) outputs[match[1]!] = match[3]!;
  return outputs;
}

/** Make the artefact this run uploaded the baseline of a past successful push run on main; returns that run's id. */
export function promoteUploadToBaseline(fake: FakeGitHub, headSha = BASE_SHA): number {
  const uploaded = fake.state.artifacts.find((a) => a.run_id === fake.state.runId && a.name === NAME);
  assert.ok(uploaded, 'the run uploaded its results artefact');
  const past = fake.addRun({ head_sha: headSha });
  fake.state.artifacts = fake.state.artifacts.filter((a) => a !== uploaded);
  fake.addArtifact({ run_id: past.id, name: NAME, zip: uploaded.zip });
  return past.id;
}

/** The variables fake.env() sets besides GITHUB_*: the fake's own, another in each test file. */
const FAKE_OWN_ENV = ['ACTIONS_RUNTIME_TOKEN', 'ACTIONS_RESULTS_URL', 'RUNNER_TEMP'];

export interface RecordedUploads {
  exitCode: number;
  /** The artefacts the run uploaded, in upload order. */
  uploads: { name: string; zip: Buffer; expires_at?: string }[];
}

/**
 * What an action run of `options` uploaded and how it exited, recorded once per suite run: the first time,
 * run on this fake, which is then put back as it was before (the run leaves no trace in its state).
 * The description it is recorded under holds `options`, the environment the action reads beyond what
 * runAction sets, and the repositories the fake serves (a holdout source).
 */
export async function recordedUploads(fake: FakeGitHub, run: () => Promise<void>, options: ActionOptions): Promise<RecordedUploads> {
  // What runAction sets, and what each file's own fake puts there (its address, token and temporary
  // directory): not what a push is, so two files asking for the same push share one recording.
  const env = Object.entries(process.env)
    .filter(([name]) => !name.startsWith('INPUT_') && !name.startsWith('GITHUB_') && !FAKE_OWN_ENV.includes(name))
    .sort(([a], [b]) => a.localeCompare(b));
  const repos = [...fake.state.repos].map(([name, repo]) => [
    name,
    repo.token,
    repo.refs,
    Object.entries(repo.files).map(([path, bytes]) => [path, createHash('sha256').update(bytes).digest('hex')]),
  ]);
  // No trials named is one trial (runAction): the same push, whichever way a test says it.
  const described = withContentOf({ ...options, trials: options.trials ?? 1 }, ['fixture']);
  const dir = await recorded({ action: described, env, repos }, async (into) => {
    const restore = fake.snapshot();
    try {
      const before = new Set(fake.state.artifacts);
      const result = await runAction(fake, run, options);
      const uploads = fake.state.artifacts.filter((a) => !before.has(a));
      for (const [i, upload] of uploads.entries()) await writeFile(join(into, `${i}.zip`), upload.zip);
      const described = uploads.map((u) => ({ name: u.name, ...(u.expires_at ? { expires_at: u.expires_at } : {}) }));
      await writeFile(join(into, 'uploads.json'), JSON.stringify({ exitCode: result.exitCode, uploads: described }));
    } finally {
      restore();
    }
  });
  const { exitCode, uploads } = JSON.parse(await readFile(join(dir, 'uploads.json'), 'utf8')) as {
    exitCode: number;
    uploads: { name: string; expires_at?: string }[];
  };
  return { exitCode, uploads: await Promise.all(uploads.map(async (u, i) => ({ ...u, zip: await readFile(join(dir, `${i}.zip`)) }))) };
}

/** Put the recorded uploads in the fake as this job's own, as if it had just uploaded them. */
export async function replayUploads(fake: FakeGitHub, recording: RecordedUploads): Promise<void> {
  for (const upload of recording.uploads) await fake.addUpload(upload);
}

/**
 * A past successful push run on main (head `headSha`) holding the results artefact that a push of
 * `options` uploads, recorded once per suite run: what a push then promoteUploadToBaseline() leave, without
 * running the push again. Returns that run's id.
 */
export async function pushedBaseline(
  fake: FakeGitHub,
  run: () => Promise<void>,
  options: Omit<ActionOptions, 'event'> = {},
  headSha = BASE_SHA,
): Promise<number> {
  const pushed = await recordedUploads(fake, run, { ...options, event: 'push' });
  assert.equal(pushed.exitCode, 0, 'the recorded push to main passed');
  const results = pushed.uploads.find((u) => u.name === NAME);
  assert.ok(results, 'the recorded push uploaded its results artefact');
  const past = fake.addRun({ head_sha: headSha });
  fake.addArtifact({ run_id: past.id, name: NAME, zip: results.zip });
  return past.id;
}

/** The base artefact as `gh run download` leaves it: one directory per artefact. */
export async function downloadedBaseline(fake: FakeGitHub): Promise<string> {
  const dir = await tempDir('trialgate-downloaded-');
  const artifact = fake.state.artifacts.find((a) => a.name === NAME && a.run_id !== fake.state.runId)!;
  const zip = join(await tempDir('trialgate-zip-'), 'artifact.zip');
  await writeFile(zip, artifact.zip);
  const into = join(dir, `run-${artifact.run_id}`, NAME);
  await mkdir(into, { recursive: true });
  await extractZip(zip, into);
  return dir;
}
