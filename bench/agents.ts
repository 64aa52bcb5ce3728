// Issue 21 benchmark: the shipped adapters' real CLIs (the pinned devDependencies) against the loopback
// fake provider. (1) Wall time per trial of `trialgate run` (bubblewrap where available) against the
// CLI's own run on the same task, called directly with the adapter's options: what trialgate adds (the
// adapter and its provider watch, the sandbox, acceptance). (2) The outcome of a base and a head run under
// each scenario (good key, wrong key, provider down, CLI missing, hung provider, budget hit) and the verdict
// `trialgate compare` gives for a good base against each head, and each base against a good head.
// It reads the verdict from `compare --format json`.
// Run: node --import tsx bench/agents.ts [trials per timing run, default 3]
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { main } from '../src/cli/main.ts';
import { AGENT_CASES, KEY, referenceFiles, runAgentCase, WRONG_KEY, type AgentCase } from '../test/support/agent-cases.ts';
import { FakeProvider, type ProviderMode } from '../test/support/fake-provider.ts';
import { captureIo } from '../test/support/io.ts';
import { machine, median, ROOT, writeResult } from './support.ts';

const TRIALS = Number(process.argv[2] ?? 3);
const EXPORTS: Record<string, string> = { 'claude-code': 'claudeCode', codex: 'codex', 'qwen-code': 'qwenCode' };

/** One run of the CLI by itself, outside trialgate and its sandbox, with the adapter's options: ms. */
async function cliAlone(c: AgentCase, url: string): Promise<number> {
  const trialDir = await mkdtemp(join(tmpdir(), 'bench-cli-'));
  const home = await mkdtemp(join(tmpdir(), 'bench-home-'));
  await mkdir(join(trialDir, 'candidate'));
  await mkdir(join(trialDir, 'evidence'));
  await cp(join(ROOT, 'fixtures', 'inventory', 'inputs'), join(trialDir, 'inputs'), { recursive: true });
  await cp(join(ROOT, 'fixtures', 'inventory', 'task.txt'), join(trialDir, 'task.txt'));
  const vars = {
    TRIALGATE_TRIAL_DIR: trialDir,
    TRIALGATE_CANDIDATE: join(trialDir, 'candidate'),
    TRIALGATE_TASK: join(trialDir, 'task.txt'),
    TRIALGATE_INPUTS: join(trialDir, 'inputs'),
    AGENT_SKILL: join(ROOT, 'fixtures', 'inventory', 'agent', 'skills', 'inventory-testing.md'),
  };
  const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, ...vars, ...c.env(url), [c.keyVar]: KEY };
  let argv: string[];
  let stdin = '';
  if (c.cli) {
    const adapter = (await import(pathToFileURL(join(ROOT, 'adapters', `${c.cli}.mjs`)).href))[EXPORTS[c.cli]!];
    const { buildPrompt } = await import(pathToFileURL(join(ROOT, 'adapters', 'lib', 'prompt.mjs')).href);
    const run = { key: KEY, keyVar: c.keyVar, providerUrl: c.env(url)[adapter.baseUrlVar] ?? url, trialDir, candidateDir: vars.TRIALGATE_CANDIDATE, env };
    Object.assign(env, adapter.env(run));
    const program = join(ROOT, 'node_modules', '.bin', { 'claude-code': 'claude', codex: 'codex', 'qwen-code': 'qwen' }[c.cli]);
    argv = [program, ...adapter.args(run), ...(adapter.promptArgs ?? [])];
    stdin = buildPrompt({
      skillFile: vars.AGENT_SKILL,
      taskFile: vars.TRIALGATE_TASK,
      inputsDir: vars.TRIALGATE_INPUTS,
      candidateDir: vars.TRIALGATE_CANDIDATE,
    });
  } else {
    argv = [process.execPath, join(ROOT, 'fixtures', 'inventory', 'agent', 'llm-agent.mjs')];
  }
  const started = performance.now();
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(argv[0]!, argv.slice(1), { cwd: trialDir, env, stdio: ['pipe', 'ignore', 'ignore'] });
    child.stdin.end(stdin);
    child.on('exit', (status) => resolve(status));
  });
  const ms = performance.now() - started;
  const written = (await readdir(join(trialDir, 'candidate'))).sort().join(',');
  await rm(trialDir, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
  if (code !== 0 || written !== 'cases.json,spec.json') throw new Error(`${c.name} alone: exit ${code}, wrote ${written || 'nothing'}`);
  return ms;
}

