// Writes a temporary trial set around the built-in inventory fixture and its scripted agent.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { INVENTORY, tempDir } from './fixtures.ts';

export interface TrialSetOptions {
  trials?: number;
  env?: Record<string, string>;
  wallSeconds?: number;
  fixture?: string;
  command?: string;
  extra?: Record<string, unknown>;
  /** The skill the scripted agent follows; default the built-in one. */
  skill?: string;
}

export const BUILTIN_SKILL = join(INVENTORY, 'agent', 'skills', 'inventory-testing.md');

/** Returns the path of a trialgate.yml in a fresh directory. */
export async function writeTrialSet(options: TrialSetOptions = {}): Promise<string> {
  const dir = await tempDir('trialgate-set-');
  // The skill lives beside the trial set, as in a user's repository, and is what `watch` hashes.
  await mkdir(join(dir, 'skills'));
  await writeFile(join(dir, 'skills', 'inventory-testing.md'), options.skill ?? (await readFile(BUILTIN_SKILL, 'utf8')));
  const config = {
    version: 1,
    name: 'test-set',
    trials: options.trials ?? 1,
    concurrency: 2,
    seed: 7,
    budget: { wall_seconds: options.wallSeconds ?? 30 },
    agent: {
      command: options.command ?? `node ${JSON.stringify(join(INVENTORY, 'agent', 'scripted-agent.mjs'))}`,
      env: { INVENTORY_SKILL: '${TRIALGATE_PROJECT}/skills/inventory-testing.md', ...options.env },
    },
    watch: ['skills/**'],
    tasks: [{ id: 'inventory', set: 'dev', fixture: options.fixture ?? INVENTORY, acceptance: 'http-cases' }],
    ...options.extra,
  };
  const path = join(dir, 'trialgate.yml');
  await writeFile(path, stringify(config));
  return path;
}
