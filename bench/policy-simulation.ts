// What the gate does on whole suites, computed exactly where it can be and through the real gate where it
// cannot (docs/comparison.md; written to bench/results/policy-simulation.md):
//
// 1. Exact, 50 tasks × 4 independent gated checks, every unchanged check succeeding with probability p on
//    base and head: false alarms, the lost check flagged, head trials. Every outcome of every check is
//    enumerated and weighted by its binomial probability through the plan the engine makes (makePlan) and
//    the p-values it computes (lowerP); the per-check path logic is checked against decideTask on
//    random paths. Checks of a task are coupled only through "the task goes on while one of its checks is
//    ambiguous", carried as the set of looks some check kept going; tasks are independent.
// 2. Inventory-like suites (20 tasks: pass = all three detections, 7 checks that always succeed): the loss
//    flagged exactly (a check's decision depends on nothing but its own counts and the look its task
//    reached), an exact union bound on false alarms, cost through the real gate.
// 3. Runs that differ from day to day (per-task per-run effects, a shared day effect, drift): whole suites
//    through runGate, spread estimation included.
// 4. Monotonicity: the lemma exhaustively for every supported size, and suites through runGate in which
//    checks are turned into losses one at a time.
// 5. Monte Carlo suites through runGate against the exact figures.
//
// Run: node --import tsx bench/policy-simulation.ts [suites per Monte Carlo row, default 1000]
import { decideTask, type DraftCheck, type TaskInput } from '../src/compare/decide.ts';
import { lowerP } from '../src/compare/familywise.ts';
import { makePlan, totalLossAt, type Plan } from '../src/compare/plan.ts';
import { defaultAlpha } from '../src/compare/policies.ts';
import type { Comparison } from '../src/schemas/comparison.ts';
import { normal, simulate, uniform, type Suite } from '../test/support/gate-sim.ts';
import { writeResult } from './support.ts';

const SUITES = Number(process.argv[2] ?? 1000);
const TASKS = 50;
const CHECKS = 4;
const PS = [0.8, 0.9, 0.95, 1] as const;
const CONFIGS = [
  { k: 3, runs: 6 },
  { k: 3, runs: 1 },
  { k: 5, runs: 6 },
  { k: 5, runs: 1 },
] as const;

const pct = (x: number) =>
  x === 0 ? '0 %' : Math.abs(x - 1) < 1e-9 ? '100 %' : x < 0.0001 ? '< 0.01 %' : x > 0.9999 ? '> 99.99 %' : `${(x * 100).toFixed(2)} %`;
const times = (x: number) => `${x.toFixed(2)}×`;

function binomial(n: number, p: number): number[] {
  const out: number[] = [];
  let choose = 1;
  for (let i = 0; i <= n; i++) {
    out.push(choose * p ** i * (1 - p) ** (n - i));
    choose = (choose * (n - i)) / (i + 1);
  }
  return out;
}

const planOf = (k: number, runs: number, family: number) => makePlan({ k, baseTrials: k * runs, family, alpha: defaultAlpha(runs), budget: null });

/** A task's head as the engine sees it when no trial was an env error: `started` trials up to each look, reached up to `reached`. */
function withoutEnvErrors(checks: DraftCheck[], reached: number, started: number[]): TaskInput {
  const round = reached > 0 ? started[reached]! - started[reached - 1]! : started[0]!;
  return { checks, reached, head: { started, env: started.map(() => 0) }, retry: null, lastRound: { started: round, env: 0, retry: false }, declared: 0 };
}

// ---------------------------------------------------------------------------------------------------
// 1. Exact suites of independent checks.

