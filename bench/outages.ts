// Issue 31 item 5, the outage table: each shipped adapter's real CLI (the pinned devDependencies) against
// the loopback fake provider, through `trialgate gate`, with the provider in trouble on the base or on the
// head of an unchanged pull request and of a worse one (the skill loses its idempotency section, and the
// scripted model then writes no idempotency case: "lost detection: double-reserve"). Every pair must be
// undecided or correctly decided: never a regression of the unchanged PR, never a pass of the worse one; a
// hung provider starts no confirmation round and costs at most one budget per trial.
// Run: node --import tsx bench/outages.ts [--trials 3] [--budget 60] [--adapters codex,…] [--outages hung,…] [--name outages]
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { parse, stringify } from 'yaml';
import { main } from '../src/cli/main.ts';
import { baseRunProblem } from '../src/compare/base-runs.ts';
import { readResultsFile } from '../src/results/read.ts';
import { AGENT_CASES, KEY, referenceFiles, type AgentCase } from '../test/support/agent-cases.ts';
import { pathWithProjectBin, projectWithClis, removeProject } from '../test/support/agent-clis.ts';
import { FakeProvider, type FakeProviderOptions, type ProviderMode } from '../test/support/fake-provider.ts';
import { tempDir } from '../test/support/fixtures.ts';
import { captureIo } from '../test/support/io.ts';
import { BUILTIN_SKILL, writeTrialSet } from '../test/support/trialset.ts';
import { machine, writeResult } from './support.ts';

const { values: args } = parseArgs({
  options: { trials: { type: 'string' }, budget: { type: 'string' }, adapters: { type: 'string' }, outages: { type: 'string' }, name: { type: 'string' } },
});
const K = Number(args.trials ?? 3);
const BUDGET_S = Number(args.budget ?? 60);

type Outage = Exclude<ProviderMode, 'ok'> | 'down';
/** An outage: the provider's mode, from a step of each trial's conversation on where `options` says so. */
interface OutageCase {
  name: string;
  mode: Outage;
  options?: Pick<FakeProviderOptions, 'faultFrom' | 'faultOnce'>;
}
const OUTAGES: OutageCase[] = (
  [
    { name: 'wrong key', mode: 'unauthorized' },
    { name: '429 rate limits', mode: 'rate-limited' },
    { name: 'provider down', mode: 'down' },
    { name: 'hung', mode: 'hang' },
    { name: '500 mid-stream', mode: 'error-mid-stream' },
    { name: 'stream cut', mode: 'cut' },
    { name: 'stall after the first byte', mode: 'stall' },
    { name: 'reset before the headers', mode: 'reset' },
    { name: 'html page in a 200', mode: 'not-protocol' },
    { name: 'reset-from-step-1 (after the first file)', mode: 'reset', options: { faultFrom: 1 } },
  ] as OutageCase[]
).filter((o) => !args.outages || args.outages.split(',').includes(o.name.split(' ')[0]!));
const ADAPTERS = AGENT_CASES.filter((c) => c.cli && (!args.adapters || args.adapters.split(',').includes(c.name)));

