// Issue 31 item 5, first half: the built-in inventory task (the trial set of test/support/trialset.ts, the
// scripted agent following the skill) recorded as a base run and then gated through `trialgate gate` as an
// unchanged pull request and as the seed's loss (the skill without its `## Idempotency` section: the
// scripted agent then writes no idempotency case, "lost detection: double-reserve"), on a machine made
// noisy: CPU oversubscription (busy loops, four per core, for the whole base-and-gates run) or failures of
// trialgate's own machinery injected through the test-only hook (test/support/machine-faults.ts, loaded into
// each trialgate process with --import: a slow service start, a reset that gets no answer, a connection
// reset). The unchanged pull request must never be a regression, the loss must never pass; undecided is
// counted. Every trialgate run is a whole CLI process, as CI runs it.
// Run: nice -n 10 node --import tsx bench/oversubscribed.ts [--reps 3] [--trials 3] [--conditions quiet,oversubscribed,…]
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { readResultsFile } from '../src/results/read.ts';
import { tempDir } from '../test/support/fixtures.ts';
import { PLAN_VARIABLE, type FaultPlan, type Injected } from '../test/support/machine-faults.ts';
import { BUILTIN_SKILL, writeTrialSet } from '../test/support/trialset.ts';
import { machine, ROOT, writeResult } from './support.ts';

const { values: args } = parseArgs({
  options: {
    reps: { type: 'string' },
    trials: { type: 'string' },
    conditions: { type: 'string' },
    budget: { type: 'string' },
    // Adds this invocation's rows to those of the last one (kept in bench/results/oversubscribed.json): conditions
    // measured at different times, e.g. the busy loops only once the machine's other work is done.
    append: { type: 'boolean' },
  },
});
const REPS = Number(args.reps ?? 3);
const K = Number(args.trials ?? 3);
const BUDGET_S = Number(args.budget ?? 60);
const LOOPS_PER_CORE = 4;

interface Condition {
  name: string;
  /** What the condition does to the machine, as the result file says it. */
  what: string;
  busy: boolean;
  plan?: FaultPlan;
}

const CONDITIONS: Condition[] = (
  [
    { name: 'quiet', what: 'nothing added (the control)', busy: false },
    { name: 'oversubscribed', what: `${LOOPS_PER_CORE} busy loops per core (${LOOPS_PER_CORE * cpus().length}) for the whole run`, busy: true },
    {
      name: 'slow-start',
      what: "the 2nd and 4th starts of the fixture's service in each process sleep 15 s first (alive, not listening; the fixture's startTimeoutMs is 10 s)",
      busy: false,
      plan: { slowStart: { at: [2, 4], ms: 15_000 } },
    },
    {
      name: 'reset-timeout',
      what: "the 2nd reset of the fixture's service (its control channel) in each process gets no answer before its deadline",
      busy: false,
      plan: { resetTimeout: { at: [2] } },
    },
    {
      name: 'connection-reset',
      what: "the 3rd exchange of a case with the fixture's service in each process has its connection reset",
      busy: false,
      plan: { connectionReset: { at: [3] } },
    },
    {
      name: 'all-oversubscribed',
      what: 'the busy loops and all three faults above at once',
      busy: true,
      plan: { slowStart: { at: [2, 4], ms: 15_000 }, resetTimeout: { at: [2] }, connectionReset: { at: [3] } },
    },
  ] satisfies Condition[]
).filter((c) => !args.conditions || args.conditions.split(',').includes(c.name));

const SKILL = await readFile(BUILTIN_SKILL, 'utf8');
/** The seed's loss: the skill without its idempotency section (as test/support/action-run.ts builds it). */
const LOSS_SKILL = SKILL.replace(/^## Idempotency[\s\S]*?(?=^## )/m, '');
if (LOSS_SKILL === SKILL) throw new Error(`${BUILTIN_SKILL} has no "## Idempotency" section followed by another: the loss cannot be built`);

const BIN = join(ROOT, 'src', 'cli', 'bin.ts');
const FAULTS_MODULE = join(ROOT, 'test', 'support', 'machine-faults.ts');

interface Exit {
  code: number;
  out: string;
  err: string;
  wall: number;
  injected: Injected | undefined;
}

/** One trialgate command as a whole process (with the fault plan loaded into it, if any). */
async function trialgate(argv: string[], plan: FaultPlan | undefined): Promise<Exit> {
  const tally = join(await tempDir(), 'injected.json');
  const env = { ...process.env };
  if (plan) Object.assign(env, { [PLAN_VARIABLE]: JSON.stringify(plan), [`${PLAN_VARIABLE}_TALLY`]: tally });
  const node = ['--import', 'tsx', ...(plan ? ['--import', FAULTS_MODULE] : []), BIN, ...argv];
  const started = performance.now();
  // From the repository: tsx and the hook resolve from here (the project is named by --config).
  const child = spawn(process.execPath, node, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? 128)));
  const wall = (performance.now() - started) / 1000;
  const injected = plan ? ((JSON.parse(await readFile(tally, 'utf8').catch(() => 'null')) as Injected | null) ?? undefined) : undefined;
  return { code, out, err, wall, injected };
}

