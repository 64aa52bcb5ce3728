// An exact unconditional test of "the head succeeds less often than the base" for a check tested against a
// small recorded base, head only (docs/comparison.md, familywise step 1). Fisher's test (stats.ts) conditions on both
// margins, which wastes most of a tiny base: k = 2 against one base run, a total loss 2/2 → 0/n is at
// p = 1/(2n + 1) however rare a success is, so it needs 10 head trials to reach 0.05. Not conditioning on the
// margins (Boschloo's test: Fisher's p as the ordering, the worst case over the unknown common rate as the
// p-value) reaches 0.05 at 4.
//
// The p-value of an outcome t = (x base successes of b, y head successes of n) is
//   p(t) = sup over r ∈ [0, 1] of P_r(S(t) | the base succeeded),  S(t) = { outcomes at least as extreme as t },
// "as extreme" meaning a Fisher p (conditioned on the selection, fisherLowerTested) at most t's. Under no
// change, with any common rate r, P(p ≤ α | selected) ≤ α: the outcomes with p ≤ α lie within the largest S(t)
// among them (the sets are nested), whose probability is at most p(t) ≤ α at every r; that holds for any p that
// is a proven bound of its own S(t), Fisher's p included (what is reported where a proof does not close). Since Fisher's own region at α is such a set with probability
// ≤ α, p(t) ≤ Fisher's p: this test flags whatever Fisher's flags, and more.
//
// The supremum is not asserted from a grid: for each S(t) the code proves c ≥ P_r(S(t) | selected) for every
// r ∈ [0, 1] before it returns c. With r the rate, P_r(S | selected) = N(r) / (1 − (1 − r)ᵇ), so the bound
// holds iff h(r) = c(1 − (1 − r)ᵇ) − N(r) ≥ 0 on [0, 1], a polynomial of degree b + n with rational
// coefficients. Written in the Bernstein basis it is ≥ 0 where every coefficient is; where some is negative,
// de Casteljau's midpoint subdivision splits the interval (exactly, in integers) until every piece is proven
// or a piece's end value is negative (then the bound is false). c is the numerical maximum (a grid, refined)
// raised by a relative 1e-5, so the proof has a margin to close on.
import { fisherLowerTested, type Tally } from './stats.ts';

/**
 * The largest recorded base (in trials, after deflation) the unconditional test is used against. It never
 * flags less than Fisher's, so the limit is what it costs to compute: one base run of up to six trials, or two
 * of three; beyond it Fisher's conditional test, which a larger base costs little.
 */
export const UNCONDITIONAL_MAX_BASE = 6;

/**
 * The most head trials (after deflation) it is used with. Its proof's degree grows with the base's and the head's
 * trials: at the default budgets (at most 17 k, 102 against one base run of 6) every p of a table costs about a
 * second; a confirm-trials raised near its cap (400) could cost a minute. Beyond it, Fisher's test, which at
 * that many head trials loses little.
 */
export const UNCONDITIONAL_MAX_HEAD = 120;

/** The relative margin by which a proven bound exceeds the numerical maximum. */
const MARGIN = 1e-5;
/** Subdivision depth at which a proof gives up (an interval of 2⁻⁴⁰): the bound is then not used. */
const MAX_DEPTH = 40;
const GRID = 200;

/**
 * Is the unconditional test the one for this comparison? Head only (no fresh base), a base and a head within the
 * limits. Decided by the trial counts alone, never by the successes, so each look's test is fixed before its outcome.
 */
export function unconditionalApplies(base: Tally, headN: number, freshN = 0): boolean {
  return freshN === 0 && base.n >= 1 && base.n <= UNCONDITIONAL_MAX_BASE && headN <= UNCONDITIONAL_MAX_HEAD;
}

interface Table {
  /** Outcomes (x ≥ 1 base successes, y head successes) sorted by Fisher's p, least first. */
  order: { x: number; y: number; fisher: number }[];
  /** The p-value of order[i]; computed on demand. */
  p: (number | undefined)[];
  /** Per prefix i, the worst-rate numerical maximum of its probability given selection; running max. */
  worst: (number | undefined)[];
  /** The p-value of outcome (x, y) at x (n + 1) + y, once known: what repeated calls read. */
  known: (number | undefined)[];
  /** How many outcomes of `order` the sums below hold. */
  done: number;
  /** Their weights by total successes (Aⱼ, as numbers), and their probability given selection at r = g / GRID. */
  a: number[];
  grid: Float64Array;
}

