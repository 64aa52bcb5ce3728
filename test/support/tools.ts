// Helpers for the tool-using operations fixture: its scripted agent with the full skill or with one
// section removed, one boundary run in a fresh directory, and a trial set around a copy of the fixture.
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { stringify } from 'yaml';
import { loadFixture } from '../../src/fixture/load.ts';
import { openSandbox } from '../../src/isolation/open.ts';
import { runBoundary, type BoundaryRun } from '../../src/kinds/tools/run.ts';
import { referenceAgentHost, withoutSection } from '../../src/kinds/tools/validate.ts';
import { Scrubber } from '../../src/util/scrub.ts';
import { ROOT, tempDir } from './fixtures.ts';

export const OPERATIONS = join(ROOT, 'fixtures', 'operations');
export const OPERATIONS_SKILL = join(OPERATIONS, 'agent', 'skills', 'operations.md');

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
  const fixture = await loadFixture(fixtureDir);
  const sandbox = await openSandbox('auto');
  try {
    const host = referenceAgentHost({ sandbox, scrubber: Scrubber.none }, fixture, trialDir, { TRIALGATE_FIXTURE: fixture.dir, OPERATIONS_SKILL: skill }, [
      skill,
    ]);
    const run = await runBoundary(host, fixture, variant);
    return { ...run, trialDir };
  } finally {
    await sandbox.dispose();
  }
}

/** Copy a fixture and what it includes into `project`, at fixtures/<name>; the relative path to it. */
export async function copyFixtureInto(project: string, fixtureDir: string, name: string): Promise<string> {
  const to = join(project, 'fixtures', name);
  await cp(fixtureDir, to, { recursive: true });
  const manifest = JSON.parse(await readFile(join(fixtureDir, 'fixture.json'), 'utf8')) as { include?: string[] };
  for (const included of manifest.include ?? []) await cp(resolve(fixtureDir, included), resolve(to, included), { recursive: true });
  return `fixtures/${name}`;
}

/** A trialgate.yml with the operations task; the skill sits beside it, as in a user's repository. */
export async function writeToolsTrialSet(
  options: { without?: string; trials?: number; fixture?: string; acceptance?: Record<string, unknown>; faults?: Record<string, string> } = {},
): Promise<string> {
  const dir = await tempDir('trialgate-tools-set-');
  await mkdir(join(dir, 'skills'));
  await writeFile(join(dir, 'skills', 'operations.md'), await skillText(options.without));
  const fixture = await copyFixtureInto(dir, options.fixture ?? OPERATIONS, 'operations');
  const config = {
    version: 1,
    name: 'tools-set',
    trials: options.trials ?? 1,
    concurrency: 2,
    seed: 3,
    budget: { wall_seconds: 30 },
    agent: {
      command: `node "$TRIALGATE_PROJECT/${fixture}/agent/operations-agent.mjs"`,
      env: { OPERATIONS_SKILL: '${TRIALGATE_PROJECT}/skills/operations.md' },
      files: [`${fixture}/agent`],
    },
    watch: ['skills/**'],
    tasks: [
      {
        id: 'operations',
        fixture,
        acceptance: { kind: 'tools', ...options.acceptance },
        ...(options.faults ? { faults: options.faults } : {}),
      },
    ],
  };
  const path = join(dir, 'trialgate.yml');
  await writeFile(path, stringify(config));
  return path;
}