/** P(flagged at look F, ambiguous at the looks in `bits`) of one check: key bits × 16 + F (F = looks: never). */
function signatures(plan: Plan, nb: number, k: number, pBase: number, pHead: number): Map<number, number> {
  const L = plan.looks.length;
  const out = new Map<number, number>();
  const wb = binomial(nb, pBase);
  const n = plan.looks.map((l) => l.trials);
  const increments = n.map((t, i) => binomial(t - (i ? n[i - 1]! : 0), pHead));
  for (let b = 0; b <= nb; b++) {
    if (wb[b]! < 1e-300) continue;
    const base = { successes: b, n: nb };
    const table = n.map((t) => Array.from({ length: t + 1 }, (_, h) => lowerP(base, k, { successes: h, n: t }, 0)));
    const walk = (i: number, cum: number, w: number, bits: number, F: number): void => {
      if (i === L) {
        const key = bits * 16 + F;
        out.set(key, (out.get(key) ?? 0) + w);
        return;
      }
      const inc = increments[i]!;
      for (let x = 0; x < inc.length; x++) {
        const ww = w * inc[x]!;
        if (ww < 1e-300) continue;
        const p = table[i]![cum + x]!;
        const look = plan.looks[i]!;
        const flagged = F === L && look.cut > 0 && p <= look.cut ? i : F;
        const ambiguous = flagged === L && p <= look.screen && i < L - 1 ? 1 : 0;
        walk(i + 1, cum + x, ww, bits | (ambiguous << i), flagged);
      }
    };
    walk(0, 0, wb[b]!, 0, L);
  }
  return out;
}

/** The look a task reaches: the first at which none of its checks was ambiguous. */
const reachOf = (bits: number, L: number) => {
  let r = 0;
  while (r < L - 1 && (bits >> r) & 1) r++;
  return r;
};

/** One task of independent checks: P(some check flagged), P(the first check flagged), E[head trials]. */
function exactTask(plan: Plan, checks: Map<number, number>[]): { flag: number; first: number; trials: number } {
  const L = plan.looks.length;
  let states = new Map<number, number>([[(0 * 16 + L) * 16 + L, 1]]);
  checks.forEach((sig, j) => {
    const next = new Map<number, number>();
    for (const [state, w] of states) {
      const bits = state >> 8;
      const min = (state >> 4) & 15;
      const first = state & 15;
      for (const [key, v] of sig) {
        const F = key & 15;
        const s = ((bits | (key >> 4)) << 8) | (Math.min(min, F) << 4) | (j === 0 ? F : first);
        next.set(s, (next.get(s) ?? 0) + w * v);
      }
    }
    states = next;
  });
  let flag = 0;
  let first = 0;
  let trials = 0;
  for (const [state, w] of states) {
    const r = reachOf(state >> 8, L);
    if (((state >> 4) & 15) <= r) flag += w;
    if ((state & 15) <= r) first += w;
    trials += w * plan.looks[r]!.trials;
  }
  return { flag, first, trials };
}

interface ExactRow {
  fail: number;
  flagged: number | null;
  cost: number;
}

function exactSuite(k: number, runs: number, p: number, change: { base: number; head: number } | null): ExactRow {
  const plan = planOf(k, runs, TASKS * CHECKS);
  const nb = k * runs;
  const same = signatures(plan, nb, k, p, p);
  const unchanged = exactTask(
    plan,
    Array.from({ length: CHECKS }, () => same),
  );
  if (!change) return { fail: 1 - (1 - unchanged.flag) ** TASKS, flagged: null, cost: unchanged.trials / k };
  const changed = exactTask(plan, [signatures(plan, nb, k, change.base, change.head), same, same, same]);
  return {
    fail: 1 - (1 - changed.flag) * (1 - unchanged.flag) ** (TASKS - 1),
    flagged: changed.first,
    cost: (changed.trials + (TASKS - 1) * unchanged.trials) / TASKS / k,
  };
}

/** The exact model's path logic against the engine's own decision (decideTask) on random paths: they must agree. */
function crossCheckPaths(k: number, runs: number, paths: number): number {
  const plan = planOf(k, runs, TASKS * CHECKS);
  const nb = k * runs;
  const n = plan.looks.map((l) => l.trials);
  let checked = 0;
  for (let s = 0; s < paths; s++) {
    const p = 0.5 + 0.5 * uniform(7, k, runs, s);
    const b = Math.round(nb * (0.6 + 0.4 * uniform(8, k, runs, s)));
    const looks = [];
    let cum = 0;
    for (let i = 0; i < n.length; i++) {
      for (let t = i ? n[i - 1]! : 0; t < n[i]!; t++) if (uniform(9, k, runs, s, t) < p) cum++;
      looks.push({ successes: cum, n: n[i]! });
    }
    const check: DraftCheck = {
      check: 'x',
      base: { successes: b, n: nb },
      head: looks[looks.length - 1]!,
      baseRunTrials: k,
      looks,
      worst: { base: { successes: b, n: nb }, head: looks[looks.length - 1]!, looks },
      gated: true,
    };
    // The model: flagged at the first testing look with p ≤ cut, ambiguous while p ≤ screen and unflagged.
    let flagged: number | null = null;
    let reach = 0;
    for (let i = 0; i < n.length; i++) {
      const pv = lowerP(check.base, k, looks[i]!, 0);
      if (flagged === null && plan.looks[i]!.cut > 0 && pv <= plan.looks[i]!.cut) flagged = i;
      reach = i;
      if (!(flagged === null && pv <= plan.looks[i]!.screen && i < n.length - 1)) break;
    }
    const engine = decideTask(withoutEnvErrors([check], reach, n), plan);
    const regressed = engine.checks.get(check)!.verdict.status === 'regressed';
    if (regressed !== (flagged !== null && flagged <= reach) || engine.goesOn) throw new Error(`model and engine disagree: k=${k} runs=${runs} path ${s}`);
    checked++;
  }
  return checked;
}