const tables = new Map<string, Table>();

function binomials(n: number): bigint[] {
  const row = [1n];
  for (let j = 1; j <= n; j++) row.push((row[j - 1]! * BigInt(n - j + 1)) / BigInt(j));
  return row;
}

function tableOf(b: number, n: number): Table {
  const key = `${b}/${n}`;
  let t = tables.get(key);
  if (!t) {
    const order: Table['order'] = [];
    for (let x = 1; x <= b; x++) for (let y = 0; y <= n; y++) order.push({ x, y, fisher: fisherLowerTested({ successes: x, n: b }, { successes: y, n }) });
    // Ties (equal up to rounding) keep a fixed order; prefixes are cut by value below, so ties enter together.
    order.sort((u, v) => u.fisher - v.fisher || u.x - v.x || v.y - u.y);
    t = { order, p: [], worst: [], known: [], done: 0, a: new Array<number>(b + n + 1).fill(0), grid: new Float64Array(GRID + 1) };
    tables.set(key, t);
  }
  return t;
}

/** The index of the last outcome as extreme as order[i] (ties within the comparisons' tolerance included). */
function prefixEnd(t: Table, i: number): number {
  const cut = t.order[i]!.fisher * (1 + 1e-9);
  let j = i;
  while (j + 1 < t.order.length && t.order[j + 1]!.fisher <= cut) j++;
  return j;
}

/** A_j: the number of ways, over the outcomes in the prefix, to see j successes in all (x + y = j), weighted by C(b, x) C(n, y). */
function weights(b: number, n: number, order: Table['order'], end: number): bigint[] {
  const cb = binomials(b);
  const cn = binomials(n);
  const a = new Array<bigint>(b + n + 1).fill(0n);
  for (let i = 0; i <= end; i++) {
    const { x, y } = order[i]!;
    a[x + y] = a[x + y]! + cb[x]! * cn[y]!;
  }
  return a;
}

/** P_r(prefix | selected) in floating point. */
function conditional(a: readonly number[], b: number, r: number): number {
  const m = a.length - 1;
  if (r <= 0) return a[1]! / b;
  if (r >= 1) return a[m]!;
  // By Horner in the smaller of r / (1 − r) and its inverse, so nothing overflows.
  let sum = 0;
  if (r <= 0.5) {
    const t = r / (1 - r);
    for (let j = m; j >= 1; j--) sum = sum * t + a[j]!;
    sum *= t * (1 - r) ** m;
  } else {
    const s = (1 - r) / r;
    for (let j = 1; j <= m; j++) sum = sum * s + a[j]!;
    sum *= r ** m;
  }
  return sum / (1 - (1 - r) ** b);
}

/** Adds order[t.done … end] to the table's sums. */
function advance(t: Table, b: number, n: number, end: number): void {
  const m = b + n;
  const cb = binomials(b).map(Number);
  const cn = binomials(n).map(Number);
  for (; t.done <= end; t.done++) {
    const { x, y } = t.order[t.done]!;
    const w = cb[x]! * cn[y]!;
    const j = x + y;
    t.a[j]! += w;
    for (let g = 0; g <= GRID; g++) {
      const r = g / GRID;
      t.grid[g]! += g === 0 ? (j === 1 ? w / b : 0) : (w * r ** j * (1 - r) ** (m - j)) / (1 - (1 - r) ** b);
    }
  }
}

/** The numerical maximum over r ∈ [0, 1] of the table's sums: the grid, its near-best local maxima refined by golden-section search. */
function numericalMax(t: Table, b: number): number {
  const f = (r: number) => conditional(t.a, b, r);
  const values = t.grid;
  let best = 0;
  for (let g = 0; g <= GRID; g++) best = Math.max(best, values[g]!);
  const top = best;
  for (let i = 0; i <= GRID; i++) {
    // A strict local maximum of the grid near the best (a plateau's value is the grid's own).
    if (values[i]! < top * 0.99 || (i > 0 && values[i - 1]! >= values[i]!) || (i < GRID && values[i + 1]! > values[i]!)) continue;
    let lo = Math.max(0, (i - 1) / GRID);
    let hi = Math.min(1, (i + 1) / GRID);
    const g = (Math.sqrt(5) - 1) / 2;
    for (let step = 0; step < 30; step++) {
      const u = hi - g * (hi - lo);
      const v = lo + g * (hi - lo);
      if (f(u) < f(v)) lo = u;
      else hi = v;
    }
    best = Math.max(best, f((lo + hi) / 2));
  }
  return best;
}