interface Timing {
  /** Trials of the timed run that passed, and why the others did not. */
  passed: string;
  failures: string[];
  cli: number;
  /** The CLI alone's fastest and slowest run: differences below this spread are noise. */
  spread: [number, number];
  agent: number;
  trial: number;
}

async function timing(c: AgentCase, files: Record<string, string>): Promise<Timing> {
  const provider = await FakeProvider.start({ key: KEY, files: () => files });
  try {
    const alone: number[] = [];
    for (let i = 0; i < TRIALS; i++) alone.push(await cliAlone(c, provider.url));
    const { results } = await runAgentCase(c, provider, { trials: TRIALS });
    const trials = results.tasks[0]!.trials;
    const failures = trials
      .filter((t) => t.outcome !== 'pass')
      .map(
        (t) =>
          `trial ${t.trial} ${t.outcome}/${t.stop_reason}: ${[...t.layers.final_state.failures, ...t.layers.constraints.failures].join('; ').slice(0, 300)}`,
      );
    return {
      passed: `${trials.length - failures.length}/${trials.length}`,
      failures,
      cli: median(alone),
      spread: [Math.min(...alone), Math.max(...alone)],
      agent: median(trials.map((t) => t.agent_ms ?? 0)),
      trial: median(trials.map((t) => t.wall_ms)),
    };
  } finally {
    await provider.close();
  }
}

type Scenario = 'good key' | 'wrong key' | 'provider down' | 'CLI missing' | 'hung provider' | 'budget hit';
const SCENARIOS: Scenario[] = ['good key', 'wrong key', 'provider down', 'CLI missing', 'hung provider', 'budget hit'];
/** Long enough for a good trial of the slowest CLI on a loaded machine; a model slower than it runs into it. */
const SCENARIO_BUDGET_S = 45;
/** In *budget hit* the model is slower than the budget: the silence that makes a provider hung is raised above it. */
const SLOWER_THAN_THE_BUDGET = { TRIALGATE_PROVIDER_SILENCE_SECONDS: '600', LLM_TIMEOUT_MS: '600000' };

