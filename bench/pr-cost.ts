// Issue 24.2 and 24.3, what a pull request costs in agent trials: a trial set of five skills (five tasks,
// each following its own skill; three on one fixture, two on another; the scripted agent their shared
// code), k = 3, one base run recorded with `trialgate run`. Each pull request below is a copy of the
// project with the change applied, gated with `trialgate gate` twice: with `--changed` (only the tasks
// the change affects rerun) and as the gate ran before (every task on any change it watched: the
// trial set's watch globs, the fixtures and the trial-set file; nothing otherwise). Agent trials are the
// head trials that ran, the confirmation's included; "fixed k" is k × the tasks rerun.
// What the confirmation costs over a large suite (50 × 4 checks, flaky ones included) is in
// bench/results/policy-simulation.md, through the same gate; this bench counts whole pull requests.
// Run: node --import tsx bench/pr-cost.ts
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { appendFile, cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import picomatch from 'picomatch';
import { stringify } from 'yaml';
import { machine, ROOT, writeResult } from './support.ts';
import { bundleCurrent, privateTmp } from './support/bundle.ts';

const K = 3;
const TASKS = [
  { id: 'orders-reserve', fixture: 'fixtures/orders' },
  { id: 'orders-release', fixture: 'fixtures/orders' },
  { id: 'orders-audit', fixture: 'fixtures/orders' },
  { id: 'stock-count', fixture: 'fixtures/stock' },
  { id: 'stock-restock', fixture: 'fixtures/stock' },
];
const work = join(tmpdir(), `trialgate-bench-pr-cost-${process.pid}`);
const skill = await readFile(join(ROOT, 'fixtures', 'inventory', 'agent', 'skills', 'inventory-testing.md'), 'utf8');

/** The project as on the base branch. */
async function project(dir: string): Promise<void> {
  await mkdir(join(dir, 'skills'), { recursive: true });
  await mkdir(join(dir, 'agent'), { recursive: true });
  await cp(join(ROOT, 'fixtures', 'inventory', 'agent', 'scripted-agent.mjs'), join(dir, 'agent', 'scripted-agent.mjs'));
  for (const name of ['orders', 'stock']) await cp(join(ROOT, 'fixtures', 'inventory'), join(dir, 'fixtures', name), { recursive: true });
  for (const task of TASKS) await writeFile(join(dir, 'skills', `${task.id}.md`), skill);
  const config = {
    version: 1,
    name: 'pr-cost',
    trials: K,
    seed: 1,
    budget: { wall_seconds: 120 },
    agent: { command: 'node "$TRIALGATE_PROJECT/agent/scripted-agent.mjs"', files: ['agent'] },
    tasks: TASKS.map((t) => ({
      id: t.id,
      fixture: t.fixture,
      acceptance: 'http-cases',
      watch: [`skills/${t.id}.md`],
      agent: { env: { AGENT_SKILL: `\${TRIALGATE_PROJECT}/skills/${t.id}.md` } },
    })),
  };
  await writeFile(join(dir, 'trialgate.yml'), `# the trial set of bench/pr-cost.ts\n${stringify(config)}`);
}

/** What the gate watched before tasks had files of their own: one watch list for all (the skills), the fixtures, the trial set. */
const watchedBefore = picomatch(['skills/**', 'fixtures/orders/**', 'fixtures/stock/**', 'trialgate.yml'], { dot: true });

interface Scenario {
  name: string;
  kind: 'unchanged' | 'regressed' | 'changed task' | 'skipped';
  changed: string[];
  apply: (dir: string) => Promise<void>;
}

const scenarios: Scenario[] = [
  {
    name: 'one skill reworded',
    kind: 'unchanged',
    changed: ['skills/orders-reserve.md'],
    apply: (dir) => writeFile(join(dir, 'skills', 'orders-reserve.md'), skill.replace('Use this checklist', 'Always use this checklist')),
  },
  {
    name: 'one skill loses its idempotency section',
    kind: 'regressed',
    changed: ['skills/orders-reserve.md'],
    apply: (dir) => writeFile(join(dir, 'skills', 'orders-reserve.md'), skill.replace(/^## Idempotency[\s\S]*?(?=^## )/m, '')),
  },
  {
    name: 'two skills reworded',
    kind: 'unchanged',
    changed: ['skills/orders-audit.md', 'skills/stock-count.md'],
    apply: async (dir) => {
      for (const id of ['orders-audit', 'stock-count'])
        await writeFile(join(dir, 'skills', `${id}.md`), skill.replace('Use this checklist', 'Always use this checklist'));
    },
  },
  {
    name: 'the fixture three tasks share',
    kind: 'changed task',
    changed: ['fixtures/orders/task.txt'],
    apply: (dir) => appendFile(join(dir, 'fixtures', 'orders', 'task.txt'), '\nKeep the playbook short.\n'),
  },
  {
    name: 'the agent code every task shares',
    kind: 'unchanged',
    changed: ['agent/scripted-agent.mjs'],
    apply: (dir) => appendFile(join(dir, 'agent', 'scripted-agent.mjs'), '\n// a comment\n'),
  },
  {
    name: 'the trial-set file',
    kind: 'unchanged',
    changed: ['trialgate.yml'],
    apply: (dir) => appendFile(join(dir, 'trialgate.yml'), '# a comment\n'),
  },
  { name: 'README only', kind: 'skipped', changed: ['README.md'], apply: (dir) => writeFile(join(dir, 'README.md'), '# notes\n') },
];

async function cli(bin: string, args: string[]): Promise<{ code: number; wallMs: number; stderr: string }> {
  const started = performance.now();
  const child = spawn(process.execPath, [bin, ...args], { cwd: ROOT, env: await privateTmp(), stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-6000)));
  const [code] = (await once(child, 'exit')) as [number];
  return { code, wallMs: performance.now() - started, stderr };
}

interface Gated {
  tasks: number;
  trials: number;
  firstRound: number;
  /** Most head trials of one task. */
  most: number;
  /** Gated checks in the family (the comment's policy line). */
  family: number | null;
  verdict: string;
  wallMs: number;
}

/** The gate of the pull request in `dir`: with `changed`, only the tasks it affects; without, every task. */
async function gate(bin: string, dir: string, base: string, changed: string[] | null): Promise<Gated> {
  const out = join(dir, `.gate-${changed ? 'scoped' : 'all'}`);
  const list = join(dir, '.changed.txt');
  await writeFile(list, (changed ?? []).join('\n') + '\n');
  const run = await cli(bin, ['gate', '--config', join(dir, 'trialgate.yml'), '--base-dir', base, '--out', out, ...(changed ? ['--changed', list] : [])]);
  if (![0, 1, 3].includes(run.code)) throw new Error(`gate exited ${run.code}: ${run.stderr}`);
  const verdict = /trialgate gate: (\S+?)(:|\n|$)/.exec(run.stderr)?.[1] ?? (/skipped/.test(run.stderr) ? 'skipped' : '?');
  const results = await readFile(join(out, 'results.json'), 'utf8').catch(() => null);
  if (!results) return { tasks: 0, trials: 0, firstRound: 0, most: 0, family: null, verdict, wallMs: run.wallMs };
  const head = JSON.parse(results) as { tasks: { not_rerun?: string; trials: { trial: number; outcome: string }[] }[] };
  const ran = head.tasks.filter((t) => t.not_rerun === undefined);
  const launched = ran.flatMap((t) => t.trials.filter((x) => x.outcome !== 'unexecuted'));
  const family = /each of the (\d+) gated checks/.exec(await readFile(join(out, 'report.md'), 'utf8'))?.[1];
  return {
    tasks: ran.length,
    trials: launched.length,
    firstRound: launched.filter((x) => x.trial <= K).length,
    most: Math.max(...ran.map((t) => t.trials.length)),
    family: family ? Number(family) : null,
    verdict,
    wallMs: run.wallMs,
  };
}

await rm(work, { recursive: true, force: true });
const bin = await bundleCurrent('pr-cost');
const baseProject = join(work, 'base');
await project(baseProject);
const baseRun = join(work, 'base-run');
const recorded = await cli(bin, ['run', '--config', join(baseProject, 'trialgate.yml'), '--out', join(baseRun, 'results')]);
if (recorded.code !== 0) throw new Error(`the base run failed: ${recorded.stderr}`);

const rows: { scenario: Scenario; scoped: Gated; before: Gated; load: number }[] = [];
for (const [i, scenario] of scenarios.entries()) {
  const dir = join(work, `pr-${i}`);
  await cp(baseProject, dir, { recursive: true });
  await scenario.apply(dir);
  const load = loadavg()[0]!;
  const scoped = await gate(bin, dir, baseRun, scenario.changed);
  const ranBefore = scenario.changed.some((path) => watchedBefore(path));
  const before = ranBefore ? await gate(bin, dir, baseRun, null) : { tasks: 0, trials: 0, firstRound: 0, most: 0, family: null, verdict: 'skipped', wallMs: 0 };
  rows.push({ scenario, scoped, before, load });
}
await rm(work, { recursive: true, force: true });

const s = (ms: number) => (ms ? (ms / 1000).toFixed(1) : '–');
const times = (a: number, b: number) => (b ? `${(a / b).toFixed(2)}×` : '–');
const table = rows
  .map(
    ({ scenario, scoped, before, load }) =>
      `| ${scenario.name} (${scenario.kind}) | ${scenario.changed.join(', ')} | ${load.toFixed(1)} | ${scoped.tasks} of ${TASKS.length} | **${scoped.trials}** (${scoped.firstRound} + ${scoped.trials - scoped.firstRound}) | ${times(scoped.trials, scoped.tasks * K)} | ${scoped.verdict} | ${s(scoped.wallMs)} | ${before.tasks} of ${TASKS.length} | ${before.trials} (${before.firstRound} + ${before.trials - before.firstRound}) | ${times(before.trials, before.tasks * K)} | ${before.verdict} | ${s(before.wallMs)} | **${times(scoped.trials, before.trials)}** |`,
  )
  .join('\n');
const regressed = rows.find((r) => r.scenario.kind === 'regressed')!;
const perSkill = rows.filter((r) => r.scenario.changed.every((p) => p.startsWith('skills/')) && r.scenario.kind !== 'skipped');
const sum = (f: (r: (typeof rows)[number]) => number) => perSkill.reduce((n, r) => n + f(r), 0);

await writeResult(
  'pr-cost',
  `# What a pull request costs in agent trials: only the tasks it changed, and the confirmation's share

${new Date().toISOString()} · ${machine()} · a trial set of ${TASKS.length} skills (${TASKS.map((t) => t.id).join(', ')}; the first three on one fixture, the last two on another; the scripted agent is the code they share), k = ${K}, one base run. Each pull request is gated with \`trialgate gate --changed\` ("now") and as before, when every change to a watched skill, a fixture or the trial set reran every task and any other change (the agent's own code included) was skipped ("before"). Agent trials are the head trials that ran: first round + confirmation.

| pull request | changed | load | now: tasks rerun | now: agent trials | now ÷ fixed k | now: verdict | now: wall s | before: tasks rerun | before: agent trials | before ÷ fixed k | before: verdict | before: wall s | agent trials, now ÷ before |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
${table}

- Pull requests that change skills only (the rows above that touch nothing but skills/): **${sum((r) => r.scoped.trials)} agent trials against ${sum((r) => r.before.trials)} before (${times(
    sum((r) => r.scoped.trials),
    sum((r) => r.before.trials),
  )})**.
- The lost detection costs fewer confirmation trials when fewer tasks rerun: the family is the gated checks of the tasks
  that ran (${regressed.scoped.family} now, ${regressed.before.family} before), so each check's share of α is larger and a total loss is tested at
  ${regressed.scoped.most} head trials of its task instead of ${regressed.before.most}. The false-alarm bound is unchanged: at most α of pull requests that change
  nothing fail, over the checks that can fail, and a task not rerun has none.
- A change to what every task shares (the agent's code, the trial-set file) reruns every task; before, a change to the agent's code outside the watch list was not gated at all.
- The confirmation's cost is in the "÷ fixed k" columns: an unchanged pull request whose checks all agree needs none (1.00×); a lost
  detection on one task sends that task, and only it, to the look that tests it. Over a suite of 50 tasks × 4 checks with
  flaky ones, head trials ÷ fixed k are 1.00–1.32× unchanged and 1.02–1.34× with one check lost (bench/results/policy-simulation.md).
`,
);
