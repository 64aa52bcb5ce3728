// Issue 24.1, agents wide and acceptance narrow: 24 trials of the inventory task whose agent is the
// scripted agent behind `sleep 3` (an agent that mostly waits, as one calling a model does), run with
// `trialgate run --concurrency C` for C = 1, 2, 4, 8, 24 on this machine's cores. Each run is one whole
// process, its wall time against the model N·S/C + N·a/cores (S: an agent run, a: a trial's own work
// beyond its agent, both medians at concurrency 1), and its process tree's peak PSS with and without the
// agents' own processes (sampled from /proc). The code before the change (a git revision, default main)
// runs the same at C = 1, to show concurrency 1 is no slower, and at 24, for the contrast.
// Both versions are bundled with esbuild under .trialgate/ (support/bundle.ts: the bin as dist/ ships it, without touching dist/).
// On a machine shared with other work, run it ahead of that work (its processes inherit the priority), so
// its processes get the cores first, as on an idle machine: the results file says the priority it ran at.
// With --concurrency 8,24 only those run (and C = 1 with --reference-trials trials, for S and a), each C
// --rounds times, alternated with the code before (its rows beside): what a shared machine allows.
// Besides the wall, the CPU of every process below the harness, the agents' subtrees apart: what the
// model leaves out (the agents' own CPU, and the check after each use of a reused service, which at C = 1
// overlaps the next agent's wait) is measured, and a second model puts all of it on the cores.
// With --name, the chosen concurrencies' results go to bench/results/NAME.md (default agent-concurrency-wall).
// Run: [nice -n -10] node --import tsx bench/agent-concurrency.ts [--before REV] [--no-before] [--concurrency 8,24] [--rounds R] [--reference-trials N] [--name NAME]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism, getPriority, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { machine, median, ROOT, writeResult } from './support.ts';
import { bundleCurrent, bundleRevision, privateTmp } from './support/bundle.ts';
import { sampleDescendantsCpu } from './support/tree-cpu.ts';
import { sampleTreeMemory, type TreeMemory } from './support/tree-memory.ts';

const N = 24;
const SLEEP_S = 3;
const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const chosen = option('--concurrency')?.split(',').map(Number);
const CONCURRENCY = chosen ?? [1, 2, 4, 8, 24];
const ROUNDS = Number(option('--rounds') ?? '1');
const REFERENCE_TRIALS = Number(option('--reference-trials') ?? N);
const NAME = option('--name') ?? 'agent-concurrency-wall';
const beforeRev = args.includes('--no-before') ? null : (option('--before') ?? 'main');
const cores = availableParallelism();
const priority = getPriority();

/** A project with the inventory fixture and a trial set whose agent sleeps, then writes its cases. */
async function project(trials = N): Promise<string> {
  const dir = join(tmpdir(), `trialgate-bench-agents-${process.pid}-${trials}`);
  await rm(dir, { recursive: true, force: true });
  await mkdir(join(dir, 'skills'), { recursive: true });
  await cp(join(ROOT, 'fixtures', 'inventory'), join(dir, 'fixture'), { recursive: true });
  await cp(join(ROOT, 'fixtures', 'inventory', 'agent', 'skills', 'inventory-testing.md'), join(dir, 'skills', 'inventory-testing.md'));
  const config = {
    version: 1,
    name: 'agent-concurrency',
    trials,
    seed: 1,
    budget: { wall_seconds: 300 },
    agent: {
      command: `sleep ${SLEEP_S} && node "$TRIALGATE_PROJECT/fixture/agent/scripted-agent.mjs"`,
      env: { AGENT_SKILL: '${TRIALGATE_PROJECT}/skills/inventory-testing.md' },
      files: ['fixture/agent'],
    },
    watch: ['skills/**'],
    tasks: [{ id: 'inventory', fixture: 'fixture', acceptance: 'http-cases' }],
  };
  await writeFile(join(dir, 'trialgate.yml'), stringify(config));
  return join(dir, 'trialgate.yml');
}

