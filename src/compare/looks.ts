// The looks of the sequential confirmation: how many head trials a task has at each, and how ambiguous
// its evidence must stay to be given the next (docs/comparison.md).
//
// A task that the first round leaves ambiguous grows from k to ⌈1.5k⌉, 3k and k + confirm-trials head
// trials, and stops at the first look where no check of it is ambiguous any more. Only the first and the
// last look test (familywise.ts); the looks between only screen, so they spend no α. The screening bounds
// decide cost and power only, never the error rate: an unchanged check rarely stays past the first extra
// trials, one that lost half its successes rarely leaves before the last look
// (bench/results/policy-simulation.md).

/** Head trials per task at each look: k first, k + extra last. */
export function confirmationLooks(k: number, extra: number): number[] {
  const end = k + extra;
  const looks = [k];
  for (const n of [Math.ceil(1.5 * k), 3 * k]) if (n > looks[looks.length - 1]! && n < end) looks.push(n);
  looks.push(end);
  return looks;
}

/**
 * The largest pooled Fisher p at look i (0 = first round) that still counts as ambiguous. 0.15 at the
 * first look lets a check that failed once against a perfect six-run base (p = 5/35) be confirmed.
 */
export function screeningBound(look: number): number {
  return [0.15, 0.05, 0.01][Math.min(look, 2)]!;
}
