// Runs the GitHub Action's entry (run() of src/action/start.ts) once per event against the loopback GitHub,
// in a fresh workspace holding a trial set of the built-in inventory task: what the action tests and the
// action-against-CLI parity test drive. Call useFakeGitHub() before importing this module's caller's code.
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { FakeGitHub } from './fake-github.ts';
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
  fake.state.event =
    options.event === 'push'
      ? { name: 'push', payload: { ref: 'refs/heads/main', after: BASE_SHA, repository: { full_name: 'acme/agent', default_branch: 'main' } } }
      : {
          name: 'pull_request',
          payload: {
            pull_request: {
              number: PR,
              base: { ref: 'main', sha: BASE_SHA },
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
  for (const [name, value] of Object.entries({ 'github-token': fake.token, ...options.inputs })) process.env[`INPUT_${name.toUpperCase()}`] = value;
  process.exitCode = 0;
  await run();
  const exitCode = Number(process.exitCode ?? 0);
  process.exitCode = 0;
  return { exitCode, outputs: parseOutputs(await readFile(env.GITHUB_OUTPUT!, 'utf8')), summary: await readFile(env.GITHUB_STEP_SUMMARY!, 'utf8'), config };
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
