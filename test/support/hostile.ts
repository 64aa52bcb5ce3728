// Trial sets around the hostile agent, and the process-table checks the attack tests share.
import { randomUUID } from 'node:crypto';
import { cp, mkdir, readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTrialSet, type RunOutput } from '../../src/trial/run-set.ts';
import { tempDir } from './fixtures.ts';
import { writeTrialSet } from './trialset.ts';

const HOSTILE_AGENT = fileURLToPath(new URL('./hostile-agent.mjs', import.meta.url));
export const SCAN_LISTENERS = fileURLToPath(new URL('./scan-listeners.mjs', import.meta.url));
export const ISOLATIONS = ['required', 'none'] as const;
export type Isolation = (typeof ISOLATIONS)[number];

export interface HostileRun extends RunOutput {
  project: string;
  /** A string in every service's command line of this run: the process table can be searched for it. */
  marker: string;
}

/**
 * Run the hostile agent with `modes`. The fixture's service carries a unique marker on its command line,
 * so that the test can check that no service of this run outlives it.
 */
export async function runHostile(
  modes: string,
  isolation: Isolation,
  options: { trials?: number; env?: Record<string, string>; extra?: Record<string, unknown> } = {},
): Promise<HostileRun> {
  const marker = `tg-test-${randomUUID()}`;
  const configPath = await writeTrialSet({
    command: 'node "$TRIALGATE_PROJECT/hostile/hostile-agent.mjs"',
    trials: options.trials ?? 1,
    env: { HOSTILE_MODE: modes, HOSTILE_ID: marker, ...options.env },
    agent: { isolation, files: ['fixture/agent', 'hostile'] },
    ...(options.extra ? { extra: options.extra } : {}),
  });
  const project = dirname(configPath);
  await mkdir(join(project, 'hostile'));
  await cp(HOSTILE_AGENT, join(project, 'hostile', 'hostile-agent.mjs'));
  await cp(SCAN_LISTENERS, join(project, 'hostile', 'scan-listeners.mjs'));
  const manifestPath = join(project, 'fixture', 'fixture.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8'));
  manifest.service.command = [...manifest.service.command, `--${marker}`];
  await (await import('node:fs/promises')).writeFile(manifestPath, JSON.stringify(manifest, null, 2));
  const output = await runTrialSet({ configPath, outDir: await tempDir('trialgate-run-') });
  return { ...output, project, marker };
}

/** The pids of live processes whose command line or environment holds `needle`. */
export async function processesWith(needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    const environ = await readFile(`/proc/${pid}/environ`, 'utf8').catch(() => '');
    if (cmdline.includes(needle) || environ.includes(needle)) found.push(`${pid}: ${cmdline.replaceAll('\0', ' ').slice(0, 120)}`);
  }
  return found;
}

/** What the hostile agent reported it could see and do. */
export async function foundBy(run: RunOutput, trial = 0): Promise<string> {
  const t = run.results.tasks[0]!.trials[trial]!;
  return readFile(join(run.runDir, t.evidence, 'evidence', 'agent.log'), 'utf8');
}
