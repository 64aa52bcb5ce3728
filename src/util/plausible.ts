// Figures that reach trialgate from outside it (an agent's evidence/usage.json, a judge endpoint's usage,
// a committed repair's minutes) are bounded where they enter. A figure past its bound counts as the bound
// and the trial says so: summed over trials and runs, bounded figures stay finite, where two reports of
// 1.7e308 tokens would add up to Infinity, fail results.json's schema and end the run without results.
// The bounds are orders of magnitude past any real figure, and the schema holds every file to them.

/** Tokens one report may claim (one agent run, one judge call, one trial). */
export const MAX_TOKENS = 1e12;
/** Dollars one report may claim. */
export const MAX_COST_USD = 1e9;
/** Reports one sum may hold (a task's trials in one results file): a sum past it of bounded figures is forged. */
export const MAX_SUMMED = 1e6;
/** Minutes one repair may claim (about nineteen years). */
export const MAX_MINUTES = 1e7;

export interface Bounded {
  value: number;
  /** Set when the figure was past its bound: what was reported and what counts instead. */
  note?: string;
}

/** `value` within [0, max]; `what` names the figure and where it came from, for the note. Pure. */
export function bound(value: number, max: number, what: string): Bounded {
  if (value <= max) return { value };
  return { value: max, note: `${what} reported ${value.toExponential(3)}, past any plausible figure: counted as ${max.toExponential(0)}` };
}