interface Measured {
  version: 'now' | 'before';
  concurrency: number;
  wallMs: number;
  load: [number, number];
  memory: TreeMemory;
  /** CPU of the harness process itself (its one thread does the runner's part of every acceptance). */
  harnessMs: number;
  /** CPU of every process below the harness, and of it the agents' subtrees (their sandbox, shell and node). */
  belowMs: number;
  agentsCpuMs: number;
  trials: number;
  round: number;
  acceptance: number;
  /** Per trial: the agent's run and the rest of the trial (wall − agent). */
  agentMs: number[];
  restMs: number[];
  started: number;
  outcomes: string;
  /** From the process's start, ms: when the last agent started, when the first and last ended, when the last trial ended. */
  timeline: { lastAgentStart: number; firstAgentEnd: number; lastAgentEnd: number; lastTrialEnd: number };
}

async function measure(cli: string, config: string, concurrency: number, version: Measured['version'], acceptance?: number, round = 1): Promise<Measured> {
  const out = join(tmpdir(), `trialgate-bench-agents-run-${process.pid}-${version}-${concurrency}`);
  await rm(out, { recursive: true, force: true });
  const load = loadavg()[0]!;
  const started = performance.now();
  const startedAt = Date.now();
  const usageFile = join(tmpdir(), `trialgate-bench-agents-usage-${process.pid}-${version}-${concurrency}.json`);
  const limits = ['--concurrency', String(concurrency), ...(acceptance ? ['--acceptance', String(acceptance)] : [])];
  const child = spawn(process.execPath, [cli, 'run', '--config', config, '--out', out, ...limits], {
    cwd: ROOT,
    env: { ...(await privateTmp()), TRIALGATE_BENCH_USAGE: usageFile, NODE_OPTIONS: `--import=${join(ROOT, 'bench', 'support', 'usage.mjs')}` },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // The agent's subtree: its sandbox's command line holds the agent command.
  const sampler = sampleTreeMemory(child.pid!, (line) => line.includes('scripted-agent.mjs'));
  const cpu = sampleDescendantsCpu(child.pid!, 20, (line) => line.includes('scripted-agent.mjs'));
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-4000)));
  const [code] = (await once(child, 'exit')) as [number | null];
  const wallMs = performance.now() - started;
  const memory = sampler.stop();
  const belowMs = cpu.stop();
  if (code !== 0) throw new Error(`${version} at concurrency ${concurrency} exited ${code}: ${stderr}`);
  const self = JSON.parse(await readFile(usageFile, 'utf8')) as { selfMs: number };
  await rm(usageFile, { force: true });
  const results = JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as {
    tasks: { trials: { outcome: string; wall_ms: number; agent_ms?: number; evidence: string }[]; services?: { started: number } }[];
  };
  const trials = results.tasks[0]!.trials;
  // A trial's config.json is written just before its agent starts, its verdict.json as it ends.
  const at = async (trial: (typeof trials)[number], file: string) => (await stat(join(out, trial.evidence, file))).mtimeMs - startedAt;
  const agentStarts = await Promise.all(trials.map((t) => at(t, 'config.json')));
  const agentEnds = trials.map((t, i) => agentStarts[i]! + (t.agent_ms ?? 0));
  const trialEnds = await Promise.all(trials.map((t) => at(t, 'evidence/verdict.json')));
  await rm(out, { recursive: true, force: true });
  const tally = new Map<string, number>();
  for (const t of trials) tally.set(t.outcome, (tally.get(t.outcome) ?? 0) + 1);
  return {
    version,
    concurrency,
    wallMs,
    load: [load, loadavg()[0]!],
    memory,
    harnessMs: self.selfMs,
    belowMs,
    agentsCpuMs: cpu.apartMs(),
    trials: trials.length,
    round,
    acceptance: acceptance ?? Math.min(concurrency, cores),
    agentMs: trials.map((t) => t.agent_ms ?? 0),
    restMs: trials.map((t) => t.wall_ms - (t.agent_ms ?? 0)),
    started: results.tasks[0]!.services?.started ?? 0,
    outcomes: [...tally].map(([o, n]) => `${n} ${o}`).join(', '),
    timeline: {
      lastAgentStart: Math.max(...agentStarts),
      firstAgentEnd: Math.min(...agentEnds),
      lastAgentEnd: Math.max(...agentEnds),
      lastTrialEnd: Math.max(...trialEnds),
    },
  };
}