/** A double as an exact fraction num / 2^e. */
function dyadic(c: number): { num: bigint; e: number } {
  let e = 0;
  while (!Number.isInteger(c * 2 ** e)) e++;
  return { num: BigInt(c * 2 ** e), e };
}

/**
 * Proves c(1 − (1 − r)ᵇ) ≥ Σⱼ Aⱼ rʲ (1 − r)ᵐ⁻ʲ for every r ∈ [0, 1] (m = b + n): that no common rate makes the
 * prefix's probability given selection exceed c. False when it does not hold (or is not proven at MAX_DEPTH).
 */
export function provesBound(a: readonly bigint[], b: number, n: number, c: number): boolean {
  const m = b + n;
  const { num, e } = dyadic(c);
  const cm = binomials(m);
  const cn = binomials(n);
  const factorial = [1n];
  for (let i = 1; i <= m; i++) factorial.push(factorial[i - 1]! * BigInt(i));
  const scale = 1n << BigInt(e);
  // Bernstein coefficients times m! 2^e (a positive constant): Hⱼ / C(m, j) × m! = Hⱼ j! (m − j)!.
  const coefficients = cm.map((total, j) => (num * (total - (j <= n ? cn[j]! : 0n)) - scale * a[j]!) * factorial[j]! * factorial[m - j]!);
  return nonNegative(coefficients, 0);
}

function nonNegative(c: bigint[], depth: number): boolean {
  if (c.every((v) => v >= 0n)) return true;
  const m = c.length - 1;
  // The end coefficients are the polynomial's values at the interval's ends (times a positive constant).
  if (c[0]! < 0n || c[m]! < 0n || depth >= MAX_DEPTH) return false;
  // de Casteljau at the midpoint, unnormalised: row r holds 2^r times the true coefficients, so the halves'
  // coefficients are scaled by 2^m each (a positive constant, which keeps every sign).
  const left: bigint[] = [];
  const right: bigint[] = new Array<bigint>(m + 1);
  let row = c;
  for (let r = 0; r <= m; r++) {
    left.push(row[0]! << BigInt(m - r));
    right[m - r] = row[m - r]! << BigInt(m - r);
    const next: bigint[] = [];
    for (let i = 0; i + 1 < row.length; i++) next.push(row[i]! + row[i + 1]!);
    row = next;
  }
  return nonNegative(left, depth + 1) && nonNegative(right, depth + 1);
}

/**
 * The exact unconditional one-sided p that the head succeeds less often than the base, given that the base
 * succeeded (1 when it did not): a proven bound, never above Fisher's p (fisherLowerTested).
 */
export function unconditionalLower(base: Tally, head: Tally): number {
  if (base.successes === 0) return 1;
  const t = tableOf(base.n, head.n);
  const at = base.successes * (head.n + 1) + head.successes;
  const known = t.known[at];
  if (known !== undefined) return known;
  const i = t.order.findIndex((o) => o.x === base.successes && o.y === head.successes);
  const end = prefixEnd(t, i);
  const cached = t.p[end];
  if (cached !== undefined) return (t.known[at] = cached);
  // The worst rate of each prefix up to this one, as a running maximum, so the p-values keep the ordering.
  let worst = 0;
  for (let j = 0; j <= end; j++) {
    if (t.worst[j] === undefined) {
      advance(t, base.n, head.n, prefixEnd(t, j));
      t.worst[j] = Math.max(j > 0 ? t.worst[j - 1]! : 0, numericalMax(t, base.n));
    }
    worst = t.worst[j]!;
  }
  const fisher = t.order[end]!.fisher;
  let p = fisher;
  const c = Math.min(1, worst * (1 + MARGIN));
  if (c < fisher && provesBound(weights(base.n, head.n, t.order, end), base.n, head.n, c)) p = c;
  t.p[end] = p;
  return (t.known[at] = p);
}

/** The head-only lower-tail p of a tested check: the unconditional test against a small base, Fisher's otherwise. */
export function lowerTested(base: Tally, head: Tally): number {
  return unconditionalApplies(base, head.n) ? unconditionalLower(base, head) : fisherLowerTested(base, head);
}