const SKILL = await readFile(BUILTIN_SKILL, 'utf8');
/** The worse pull request: the skill without its idempotency section. */
const WORSE_SKILL = SKILL.replace(/^## Idempotency[\s\S]*?(?=^## )/m, '');
const reference = await referenceFiles();
const IDEMPOTENCY = {
  cases: ['repeated-request-reserves-once', 'reused-request-id-conflicts'],
  rules: ['repeat-reserves-once', 'reused-request-id-conflicts'],
};
/** What the scripted model writes: the reference answer, without its idempotency cases and rules when its skill has no such section. */
function modelFiles(conversation: string): Record<string, string> {
  if (conversation.includes('## Idempotency')) return reference;
  const cases = JSON.parse(reference['cases.json']!);
  const spec = JSON.parse(reference['spec.json']!);
  cases.cases = cases.cases.filter((c: { id: string }) => !IDEMPOTENCY.cases.includes(c.id));
  spec.scenarios = spec.scenarios.filter((s: { case: string }) => !IDEMPOTENCY.cases.includes(s.case));
  spec.rules = spec.rules.filter((r: { id: string }) => !IDEMPOTENCY.rules.includes(r.id));
  return { 'spec.json': JSON.stringify(spec, null, 2), 'cases.json': JSON.stringify(cases, null, 2) };
}

interface Side {
  pr: 'unchanged' | 'worse';
  /** Where the provider is in trouble. */
  trouble: 'base' | 'head' | 'neither';
  /** The base runs the gate is given, newest first: the outage's run alone, or after an older good one. */
  bases: string[];
}

interface GateFigures {
  verdict: string;
  exit: number;
  regressions: string;
  trials: number;
  env: number;
  budget: number;
  rounds: number;
  /** The longest head trial's agent time, s. */
  longest: number;
  /** The whole gate's wall time, s. */
  wall: number;
  /** Base runs used, and refused. */
  base: string;
}

/** One adapter's project (its CLI installed), rewritten for every run: the skill and the provider. */
class Project {
  private constructor(
    readonly dir: string,
    readonly config: string,
    private readonly c: AgentCase,
  ) {}

  static async create(c: AgentCase): Promise<Project> {
    const dir = await projectWithClis([c.cli!]);
    const config = await writeTrialSet({
      dir,
      trials: K,
      command: c.command,
      env: { PATH: pathWithProjectBin() },
      agent: { pass_env: [c.keyVar], files: c.files },
      wallSeconds: BUDGET_S,
    });
    return new Project(dir, config, c);
  }

  async use(skill: string, provider: { url: string }): Promise<void> {
    await writeFile(join(this.dir, 'skills', 'inventory-testing.md'), skill);
    const config = parse(await readFile(this.config, 'utf8'));
    config.agent.env = { ...config.agent.env, ...this.c.env(provider.url) };
    await writeFile(this.config, stringify(config));
  }

  async run(out: string): Promise<{ code: number; trials: string; refused: boolean }> {
    const code = await main(['run', '--config', this.config, '--out', out, '--concurrency', String(K)], captureIo(this.dir));
    const results = await readResultsFile(join(out, 'results.json'));
    const trials = results.tasks.flatMap((t) => t.trials);
    return { code, trials: outcomes(trials), refused: baseRunProblem(results) !== null };
  }

  async gate(bases: readonly string[], out: string): Promise<GateFigures> {
    const io = captureIo(this.dir);
    const started = performance.now();
    const exit = await main(['gate', '--config', this.config, ...bases.flatMap((b) => ['--base', b]), '--out', out, '--concurrency', String(K)], io);
    const wall = (performance.now() - started) / 1000;
    const trials = (await readResultsFile(join(out, 'results.json'))).tasks.flatMap((t) => t.trials);
    // Exit 2 (cannot run or compare, an internal error): the whole line, which says why.
    const line = /trialgate gate: (.+)/.exec(io.err)?.[1];
    const verdict =
      (exit === 2 ? line?.slice(0, 300).replaceAll('|', '\\|') : /trialgate gate: ([^:\n]+)/.exec(io.err)?.[1]) ??
      `exit ${exit}: ${io.err.trim().split('\n').at(-1)}`;
    if (exit === 2) await writeFile(join(out, 'gate-stderr.txt'), io.err).catch(() => {});
    const refused = io.out.match(/is not a baseline/g)?.length ?? 0;
    const used = /^[-*] Baseline: (\d+) runs?\b/m.exec(io.out)?.[1] ?? '0';
    return {
      verdict,
      exit,
      regressions: /\*\*(\d+) regressions?\*\*/.exec(io.out)?.[1] ?? /(\d+) regressions? against the base/.exec(io.err)?.[1] ?? '0',
      trials: trials.length,
      env: trials.filter((t) => t.outcome === 'env_error').length,
      budget: trials.filter((t) => t.stop_reason === 'budget_exhausted').length,
      rounds: io.err.match(/^(confirm|retry): /gm)?.length ?? 0,
      longest: Math.max(0, ...trials.map((t) => (t.agent_ms ?? 0) / 1000)),
      wall,
      base: `${used} used${refused ? `, ${refused} refused` : ''}`,
    };
  }
}

function outcomes(trials: readonly { outcome: string; stop_reason: string; env_error_source?: string }[]): string {
  const counts = new Map<string, number>();
  for (const t of trials) {
    const key = t.outcome === 'env_error' ? `env_error${t.env_error_source === 'agent' ? ' (declared)' : ''}` : `${t.outcome}/${t.stop_reason}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => `${n}× ${k}`).join(', ');
}

/** Whether a pair came out as it must: undecided, or the verdict its PR deserves; a hung provider cheap and unconfirmed. */
function judged(side: Side, outage: Outage | null, g: GateFigures): string {
  // By exit status (0 pass or no baseline, 1 regression, 3 undecided): the verdict line says "2 regressions against…".
  const right = side.pr === 'unchanged' ? 0 : 1;
  const problems: string[] = [];
  // An unchanged PR must never regress; a worse one must never get through (a pass, or "no baseline", which exits 0).
  if (side.pr === 'unchanged' ? g.exit === 1 : g.exit === 0) problems.push(`${g.verdict} of the ${side.pr} PR`);
  if (side.trouble === 'neither' && g.exit !== right) problems.push(`${g.verdict} without an outage`);
  if (outage === 'hang' && side.trouble === 'head' && g.rounds > 0) problems.push(`${g.rounds} rounds after a hung provider`);
  if (g.budget > 0) problems.push(`${g.budget} trial(s) at the budget`);
  return problems.length ? `✗ ${problems.join('; ')}` : '✓';
}

const rows: string[] = [];
const baseRows: string[] = [];
let wrong = 0;
const began = performance.now();
for (const c of ADAPTERS) {
  process.env[c.keyVar] = KEY;
  const project = await Project.create(c);
  const good = await FakeProvider.start({ key: KEY, files: modelFiles });
  try {
    const gate = async (outage: OutageCase | null, side: Side) => {
      let provider: FakeProvider = good;
      if (side.trouble === 'head' && outage) {
        provider = await FakeProvider.start({ key: KEY, files: modelFiles, mode: outage.mode === 'down' ? 'ok' : outage.mode, ...outage.options });
        if (outage.mode === 'down') await provider.close();
      }
      await project.use(side.pr === 'worse' ? WORSE_SKILL : SKILL, provider);
      process.stderr.write(`${c.name}: ${outage?.name ?? 'no outage'} on the ${side.trouble}, ${side.pr} PR…\n`);
      const g = await project.gate(side.bases, join(await tempDir(), 'head'));
      if (provider !== good && outage?.mode !== 'down') await provider.close();
      const verdict = judged(side, outage?.mode ?? null, g);
      if (verdict !== '✓') wrong++;
      const history = side.bases.length > 1 ? `${side.trouble} (newest of 2)` : side.trouble === 'base' ? 'base (the only run)' : side.trouble;
      rows.push(
        `| ${c.name} | ${outage?.name ?? '—'} | ${history} | ${side.pr} | ${g.base} | ${g.trials} (${g.env} env) | ${g.rounds} | ${g.longest.toFixed(1)} s | ${g.wall.toFixed(0)} s | ${g.verdict}, ${g.regressions} regr. (exit ${g.exit}) | ${verdict} |`,
      );
    };

    // The baseline without an outage, and the pull requests against it without one: the setup decides.
    await project.use(SKILL, good);
    const goodBase = join(await tempDir(), 'base', 'results.json');
    const clean = await project.run(dirname(goodBase));
    baseRows.push(`| ${c.name} | — | ${clean.trials} |`);
    for (const pr of ['unchanged', 'worse'] as const) await gate(null, { pr, trouble: 'neither', bases: [goodBase] });

    let historyShown = false;
    for (const outage of OUTAGES) {
      // The base recorded during the outage: the newest base run, after the good one.
      const provider = await FakeProvider.start({ key: KEY, files: modelFiles, mode: outage.mode === 'down' ? 'ok' : outage.mode, ...outage.options });
      if (outage.mode === 'down') await provider.close();
      await project.use(SKILL, provider);
      const outageBase = join(await tempDir(), 'base', 'results.json');
      process.stderr.write(`${c.name}: base run with ${outage.name}…\n`);
      const recorded = await project.run(dirname(outageBase));
      if (outage.mode !== 'down') await provider.close();
      baseRows.push(`| ${c.name} | ${outage.name} | ${recorded.trials} |`);
      for (const pr of ['unchanged', 'worse'] as const) await gate(outage, { pr, trouble: 'head', bases: [goodBase] });
      await gate(outage, { pr: 'unchanged', trouble: 'base', bases: [outageBase, goodBase] });
      // A refused base run adds nothing to the comparison, so the worse PR against it and the older good run
      // is the control's comparison: it runs once per adapter (and wherever the outage's run is a baseline).
      if (!historyShown || !recorded.refused) await gate(outage, { pr: 'worse', trouble: 'base', bases: [outageBase, goodBase] });
      // Once per adapter: a base history of that run alone (the first baseline, recorded in an outage).
      if (!historyShown && recorded.refused) {
        for (const pr of ['unchanged', 'worse'] as const) await gate(outage, { pr, trouble: 'base', bases: [outageBase] });
        historyShown = true;
      }
    }
    await report(false);
  } finally {
    await good.close();
    delete process.env[c.keyVar];
    await removeProject(project.dir);
  }
}
await report(true);

/** Writes what is measured so far (after each adapter: a long run interrupted keeps its figures). */
async function report(done: boolean): Promise<void> {
  const minutes = (performance.now() - began) / 60_000;
  await writeResult(
    args.name ?? 'outages',
    `# Outages of the model provider, through \`trialgate gate\`

${machine()}, ${new Date().toISOString().slice(0, 10)}; bench/outages.ts, k = ${K}, budget ${BUDGET_S} s per trial (so the
provider watch's silence limit is ${Math.min(300, Math.max(10, Math.round(BUDGET_S / 3)))} s), ${minutes.toFixed(0)} minutes${done ? ' in all' : ' so far (interrupted)'}, the machine shared with other work.
The shipped adapters run their real CLIs (adapters/manifest.json) against the loopback fake provider
(test/support/fake-provider.ts), isolated as \`trialgate run\` isolates them. The worse pull request drops the skill's
idempotency section, and the scripted model then writes no idempotency case ("lost detection: double-reserve").

Outages: *wrong key* (401 whatever the key), *429 rate limits* (retry-after 1 s), *provider down* (its port refuses
connections), *hung* (the provider never answers, not even its headers), *500 mid-stream* (a streamed answer starts
with a 200 and then reports an internal error: an Anthropic \`error\` event, \`response.failed\`, an error chunk; an
answer not streamed comes whole), *stream cut* (every answer starts with a 200 and its connection is cut in the middle),
*stall* (every answer starts with a 200 and its first event, then nothing more), *reset* (the connection is reset before
any header), *html* (a 200 whose body is a proxy's HTML page), *reset-from-step-1* (resets from the model's second call of
each trial on, once its first file is written).

## The base runs

| adapter | outage | trials |
|---|---|---|
${baseRows.join('\n')}

## The gate of each pull request

*on the*: where the provider was in trouble; on the base, the run recorded then is the newest of two base runs (an
older one recorded without trouble), or the only one. *base*: the base runs the comparison used, and those it refused
(a run that is mostly environment errors is not a baseline).
*head trials*: every head trial the gate ran, its first round and any retry or confirmation round, and the
environment errors among them. *rounds*: retries and confirmation rounds started. *longest*: the longest head
trial's agent time (the budget is ${BUDGET_S} s). A pair is ✓ when the unchanged pull request is not a regression, the
worse one does not get through (exit 0), no trial ran into the budget and a hung provider started no round. A refused
base run adds nothing to a comparison: the worse pull request against a refused run and an older good one is the
control's comparison (the first rows), so it runs once per adapter, and for every outage whose run was a baseline.

| adapter | outage | on the | PR | base | head trials | rounds | longest | gate wall | verdict | |
|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

${wrong === 0 ? 'Every pair is undecided or correctly decided.' : `**${wrong} pair(s) are not as they must be** (✗ above).`}
`,
  );
}