const config = await project();
const reference = REFERENCE_TRIALS === N ? config : await project(REFERENCE_TRIALS);
const now = await bundleCurrent('now');
const before = beforeRev ? await bundleRevision(beforeRev) : null;
const runs: Measured[] = [];
if (chosen) {
  // S and a from C = 1 (fewer trials: they are medians per trial), then each chosen C alternated with the code before.
  runs.push(await measure(now, reference, 1, 'now'));
  for (let round = 1; round <= ROUNDS; round++)
    for (const c of CONCURRENCY.filter((c) => c !== 1)) {
      const pair = [
        () => measure(now, config, c, 'now', undefined, round),
        ...(before ? [() => measure(before.cli, config, c, 'before', undefined, round)] : []),
      ];
      // Each round starts with the other version.
      for (const run of round % 2 ? pair : pair.reverse()) runs.push(await run());
    }
} else {
  for (const c of CONCURRENCY) runs.push(await measure(now, config, c, 'now'));
  // One acceptance at a time beside 24 agents: what the second permit buys when the runner's part of acceptance is one thread.
  runs.push(await measure(now, config, 24, 'now', 1));
  if (before) for (const c of [1, 24]) runs.push(await measure(before.cli, config, c, 'before'));
}

if (chosen) {
  await writeWall();
  process.exit(0);
}