/** Busy loops at this process's niceness (a child inherits it), ended by the returned function. */
function busyLoops(n: number): () => Promise<void> {
  const loops: ChildProcess[] = [];
  for (let i = 0; i < n; i++) loops.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  return async () => {
    await Promise.all(
      loops.map(
        (p) =>
          new Promise<void>((resolve) => {
            if (p.exitCode !== null || p.signalCode !== null) return resolve();
            p.once('exit', () => resolve());
            p.kill('SIGKILL');
          }),
      ),
    );
  };
}

interface TrialCounts {
  trials: number;
  env: number;
}

async function trialCounts(results: string): Promise<TrialCounts> {
  const trials = (await readResultsFile(results)).tasks.flatMap((t) => t.trials);
  return { trials: trials.length, env: trials.filter((t) => t.outcome === 'env_error').length };
}

const injectedText = (i: Injected | undefined): string =>
  i
    ? [i.slowStart && `${i.slowStart} slow start`, i.resetTimeout && `${i.resetTimeout} reset timeout`, i.connectionReset && `${i.connectionReset} conn. reset`]
        .filter(Boolean)
        .join(', ') || 'none hit'
    : '—';

interface GateRun {
  verdict: string;
  exit: number;
  regressions: number;
  undecided: number;
  head: TrialCounts;
  injected: Injected | undefined;
  wall: number;
  why: string;
}

async function gate(config: string, base: string, plan: FaultPlan | undefined): Promise<GateRun> {
  const out = join(await tempDir(), 'head');
  const run = await trialgate(['gate', '--config', config, '--base', base, '--out', out], plan);
  const verdict = /trialgate gate: ([^:\n]+)/.exec(run.err)?.[1]?.trim() ?? `no verdict: ${run.err.trim().split('\n').at(-1)}`;
  const head = await trialCounts(join(out, 'results.json')).catch(() => ({ trials: 0, env: 0 }));
  const regressions = Number(/\*\*(\d+) regressions?\*\*/.exec(run.out)?.[1] ?? /(\d+) regressions? against the base/.exec(run.err)?.[1] ?? 0);
  const undecided = Number(/(\d+) tasks? (?:undecided|cannot be decided)/.exec(run.out)?.[1] ?? (run.code === 3 ? 1 : 0));
  const why = run.code === 0 || run.code === 1 ? '' : (/trialgate gate: (.*)/.exec(run.err)?.[1] ?? '').slice(0, 160);
  return { verdict, exit: run.code, regressions, undecided, head, injected: run.injected, wall: run.wall, why };
}

const STATE = join(ROOT, 'bench', 'results', 'oversubscribed.json');
interface State {
  rows: string[];
  conditions: string[];
  minutes: number;
  tallies: { unchanged: { runs: number; regression: number; undecided: number }; loss: { runs: number; flagged: number; undecided: number; passed: number } };
}
const earlier: State = args.append
  ? (JSON.parse(await readFile(STATE, 'utf8')) as State)
  : {
      rows: [],
      conditions: [],
      minutes: 0,
      tallies: { unchanged: { runs: 0, regression: 0, undecided: 0 }, loss: { runs: 0, flagged: 0, undecided: 0, passed: 0 } },
    };