// ---------------------------------------------------------------------------------------------------
// 2. Inventory-like suites: 20 tasks of pass (every detection), three detections at p and seven checks that always succeed.

const INVENTORY_CHECKS = [
  'pass',
  'detect:reject-writes',
  'detect:double-reserve',
  'detect:missing-record',
  'format',
  'baseline',
  'constraint:protected-files',
  'constraint:writes-confined',
  'constraint:evidence-untouched',
  'constraint:no-links',
  'constraint:claims-backed',
];
const INVENTORY_TASKS = 20;

/** The seed's loss decided by the engine: double-reserve 1 → 0, whatever the other checks of the task did. */
function inventoryLossFlagged(k: number, runs: number): { flagged: boolean; look: number; p: number; cut: number } {
  const plan = planOf(k, runs, INVENTORY_TASKS * INVENTORY_CHECKS.length);
  const nb = k * runs;
  const looks = plan.looks.map((l) => ({ successes: 0, n: l.trials }));
  const lost: DraftCheck = {
    check: 'detect:double-reserve',
    base: { successes: nb, n: nb },
    head: looks[looks.length - 1]!,
    baseRunTrials: k,
    looks,
    worst: { base: { successes: nb, n: nb }, head: looks[looks.length - 1]!, looks },
    gated: true,
  };
  // The task reaches the first confirmation look because this check alone is ambiguous after the first round.
  const first = decideTask(withoutEnvErrors([lost], 0, [k]), plan);
  if (!first.goesOn) return { flagged: false, look: 0, p: 1, cut: 0 };
  const at = plan.totalLoss?.look ?? plan.looks.length - 1;
  const decided = decideTask(
    withoutEnvErrors(
      [lost],
      at,
      plan.looks.map((l) => l.trials),
    ),
    plan,
  );
  return {
    flagged: decided.checks.get(lost)!.verdict.status === 'regressed',
    look: plan.looks[at]!.trials,
    p: totalLossAt(plan.looks[at]!.trials, nb, k, 0),
    cut: plan.looks[at]!.cut,
  };
}

/** Exact union bound on the false-alarm rate of an unchanged inventory-like suite: Σ checks Σ testing looks P(p ≤ cut). */
function inventoryFalseAlarmBound(k: number, runs: number, p: number): number {
  const plan = planOf(k, runs, INVENTORY_TASKS * INVENTORY_CHECKS.length);
  const nb = k * runs;
  const single = (q: number) => {
    if (q === 1) return 0;
    const wb = binomial(nb, q);
    let sum = 0;
    for (const look of plan.looks) {
      if (look.cut === 0) continue;
      const wh = binomial(look.trials, q);
      for (let b = 0; b <= nb; b++)
        for (let h = 0; h <= look.trials; h++) if (lowerP({ successes: b, n: nb }, k, { successes: h, n: look.trials }, 0) <= look.cut) sum += wb[b]! * wh[h]!;
    }
    return sum;
  };
  return Math.min(1, INVENTORY_TASKS * (single(p ** 3) + 3 * single(p)));
}