/** The chosen concurrencies' rows, medians over the rounds, beside the code before, and what of the cores each part used. */
async function writeWall(): Promise<void> {
  const one = runs.find((r) => r.concurrency === 1)!;
  const S = median(one.agentMs);
  const a = median(one.restMs);
  // An agent run's own CPU (its sandbox, shell and node) at C = 1, where nothing else competes for it.
  const c = one.agentsCpuMs / one.trials;
  const model = (C: number) => (N * S) / C + (N * a) / cores;
  const withAgents = (C: number) => (N * S) / C + (N * (a + c)) / cores;
  const s = (ms: number) => (ms / 1000).toFixed(1);
  const groups = [...new Set(runs.filter((r) => r.concurrency !== 1).map((r) => `${r.concurrency}\0${r.version}`))].map((key) => {
    const [C, version] = key.split('\0') as [string, Measured['version']];
    return runs.filter((r) => r.concurrency === Number(C) && r.version === version);
  });
  const med = (rs: Measured[], f: (r: Measured) => number) => median(rs.map(f));
  const floor = (r: Measured) => SLEEP_S * 1000 + (r.harnessMs + r.belowMs) / cores;
  const summary = groups.map((rs) => {
    const C = rs[0]!.concurrency;
    const wall = med(rs, (r) => r.wallMs);
    return `| ${rs[0]!.version} | ${C} | ${rs.length} | ${rs.map((r) => r.load[0].toFixed(0)).join(', ')} | **${s(wall)}** | ${s(model(C))} | **${(wall / model(C)).toFixed(2)}** | ${s(withAgents(C))} | ${(wall / withAgents(C)).toFixed(2)} | ${s(med(rs, (r) => r.agentsCpuMs))} | ${s(med(rs, (r) => r.harnessMs))} | ${s(med(rs, (r) => r.belowMs - r.agentsCpuMs))} | ${s(med(rs, floor))} | ${med(rs, (r) => r.wallMs / floor(r)).toFixed(2)} | ${s(med(rs, (r) => r.timeline.lastAgentEnd))} · ${s(med(rs, (r) => r.timeline.lastTrialEnd))} | ${med(rs, (r) => r.started)} |`;
  });
  const row = (r: Measured) =>
    `| ${r.round} | ${r.version} | ${r.concurrency} | ${r.load[0].toFixed(1)} → ${r.load[1].toFixed(1)} | ${s(r.wallMs)} | ${s(r.agentsCpuMs)} | ${s(r.harnessMs)} | ${s(r.belowMs - r.agentsCpuMs)} | ${s(r.timeline.lastAgentStart)} · ${s(r.timeline.firstAgentEnd)}–${s(r.timeline.lastAgentEnd)} · ${s(r.timeline.lastTrialEnd)} | ${s(median(r.agentMs))} | ${s(median(r.restMs))} | ${r.outcomes} |`;
  await writeResult(
    NAME,
    `# Wall time with agents that wait: 24 trials of a 3-second agent at C = ${CONCURRENCY.join(' and ')}, beside ${before ? `${beforeRev} (${before.commit.slice(0, 12)})` : 'nothing'}

${new Date().toISOString()} · ${machine()} · \`trialgate run --concurrency C\` of the inventory task, ${N} trials, the agent the scripted agent behind \`sleep ${SLEEP_S}\`; acceptance concurrency its default (${cores}). ${ROUNDS} rounds, each C run by both versions in turn (each round starts with the other), medians; nice ${priority}; the load average (1 min) of every run is listed: the machine is shared.

From C = 1 (${one.trials} trials, this checkout): S = ${s(S)} s (an agent run, median), a = ${s(a)} s (the rest of a trial: preparing, accepting, the verdict; median), c = ${(c / 1000).toFixed(2)} s (an agent run's own CPU: its sandbox, shell and node, from /proc).

- the issue's model: N·S/C + N·a/cores (target: wall ≤ 1.3× it)
- with the agents' own CPU: N·S/C + N·(a + c)/cores. At C = 1 an agent's CPU is inside S and nothing competes for it; at C = 24 all ${N} agents end their wait within a second and their node processes share the ${cores} cores with the acceptances.
- the cores' floor, per run: ${SLEEP_S} s of waiting plus all the CPU the run used (harness, services and relays, agents) over ${cores} cores. A wall near it is bound by the cores; what is left to cut is CPU, and the columns say whose.

| version | C | runs | load averages | wall s (median) | model s | **wall ÷ model** | model with agents' CPU s | wall ÷ it | agents' CPU s | harness CPU s | services, relays, sandboxes CPU s | cores' floor s | wall ÷ floor | agents end · last trial end, s | services started |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
${summary.join('\n')}

Every run:

| round | version | C | load average | wall s | agents' CPU s | harness CPU s | services, relays, sandboxes CPU s | last agent start · agents end · last trial end, s | agent run s (median) | rest of a trial s (median) | outcomes |
|---|---|---|---|---|---|---|---|---|---|---|---|
${runs.map(row).join('\n')}
`,
  );
}

const find = (version: Measured['version'], c: number) => runs.find((r) => r.version === version && r.concurrency === c && r.acceptance === Math.min(c, cores));
const one = find('now', 1)!;
const S = median(one.agentMs);
const a = median(one.restMs);
const model = (c: number) => (N * S) / c + (N * a) / cores;
const s = (ms: number) => (ms / 1000).toFixed(1);
const mib = (x: number) => x.toFixed(0);
const row = (r: Measured) =>
  `| ${r.version} | ${r.concurrency} | ${r.acceptance} | ${r.load[0].toFixed(1)} → ${r.load[1].toFixed(1)} | ${s(r.wallMs)} | ${(r.wallMs / ((N * S) / r.concurrency)).toFixed(2)} | ${s(model(r.concurrency))} | **${(r.wallMs / model(r.concurrency)).toFixed(2)}** | ${s(r.harnessMs)} | ${s(r.timeline.lastAgentStart)} · ${s(r.timeline.firstAgentEnd)}–${s(r.timeline.lastAgentEnd)} · ${s(r.timeline.lastTrialEnd)} | ${s(median(r.agentMs))} | ${s(median(r.restMs))} | ${r.started} | ${mib(r.memory.peakPssMb)} | ${mib(r.memory.peakPssBesideMb)} | ${r.memory.peakProcesses} | ${r.outcomes} |`;