/** One run of `trials` trials under `scenario`: its results file and what its trials ended as. */
async function scenarioRun(c: AgentCase, scenario: Scenario, files: Record<string, string>): Promise<{ results: string; outcome: string }> {
  const mode: ProviderMode = scenario === 'budget hit' || scenario === 'hung provider' ? 'hang' : 'ok';
  const provider = await FakeProvider.start({ key: KEY, files: () => files, mode });
  if (scenario === 'provider down') await provider.close();
  try {
    const run = await runAgentCase(c, provider, {
      trials: 2,
      concurrency: 2,
      // One budget for every scenario: a task whose budget differs is not compared.
      wallSeconds: SCENARIO_BUDGET_S,
      ...(scenario === 'wrong key' ? { key: WRONG_KEY } : {}),
      // The CLI is installed in the project, but the agent's PATH does not lead to it (and the example
      // agent's program is renamed away).
      ...(scenario === 'CLI missing' ? { env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } } : {}),
      ...(scenario === 'budget hit' ? { env: SLOWER_THAN_THE_BUDGET } : {}),
      ...(scenario === 'CLI missing' && !c.cli ? { command: c.command.replace('llm-agent.mjs', 'llm-agnet.mjs') } : {}),
    });
    const trials = run.results.tasks[0]!.trials;
    const counts = new Map<string, number>();
    for (const t of trials) {
      const key = t.outcome === 'env_error' ? `env_error${t.env_error_source === 'agent' ? ' (declared)' : ''}` : `${t.outcome}/${t.stop_reason}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return { results: join(run.out, 'results.json'), outcome: [...counts].map(([k, n]) => `${n}× ${k}`).join(', ') };
  } finally {
    if (scenario !== 'provider down') await provider.close();
  }
}

/** `trialgate compare --format json`: its verdict, regressions and exit status. */
async function compare(base: string, head: string): Promise<string> {
  const io = captureIo(ROOT);
  // The fixed-k gate: these heads ran no confirmation rounds (`trialgate gate` would run them where a first round is ambiguous).
  const code = await main(['compare', '--base', base, '--head', head, '--format', 'json', '--confirm-trials', '0'], io);
  try {
    const comparison = JSON.parse(io.out) as { verdict: string; regressions: number };
    return `${comparison.verdict}, ${comparison.regressions} regression${comparison.regressions === 1 ? '' : 's'} (exit ${code})`;
  } catch {
    return `exit ${code}: ${io.err.trim().split('\n')[0]}`;
  }
}

const files = await referenceFiles();
const timings: string[] = [];
const outcomes: string[] = [];
const notes: string[] = [];
for (const c of AGENT_CASES) {
  process.stderr.write(`${c.name}: timing…\n`);
  const t = await timing(c, files);
  notes.push(...t.failures.map((f) => `- ${c.name}, ${f}`));
  timings.push(
    `| ${c.name} | ${t.passed} | ${(t.cli / 1000).toFixed(2)} s (${(t.spread[0] / 1000).toFixed(2)}–${(t.spread[1] / 1000).toFixed(2)}) | ${(t.agent / 1000).toFixed(2)} s | ${(t.trial / 1000).toFixed(2)} s | ${((t.agent - t.cli) / 1000).toFixed(2)} s | ${((t.trial - t.cli) / 1000).toFixed(2)} s |`,
  );
  const runs = new Map<Scenario, { results: string; outcome: string }>();
  for (const scenario of SCENARIOS) {
    process.stderr.write(`${c.name}: ${scenario}…\n`);
    runs.set(scenario, await scenarioRun(c, scenario, files));
  }
  const good = runs.get('good key')!.results;
  for (const scenario of SCENARIOS) {
    const run = runs.get(scenario)!;
    outcomes.push(`| ${c.name} | ${scenario} | ${run.outcome} | ${await compare(good, run.results)} | ${await compare(run.results, good)} |`);
  }
}

await writeResult(
  'agents',
  `# The shipped agent adapters against a loopback fake provider

${machine()}, ${new Date().toISOString().slice(0, 10)}; bench/agents.ts, ${TRIALS} trials per timing (medians), the machine shared with
other work. CLIs: Claude Code, Codex CLI and qwen-code at the versions of adapters/manifest.json; the example agent
is fixtures/inventory/agent/llm-agent.mjs. The fake provider (test/support/fake-provider.ts) answers at once: the
times are the CLIs' and trialgate's, not a model's.

## Wall time per trial

*CLI alone*: the CLI run directly with the adapter's options on the same task, no adapter, no sandbox.
*agent in trialgate*: the agent command inside its sandbox (the adapter, its provider watch and the CLI).
*trial*: the whole trial (directory, agent, integrity, acceptance of 4 variants, verdict). A difference smaller than
the CLI's own spread between runs is noise (qwen-code's start alone varies by seconds on a loaded machine).

| agent | passed | CLI alone (min–max) | agent in trialgate | trial | adapter + sandbox | trialgate's overhead on the CLI |
|---|---|---|---|---|---|---|
${timings.join('\n')}
${notes.length ? `\nTrials of the timed runs that did not pass:\n${notes.join('\n')}\n` : ''}
## Outcomes and verdicts

Each scenario is one run of 2 trials under the same budget (${SCENARIO_BUDGET_S} s). In *hung provider* the provider
never answers, and the provider watch declares it after its silence limit (a third of the budget); in *budget hit*
the model is slower than the budget (the limit raised above it), which is the agent's failure. The verdicts are \`trialgate compare --confirm-trials 0\` (the gate at a fixed k, no confirmation rounds; its
default policy at k = 2 against one base run is strict): a head whose
trials are mostly environment errors cannot be decided (\`undecided\`, exit 3: rerun), and a base run that is
mostly environment errors is not used as a baseline (the action takes the next older one; with none
left the comparison is undecided too): an outage never passes a pull request,
never fails it as a regression, and never poisons later comparisons.

| agent | scenario | trials | good base → this head | this base → good head |
|---|---|---|---|---|
${outcomes.join('\n')}
`,
);