function inventorySuite(k: number, runs: number, p: number, lost: boolean, seed: number): Suite {
  return {
    tasks: INVENTORY_TASKS,
    checks: INVENTORY_CHECKS,
    k,
    baseRuns: runs,
    derivePass: true,
    outcome: (task, check, run, trial) => {
      if (check > 3) return true;
      if (lost && task === 0 && check === 2 && run === runs) return false;
      if (lost && task === 0 && check === 2) return true;
      return uniform(11, seed, task, check, run, trial) < p;
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// 3. Runs that differ: each run of a task (or of the suite) has its own success rate around p.

type Variation = { name: string; theta: (p: number, task: number, run: number, runs: number, seed: number) => number };
const clamp = (x: number) => Math.min(1, Math.max(0, x));
const VARIATIONS: Variation[] = [
  { name: 'exchangeable runs', theta: (p) => p },
  { name: 'per-task, per-run effect, sd 0.10', theta: (p, t, r, _n, s) => clamp(p + 0.1 * normal(21, s, t, r)) },
  { name: 'per-task, per-run effect, sd 0.15', theta: (p, t, r, _n, s) => clamp(p + 0.15 * normal(22, s, t, r)) },
  { name: 'one shared day effect per run, sd 0.08', theta: (p, _t, r, _n, s) => clamp(p + 0.08 * normal(23, s, r)) },
  // The success rate falls 0.03 per run: the pooled base is centred on p, the head (the next run) is 0.105 below it.
  { name: 'drift of −0.03 per run', theta: (p, _t, r, n) => clamp(p + 0.03 * ((n - 1) / 2 - r)) },
];

function variedSuite(k: number, runs: number, p: number, v: Variation, seed: number): Suite {
  return {
    tasks: TASKS,
    checks: ['pass', 'detect:a', 'detect:b', 'constraint:c'],
    k,
    baseRuns: runs,
    outcome: (task, check, run, trial) => uniform(31, seed, task, check, run, trial) < v.theta(p, task, run, runs, seed),
  };
}

// ---------------------------------------------------------------------------------------------------
// 4. Monotonicity.

/**
 * The lemma the suite-level property rests on, for every supported size: a check's lower-tail p at every
 * look never rises when the head has fewer successes, and the plan flags a total loss (screened by the
 * first round, flagged at its look). With per-check thresholds fixed before the data and "a task goes on
 * while one of its checks is ambiguous", turning a further check into a loss then never removes a flag.
 */
function lemma(): { configs: number; cells: number; unreachable: string[] } {
  let configs = 0;
  let cells = 0;
  const unreachable: string[] = [];
  for (let k = 1; k <= 10; k++)
    for (let runs = 1; runs <= 10; runs++)
      for (const family of [1, 4, 20, 50, 200, 1000]) {
        const plan = planOf(k, runs, family);
        const nb = k * runs;
        configs++;
        if (!plan.totalLoss || totalLossAt(k, nb, k, 0) > plan.looks[0]!.screen + 1e-12) {
          unreachable.push(`k=${k} runs=${runs} m=${family}`);
          continue;
        }
        for (const look of plan.looks)
          for (let b = 0; b <= nb; b++) {
            let previous = 0;
            for (let h = 0; h <= look.trials; h++) {
              const p = lowerP({ successes: b, n: nb }, k, { successes: h, n: look.trials }, 0);
              if (p < previous - 1e-12) throw new Error(`p falls with more successes: k=${k} runs=${runs} m=${family} b=${b} h=${h}/${look.trials}`);
              previous = p;
              cells++;
            }
          }
      }
  return { configs, cells, unreachable };
}

const ORDER = { pass: 0, undecided: 1, regression: 2 } as Record<string, number>;

/** Checks of a suite turned into total losses one at a time (coupled: every other outcome stays), through runGate. */
async function lossSequence(
  k: number,
  runs: number,
  tasks: number,
  checks: number,
  p: number,
  step: number,
): Promise<{ gates: number; broken: number; firstFail: number | null; policy: string }> {
  const names = [
    'pass',
    'detect:a',
    'detect:b',
    'constraint:c',
    'detect:d',
    'detect:e',
    'constraint:f',
    'constraint:g',
    'constraint:h',
    'constraint:i',
    'constraint:j',
  ].slice(0, checks);
  const order = Array.from({ length: tasks * checks }, (_, i) => i).sort((a, b) => uniform(41, a) - uniform(41, b));
  let previous = -1;
  let broken = 0;
  let gates = 0;
  let firstFail: number | null = null;
  let policy = '';
  for (let losses = 0; losses <= order.length; losses += losses < 20 ? 1 : step) {
    const lost = new Set(order.slice(0, losses));
    const suite: Suite = {
      tasks,
      checks: names,
      k,
      baseRuns: runs,
      // A loss is the head's: the base runs stay what they were (and with them the plan and the spread they show).
      outcome: (task, check, run, trial) => (run === runs && lost.has(task * checks + check) ? false : uniform(42, task, check, run, trial) < p),
    };
    const { outcome } = await simulate(suite);
    policy = outcome.comparison.policy.name;
    gates++;
    const rank = ORDER[outcome.gate.verdict] ?? -1;
    if (rank < previous) broken++;
    if (rank === 2 && firstFail === null) firstFail = losses;
    previous = Math.max(previous, rank);
  }
  return { gates, broken, firstFail, policy };
}

// ---------------------------------------------------------------------------------------------------

interface McRow {
  fail: number;
  undecided: number;
  flagged: number;
  cost: number;
  rho: number;
  adjusted: number;
}

async function monteCarlo(make: (seed: number) => Suite, suites: number, lost?: { task: string; check: string }): Promise<McRow> {
  let fail = 0;
  let undecided = 0;
  let flagged = 0;
  let cost = 0;
  let rho = 0;
  let adjusted = 0;
  for (let s = 0; s < suites; s++) {
    const out = await simulate(make(s));
    const c: Comparison = out.outcome.comparison;
    if (out.outcome.gate.verdict === 'regression') fail++;
    if (out.outcome.gate.verdict === 'undecided') undecided++;
    if (lost && c.tasks.find((t) => t.id === lost.task)?.checks.find((ch) => ch.check === lost.check)?.status === 'regressed') flagged++;
    cost += out.cost;
    rho += c.policy.spread?.rho ?? 0;
    if ((c.policy.spread?.rho ?? 0) > 0) adjusted++;
  }
  return { fail: fail / suites, undecided: undecided / suites, flagged: flagged / suites, cost: cost / suites, rho: rho / suites, adjusted: adjusted / suites };
}

const se = (x: number, n: number) => Math.sqrt(Math.max(x * (1 - x), 1 / n) / n);

async function main(): Promise<void> {
  const started = performance.now();
  const out: string[] = [];
  out.push('# The gate on a suite: exact where it can be, through the real gate where it cannot', '');
  out.push(
    'Familywise with its defaults: α = 0.01 with six base runs, 0.05 with one; each gated check at α / m (Bonferroni over the m gated checks of the suite); the first k trials only screen (a check with p ≤ 0.15 sends its task to confirmation); the confirmation looks and their shares come from `makePlan` (src/compare/plan.ts), the default budget 8 × k or what a total loss needs. Head trials are the suite’s head trials over those of a fixed k (1.00×).',
    '',
  );

  // 1. Exact 50 × 4.
  out.push('## 1. 50 tasks × 4 independent gated checks, exact', '');
  out.push(
    'Every outcome of every check enumerated, weighted by its binomial probability, decided by the engine’s plan and p-values; a task goes on while one of its checks is ambiguous. Unchanged checks succeed with probability p on base and head.',
    '',
  );
  const rows: string[][] = [];
  const header = ['scenario', ...PS.map((p) => `p = ${p}`)];
  let crossChecked = 0;
  for (const { k, runs } of CONFIGS) {
    const plan = planOf(k, runs, TASKS * CHECKS);
    rows.push([
      `**k = ${k}, ${runs} base run${runs === 1 ? '' : 's'}, α = ${defaultAlpha(runs)}**: looks ${plan.looks.map((l) => (l.cut ? `**${l.trials}**` : String(l.trials))).join(' → ')} (bold: tested)`,
      '',
      '',
      '',
      '',
    ]);
    const none = PS.map((p) => exactSuite(k, runs, p, null));
    const total = PS.map((p) => exactSuite(k, runs, p, { base: 1, head: 0 }));
    const half = PS.map((p) => exactSuite(k, runs, p, { base: 1, head: 0.5 }));
    rows.push(['nothing changed: the gate fails', ...none.map((r) => pct(r.fail))]);
    rows.push(['nothing changed: head trials ÷ fixed k', ...none.map((r) => times(r.cost))]);
    rows.push(['one check 1 → 0: flagged', ...total.map((r) => pct(r.flagged!))]);
    rows.push(['one check 1 → 0: head trials ÷ fixed k', ...total.map((r) => times(r.cost))]);
    rows.push(['one check 1 → 0.5: flagged', ...half.map((r) => pct(r.flagged!))]);
    rows.push(['one check 1 → 0.5: head trials ÷ fixed k', ...half.map((r) => times(r.cost))]);
    crossChecked += crossCheckPaths(k, runs, 3000);
  }
  out.push(table(header, rows), '');
  out.push(`The model’s path logic agreed with the engine’s decideTask on ${crossChecked.toLocaleString('en')} random check paths.`, '');

  // 2. Inventory-like.
  out.push('## 2. 20 inventory-like tasks with flaky checks: the seed’s loss', '');
  out.push(
    'Each task: `pass` (every detection held), three detections succeeding with probability p, seven checks that always succeed (format, baseline, five constraints): 220 gated checks. The seed’s case: `detect:double-reserve` of one task goes from always to never (its `pass` with it). A check is decided by its own counts and the look its task reached, and the lost check alone sends its task to the look that tests it, so with base runs that show no spread (ρ = 0) "flagged" is exact whatever the other checks do; the suites through the gate include the spread test. False alarms: an exact union bound over every check and testing look. Head trials and the observed rates: suites through the real gate.',
    '',
  );
  const invRows: string[][] = [];
  for (const { k, runs } of CONFIGS) {
    const loss = inventoryLossFlagged(k, runs);
    invRows.push([
      `**k = ${k}, ${runs} base run${runs === 1 ? '' : 's'}**: the loss ${loss.flagged ? 'flagged for certain' : 'NOT flagged'} at ${loss.look} head trials (p = ${loss.p.toExponential(1)} ≤ ${loss.cut.toExponential(1)})`,
      '',
      '',
      '',
      '',
    ]);
    const bound = PS.map((p) => inventoryFalseAlarmBound(k, runs, p));
    const n = Math.max(100, Math.round(SUITES / 4));
    const unchanged = [];
    const regressed = [];
    for (const p of PS) {
      unchanged.push(await monteCarlo((s) => inventorySuite(k, runs, p, false, s), p === 1 ? 1 : n));
      regressed.push(await monteCarlo((s) => inventorySuite(k, runs, p, true, s), p === 1 ? 1 : n, { task: 't0', check: 'detect:double-reserve' }));
    }
    invRows.push(['nothing changed: the gate fails (exact bound)', ...bound.map((b) => `≤ ${pct(b)}`)]);
    invRows.push([`nothing changed: the gate fails (${n} suites)`, ...unchanged.map((r) => pct(r.fail))]);
    invRows.push([`nothing changed: head trials ÷ fixed k (${n} suites)`, ...unchanged.map((r) => times(r.cost))]);
    invRows.push([`the seed’s loss: flagged (${n} suites)`, ...regressed.map((r) => pct(r.flagged))]);
    invRows.push([`the seed’s loss: head trials ÷ fixed k (${n} suites)`, ...regressed.map((r) => times(r.cost))]);
  }
  out.push(table(header, invRows), '');

  // 3. Variation between runs.
  out.push('## 3. Runs that differ from day to day, through the real gate', '');
  out.push(
    `50 × 4 suites at p = 0.9, six base runs, ${SUITES} suites per row, every one through runGate (the spread estimated from the base runs, the plan, the rounds, the verdict). Per-task effects are shared by the task’s four checks in that run; the day effect by the whole suite; the drift lowers every run by 0.03, so the head run is 0.105 below the pooled base. "Adjusted": suites whose base runs varied more than chance, so their counts were deflated (src/compare/spread.ts).`,
    '',
  );
  const varRows: string[][] = [];
  for (const k of [3, 5]) {
    for (const v of VARIATIONS) {
      const r = await monteCarlo((s) => variedSuite(k, 6, 0.9, v, s), SUITES);
      varRows.push([`k = ${k}: ${v.name}`, `${pct(r.fail)} ± ${pct(se(r.fail, SUITES))}`, pct(r.undecided), times(r.cost), pct(r.adjusted), r.rho.toFixed(3)]);
    }
  }
  out.push(table(['runs differ by', 'the gate fails (± 1 SE)', 'undecided', 'head trials ÷ fixed k', 'adjusted', 'mean ρ used'], varRows), '');

  // 4. Monotonicity.
  out.push('## 4. Monotone: a further loss never turns a failing pull request into a pass', '');
  const l = lemma();
  out.push(
    `Each check’s thresholds are fixed before the data (its share of α / m at each look of the plan); its task goes on while one of its checks is ambiguous. So turning a further check into a loss changes nothing for the other checks but possibly sends their task further (more looks, never fewer flags), and the lost check itself is flagged or keeps its task going. What that needs, checked exhaustively for k = 1 … 10, 1 … 10 base runs and m ∈ {1, 4, 20, 50, 200, 1,000} gated checks (${l.configs} plans, ${l.cells.toLocaleString('en')} (base, head, look) cells): the lower-tail p never falls as the head gains a success, a total loss passes the first round’s screen, and the plan flags it at its look. ${l.unreachable.length ? `Plans that cannot flag a total loss (the default falls back to strict there, which is monotone by its rule): ${l.unreachable.join(', ')}.` : 'Every plan flags a total loss.'}`,
    '',
  );
  const seqRows: string[][] = [];
  for (const [k, runs, tasks, checks] of [
    [3, 6, 50, 4],
    [3, 1, 50, 4],
    [5, 6, 50, 4],
    [5, 1, 50, 4],
    [3, 6, 20, 11],
    [2, 1, 10, 4],
    [1, 6, 10, 4],
    [10, 2, 5, 4],
  ] as const) {
    const r = await lossSequence(k, runs, tasks, checks, 0.9, 10);
    seqRows.push([
      `k = ${k}, ${runs} base run${runs === 1 ? '' : 's'}, ${tasks} × ${checks}`,
      r.policy,
      String(r.gates),
      String(r.firstFail),
      r.broken === 0 ? 'never' : `${r.broken} times`,
    ]);
  }
  out.push(
    'Through runGate: checks turned into total losses one at a time (every head trial of the check fails; every loss count up to 20, then every tenth, up to all of them), every check succeeding with probability 0.9 on the base and elsewhere, every outcome coupled between the steps:',
    '',
  );
  out.push(
    table(
      ['suite', 'policy', 'gates run', 'first loss count that fails (strict fails unchanged suites: no bound)', 'fail turned into pass or undecided'],
      seqRows,
    ),
    '',
  );

  // 5. Monte Carlo against the exact figures.
  out.push('## 5. Cross-check: suites through runGate against the exact figures', '');
  const mcRows: string[][] = [];
  for (const [k, runs, p, change] of [
    [3, 6, 0.9, null],
    [3, 6, 0.8, { base: 1, head: 0 }],
    [3, 1, 0.8, null],
    [5, 6, 0.9, { base: 1, head: 0.5 }],
    [5, 1, 0.8, { base: 1, head: 0 }],
  ] as const) {
    const exact = exactSuite(k, runs, p, change);
    const suite = (s: number): Suite => ({
      tasks: TASKS,
      checks: ['pass', 'detect:a', 'detect:b', 'constraint:c'],
      k,
      baseRuns: runs,
      outcome: (task, check, run, trial) => {
        const q = change && task === 0 && check === 1 ? (run === runs ? change.head : change.base) : p;
        return uniform(51, s, task, check, run, trial) < q;
      },
    });
    const n = Math.round(SUITES / 2);
    const mc = await monteCarlo(suite, n, change ? { task: 't0', check: 'detect:a' } : undefined);
    const name = `k = ${k}, ${runs} run${runs === 1 ? '' : 's'}, p = ${p}, ${change ? `one check ${change.base} → ${change.head}` : 'nothing changed'}`;
    const within = (a: number, b: number) => (Math.abs(a - b) <= 3 * se(a, n) ? 'yes' : 'NO');
    mcRows.push([name, 'gate fails', pct(exact.fail), `${pct(mc.fail)} (${n})`, within(exact.fail, mc.fail)]);
    if (change) mcRows.push([name, 'flagged', pct(exact.flagged!), `${pct(mc.flagged)} (${n})`, within(exact.flagged!, mc.flagged)]);
    mcRows.push([name, 'head trials', times(exact.cost), times(mc.cost), Math.abs(exact.cost - mc.cost) / exact.cost < 0.05 ? 'yes' : 'NO']);
  }
  out.push(table(['design', 'figure', 'exact', 'through runGate (suites)', 'within 3 SE (trials: 5 %)'], mcRows), '');
  out.push(`${((performance.now() - started) / 1000).toFixed(0)} s in all. Written by bench/policy-simulation.ts (seeded: the same figures every run).`);
  await writeResult('policy-simulation', `${out.join('\n')}\n`);
}

function table(header: string[], rows: string[][]): string {
  return [`| ${header.join(' | ')} |`, `| ${header.map(() => '-').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

await main();