const at = (version: Measured['version'], c: number) => find(version, c)?.memory.peakPssBesideMb ?? NaN;
const b1 = find('before', 1);
const b24 = find('before', 24);
const n24 = find('now', 24)!;
const a24 = runs.find((r) => r.version === 'now' && r.concurrency === 24 && r.acceptance === 1);

await writeResult(
  'agent-concurrency',
  `# Agents wide, acceptance narrow: 24 trials of a 3-second agent

${new Date().toISOString()} · ${machine()} · \`trialgate run --concurrency C\` of the inventory task, 24 trials, the agent the scripted agent behind \`sleep ${SLEEP_S}\`; acceptance concurrency its default (the ${cores} cores, never more than C). One run per row, at nice ${priority}${priority < 0 ? ' (ahead of the other work on this shared machine, whose load the load column shows)' : ''}. ${before ? `"before": the code at ${before.commit.slice(0, 12)} (${beforeRev}), where C bounded agents and acceptance together and each agent slot had its own services.` : ''}

S = ${s(S)} s (an agent run, median at C = 1), a = ${s(a)} s (a trial's own work beyond its agent: preparing, accepting, the verdict; median at C = 1). The model: N·S/C + N·a/cores, agents in parallel and acceptance on the cores.

| version | C (agents) | acceptance | load average | wall s | wall ÷ N·S/C | model s | wall ÷ model | harness CPU s | last agent start · agents end · last trial end, s | agent run s (median) | rest of a trial s (median) | services started | peak PSS MiB, tree | peak PSS MiB, without the agents | peak processes | outcomes |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
${runs.map(row).join('\n')}

- C = 24: **${(n24.wallMs / model(24)).toFixed(2)}× the model** (target ≤ 1.3×)${b24 ? `; before: ${(b24.wallMs / model(24)).toFixed(2)}×` : ''}
- peak PSS without the agents' own processes, C = 24 against C = 2: **${(at('now', 24) / at('now', 2)).toFixed(2)}×** (${mib(at('now', 24))} against ${mib(at('now', 2))} MiB; target ≤ 2×)${b24 ? `; before, C = 24: ${mib(at('before', 24))} MiB, ${b24.memory.peakProcesses} processes, ${b24.started} services started` : ''}
${b1 ? `- C = 1, now against before: wall **${(find('now', 1)!.wallMs / b1.wallMs).toFixed(2)}×** (${s(find('now', 1)!.wallMs)} s against ${s(b1.wallMs)} s); a trial's own work ${s(median(find('now', 1)!.restMs))} s against ${s(median(b1.restMs))} s` : ''}

Where the time goes at C = 24 (the timeline column, from the trial files' times): the agents all start by
${s(n24.timeline.lastAgentStart)} s and end between ${s(n24.timeline.firstAgentEnd)} and ${s(n24.timeline.lastAgentEnd)} s; the acceptances then end ${s(n24.timeline.lastTrialEnd - n24.timeline.firstAgentEnd)} s after the
first agent did, where the model allows N·a/cores = ${s((N * a) / cores)} s. In that phase the 24 agents' own CPU (node's start and the
scripted agent's writing: an agent run is ${s(median(n24.agentMs))} s at C = 24 against ${s(S)} s at C = 1), the acceptances and the
other work on this shared machine (the load column) share the ${cores} cores; the harness's own CPU is ${s(n24.harnessMs)} s of the run.
${a24 ? `With one acceptance at a time beside the 24 agents the run takes ${s(a24.wallMs)} s against ${s(n24.wallMs)} s with ${cores}${a24.wallMs <= n24.wallMs * 1.1 ? ': the phase is bound by the cores, not by the permits' : ': the second permit shortens it'}.` : ''}

The rest of a trial grows with C because acceptances queue for the ${cores} cores (that is the model's second term). The
PSS is sampled every 200 ms over the whole tree (the harness, sandboxes, services, agents); "without the agents" leaves
out each agent's sandbox and everything in it, the part that grows with C by design.
`,
);
