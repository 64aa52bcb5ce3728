// One hostile-listener scenario of test/listener-attacks.test.ts, run in the network it was started in.
// The test starts it in a network namespace of its own (inNetworkOfItsOwn below): there the run's network
// is what "the runner's network" is to its agents, and the hostile agent's scan attacks this run's
// listeners only, never the servers of the test files running beside it.
//   tools   a tools task at concurrency 2: trial 1 scans while each boundary run of trial 2 is alive
//   judge   the inventory task with a judge.command at concurrency 2: trial 1 scans
// Prints one JSON line: { runDir, project }.
import { execFile } from 'node:child_process';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parse, stringify } from 'yaml';
import { runTrialSet } from '../../src/trial/run-set.ts';
import { ROOT, tempDir, TS_LOADER } from './fixtures.ts';
import { runHostile } from './hostile.ts';
import { startRendezvous } from './rendezvous.ts';
import { writeToolsTrialSet } from './tools.ts';

const SUPPORT = fileURLToPath(new URL('./', import.meta.url));

/** Run `scenario` in a fresh network namespace (bubblewrap, the filesystem as it is); what it printed. */
export async function inNetworkOfItsOwn(scenario: 'tools' | 'judge'): Promise<{ runDir: string; project: string }> {
  const script = fileURLToPath(import.meta.url);
  const { stdout } = await promisify(execFile)(
    'bwrap',
    ['--unshare-user', '--unshare-net', '--bind', '/', '/', '--dev-bind', '/dev', '/dev', '--', process.execPath, '--import', TS_LOADER, script, scenario],
    { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as { runDir: string; project: string };
}

async function tools(): Promise<{ runDir: string; project: string }> {
  const rendezvous = await startRendezvous();
  try {
    const config = await writeToolsTrialSet({ trials: 2 });
    const project = dirname(config);
    await mkdir(join(project, 'hostile'));
    for (const file of ['hostile-tools-agent.mjs', 'scan-listeners.mjs']) await cp(join(SUPPORT, file), join(project, 'hostile', file));
    const yaml = parse(await readFile(config, 'utf8'));
    yaml.budget.wall_seconds = 90;
    yaml.agent.command = 'node "$TRIALGATE_PROJECT/hostile/hostile-tools-agent.mjs"';
    yaml.agent.files.push('hostile');
    Object.assign(yaml.agent.env, {
      HOSTILE_RENDEZVOUS: rendezvous.url,
      HOSTILE_ATTACKER_TRIAL: '1',
      HONEST_AGENT: '${TRIALGATE_PROJECT}/fixtures/operations/agent/operations-agent.mjs',
    });
    await writeFile(config, stringify(yaml));
    const { runDir } = await runTrialSet({ configPath: config, outDir: await tempDir('trialgate-listeners-'), isolation: 'required' });
    return { runDir, project };
  } finally {
    await rendezvous.close();
  }
}

async function judge(): Promise<{ runDir: string; project: string }> {
  const repo = parse(await readFile(join(ROOT, 'trialgate.yml'), 'utf8')) as { judge: { model: string }; tasks: { judge: { items: unknown[] } }[] };
  // The judge says where it listened (inside its own network when isolated): the test looks for that port.
  const judgeConfig = {
    model: repo.judge.model,
    command: 'node fixture/judge/scripted-judge.mjs | tee "$TRIALGATE_PROJECT/judge.out"',
    calibration: 'fixture/judge/calibration.json',
  };
  const task = { id: 'inventory', set: 'dev', fixture: 'fixture', acceptance: 'http-cases', judge: { items: repo.tasks[0]!.judge.items } };
  const run = await runHostile('scan-listeners', 'required', { trials: 2, extra: { judge: judgeConfig, tasks: [task] } });
  return { runDir: run.runDir, project: run.project };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const scenario = process.argv[2];
  const ran = scenario === 'tools' ? await tools() : scenario === 'judge' ? await judge() : undefined;
  if (!ran) throw new Error(`no scenario ${scenario}: tools or judge`);
  process.stdout.write(`${JSON.stringify(ran)}\n`);
}