const rows = earlier.rows;
const tallies = earlier.tallies;
const conditionLines = [...earlier.conditions, ...CONDITIONS.map((c) => `- *${c.name}* (${REPS} repetition(s), k = ${K}): ${c.what}.`)];
const began = performance.now();
for (const condition of CONDITIONS) {
  for (let rep = 1; rep <= REPS; rep++) {
    const config = await writeTrialSet({ trials: K, wallSeconds: BUDGET_S, skill: SKILL });
    const skillPath = join(dirname(config), 'skills', 'inventory-testing.md');
    const stopLoops = condition.busy ? busyLoops(LOOPS_PER_CORE * cpus().length) : async () => {};
    try {
      process.stderr.write(`${condition.name} ${rep}/${REPS}: base run…\n`);
      const baseOut = join(await tempDir(), 'base');
      const baseRun = await trialgate(['run', '--config', config, '--out', baseOut], condition.plan);
      const baseResults = join(baseOut, 'results.json');
      const base = await trialCounts(baseResults).catch(() => undefined);
      const baseText = base
        ? `${base.trials} (${base.env} env), exit ${baseRun.code}, ${baseRun.wall.toFixed(0)} s; inj. ${injectedText(baseRun.injected)}`
        : `no results (exit ${baseRun.code}: ${baseRun.err.trim().split('\n').at(-1)?.slice(0, 160).replaceAll('|', '\\|')})`;
      for (const pr of ['unchanged', 'loss'] as const) {
        await writeFile(skillPath, pr === 'unchanged' ? SKILL : LOSS_SKILL);
        process.stderr.write(`${condition.name} ${rep}/${REPS}: gate, ${pr} PR…\n`);
        const g = base ? await gate(config, baseResults, condition.plan) : undefined;
        let judged = '✗ no base run';
        if (g && pr === 'unchanged') {
          tallies.unchanged.runs++;
          if (g.verdict === 'regression' || g.regressions > 0) tallies.unchanged.regression++;
          if (g.exit === 3) tallies.unchanged.undecided++;
          judged = g.regressions > 0 || g.exit === 1 ? '✗ regression of an unchanged PR' : g.exit === 0 ? '✓' : `undecided (exit ${g.exit})`;
        } else if (g) {
          tallies.loss.runs++;
          if (g.exit === 1) tallies.loss.flagged++;
          else if (g.exit === 0) tallies.loss.passed++;
          else tallies.loss.undecided++;
          judged = g.exit === 1 ? '✓' : g.exit === 0 ? '✗ the loss passed' : `undecided (exit ${g.exit})`;
        }
        rows.push(
          g
            ? `| ${condition.name} | ${rep} | ${pr} | ${baseText} | ${g.verdict} (exit ${g.exit}) | ${g.regressions} | ${g.undecided} | ${g.head.trials} (${g.head.env} env) | ${injectedText(g.injected)} | ${g.wall.toFixed(0)} s | ${judged}${g.why ? `: ${g.why.replaceAll('|', '\\|')}` : ''} |`
            : `| ${condition.name} | ${rep} | ${pr} | ${baseText} | — | — | — | — | — | — | ${judged} |`,
        );
      }
    } finally {
      await stopLoops();
    }
    await report(false);
  }
}
await report(true);

async function report(done: boolean): Promise<void> {
  const minutes = earlier.minutes + (performance.now() - began) / 60_000;
  await writeFile(STATE, JSON.stringify({ rows, conditions: conditionLines, minutes, tallies } satisfies State, null, 2) + '\n');
  const u = tallies.unchanged;
  const l = tallies.loss;
  await writeResult(
    'oversubscribed',
    `# The inventory task on a noisy machine, through \`trialgate gate\`

${machine()}, ${new Date().toISOString().slice(0, 10)}; bench/oversubscribed.ts, budget ${BUDGET_S} s per trial, ${minutes.toFixed(0)} minutes${done ? ' in all' : ' so far (interrupted)'}; the machine shared with other work, and this bench run under \`nice -n 10\`
(the busy loops inherit it, so they compete with trialgate as equals and not with the other work on the machine).

How it is computed: for each condition and repetition, a fresh project around the built-in inventory fixture and
its scripted agent (test/support/trialset.ts, one task, the default isolation) is recorded as a base run
(\`trialgate run\`), then gated (\`trialgate gate --base <that run>\`, the default policy) twice: as an unchanged pull
request (the same skill) and as the seed's loss (the skill without its \`## Idempotency\` section; the scripted agent
then writes no idempotency case). Each is a whole trialgate process; a fault plan is loaded into every one of them
(the base run and each gate) through the test-only hook (\`node --import tsx --import test/support/machine-faults.ts\`
with the plan in ${PLAN_VARIABLE}; trialgate itself never reads it), so each process counts its own events and is
hit at the same positions. *injected*: what the hook reports it injected in that process. *verdict*: \`trialgate gate\`'s
last line and exit status (0 pass, 1 regression, 3 undecided). *regressions*: the count the comment gives.
*undecided*: the tasks the gate could not decide. *head trials*: every head trial (first round, retries and
confirmation rounds) and the environment errors among them. *wall*: the gate process's wall time.

Conditions:
${conditionLines.join('\n')}

| condition | rep | PR | base run: trials (env), exit, wall; injected | verdict | regressions | undecided | head trials | injected (head) | gate wall | |
|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Unchanged pull requests: ${u.runs} gated, **${u.regression} regression(s)**, ${u.undecided} undecided. The loss: ${l.runs} gated, ${l.flagged} flagged,
${l.undecided} undecided, **${l.passed} passed**.
`,
  );
}
