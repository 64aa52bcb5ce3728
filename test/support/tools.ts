// Helpers for the tool-using operations fixture: its scripted agent with the full skill or with one
// section removed, one boundary run in a fresh directory, and a trial set around the fixture.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { loadFixture } from '../../src/fixture/load.ts';
import { runBoundary, type BoundaryRun } from '../../src/tools/run.ts';
import { withoutSection } from '../../src/tools/validate.ts';
import { ROOT, tempDir } from './fixtures.ts';

export const OPERATIONS = join(ROOT, 'fixtures', 'operations');
export const OPERATIONS_SKILL = join(OPERATIONS, 'agent', 'skills', 'operations.md');
export const OPERATIONS_AGENT = `node ${JSON.stringify(join(OPERATIONS, 'agent', 'operations-agent.mjs'))}`;

/** The skill text, without the `## heading` section when one is named. */
export async function skillText(without?: string): Promise<string> {
  const full = await readFile(OPERATIONS_SKILL, 'utf8');
  return without ? withoutSection(full, without) : full;
}

/** One run of the scripted agent at `variant`, in a fresh trial directory. */
export async function runAt(variant: string, without?: string, fixtureDir = OPERATIONS): Promise<BoundaryRun & { trialDir: string }> {
  const trialDir = await tempDir('trialgate-tools-');
  const skill = join(trialDir, 'skill.md');
  await writeFile(skill, await skillText(without));
  const run = await runBoundary({
    fixture: await loadFixture(fixtureDir),
    variant,
    trialDir,
    agent: { command: OPERATIONS_AGENT, env: { ...process.env, OPERATIONS_SKILL: skill }, wallMs: 30_000, logCapBytes: 1 << 20, secrets: [] },
  });
  return { ...run, trialDir };
}

/** A trialgate.yml with the operations task; the skill sits beside it, as in a user's repository. */
export async function writeToolsTrialSet(options: { without?: string; trials?: number; fixture?: string; acceptance?: Record<string, unknown>; faults?: Record<string, string> } = {}): Promise<string> {
  const dir = await tempDir('trialgate-tools-set-');
  await mkdir(join(dir, 'skills'));
  await writeFile(join(dir, 'skills', 'operations.md'), await skillText(options.without));
  const config = {
    version: 1,
    name: 'tools-set',
    trials: options.trials ?? 1,
    concurrency: 2,
    seed: 3,
    budget: { wall_seconds: 30 },
    agent: { command: OPERATIONS_AGENT, env: { OPERATIONS_SKILL: '${TRIALGATE_PROJECT}/skills/operations.md' } },
    watch: ['skills/**'],
    tasks: [
      {
        id: 'operations',
        fixture: options.fixture ?? OPERATIONS,
        acceptance: { kind: 'tools', ...options.acceptance },
        ...(options.faults ? { faults: options.faults } : {}),
      },
    ],
  };
  const path = join(dir, 'trialgate.yml');
  await writeFile(path, stringify(config));
  return path;
}
