// Writes a temporary project around a copy of the built-in inventory fixture and its scripted agent: a
// trial set, its watched skill, and every fixture it names copied inside (paths stay inside the project).
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, isAbsolute, join } from 'node:path';
import { stringify } from 'yaml';
import { INVENTORY, tempDir } from './fixtures.ts';

export interface TrialSetOptions {
  trials?: number;
  env?: Record<string, string>;
  wallSeconds?: number;
  /** A fixture directory anywhere: it is copied into the project as fixture/. */
  fixture?: string;
  command?: string;
  extra?: Record<string, unknown>;
  /** Merged into the agent section. */
  agent?: Record<string, unknown>;
  /** The skill the scripted agent follows; default the built-in one. */
  skill?: string;
  /** The project directory to write into (default a fresh temporary one). */
  dir?: string;
}

export const BUILTIN_SKILL = join(INVENTORY, 'agent', 'skills', 'inventory-testing.md');
export const SCRIPTED_AGENT = 'node "$TRIALGATE_PROJECT/fixture/agent/scripted-agent.mjs"';

/** Returns the path of a trialgate.yml in a fresh project directory. */
export async function writeTrialSet(options: TrialSetOptions = {}): Promise<string> {
  const dir = options.dir ?? (await tempDir('trialgate-set-'));
  // The skill lives beside the trial set, as in a user's repository, and is what `watch` hashes.
  await mkdir(join(dir, 'skills'));
  await writeFile(join(dir, 'skills', 'inventory-testing.md'), options.skill ?? (await readFile(BUILTIN_SKILL, 'utf8')));
  await cp(options.fixture ?? INVENTORY, join(dir, 'fixture'), { recursive: true });
  const extra = { ...options.extra };
  if (Array.isArray(extra.tasks)) extra.tasks = await Promise.all(extra.tasks.map((task: Record<string, unknown>) => withFixtureInside(dir, task)));
  const config = {
    version: 1,
    name: 'test-set',
    trials: options.trials ?? 1,
    concurrency: 2,
    seed: 7,
    budget: { wall_seconds: options.wallSeconds ?? 30 },
    agent: {
      command: options.command ?? SCRIPTED_AGENT,
      env: { AGENT_SKILL: '${TRIALGATE_PROJECT}/skills/inventory-testing.md', ...options.env },
      files: ['fixture/agent'],
      ...options.agent,
    },
    watch: ['skills/**'],
    tasks: [{ id: 'inventory', set: 'dev', fixture: 'fixture', acceptance: 'http-cases' }],
    ...extra,
  };
  const path = join(dir, 'trialgate.yml');
  await writeFile(path, stringify(config));
  return path;
}

/** A task whose fixture is an absolute path outside the project gets a copy inside it. */
async function withFixtureInside(dir: string, task: Record<string, unknown>): Promise<Record<string, unknown>> {
  const fixture = task.fixture;
  if (typeof fixture !== 'string' || !isAbsolute(fixture) || fixture.startsWith(dir)) return task;
  const name = `fixtures/${basename(fixture)}-${String(task.id ?? 'task')}`;
  await cp(fixture, join(dir, name), { recursive: true });
  return { ...task, fixture: name };
}
