// The comment's policy line: what the comparison's policy did here, in one paragraph a maintainer reads
// when a verdict surprises them (docs/comparison.md#reading-the-comment). Pure.
import type { Comparison } from '../schemas/comparison.ts';
import { formatP } from '../compare/familywise.ts';
import { plural, thousands } from './format.ts';

export function policyLine(c: Comparison): string {
  const p = c.policy;
  const how = p.chosen === 'default' ? `default with ${plural(c.bases.length, 'base run')}` : 'chosen';
  const spread = p.spread ? ` Between runs: ${p.spread.note}.` : '';
  if (p.name === 'strict') {
    const why = p.reach.reachable || p.chosen !== 'default' ? '' : ` (familywise cannot flag anything here: ${p.reach.note})`;
    return `Policy **strict** (${how}${why}): a check that succeeded on every base trial and failed on any head trial regressed; false alarms are not bounded.`;
  }
  const share = p.task_share === null ? '' : ` = ${formatP(p.task_share)}`;
  const lead =
    `Policy **familywise** (${how}): at most α = ${p.alpha} of pull requests that changed nothing fail. ` +
    `α is shared by the ${plural(p.tasks, 'task')} with a check that can regress (α / ${thousands(p.tasks)}${share} each); ` +
    `within a task the trial pass is tested first and a check the base never passed takes no share.`;
  const warning = p.reach.reachable ? ` ${capitalized(p.reach.note)}.` : ` ⚠️ ${p.reach.note}.`;
  return `${lead}${warning}${roundsSentence(c)}${spread}`;
}

/** What the confirmation did in this comparison, and nothing it did not do. */
function roundsSentence(c: Comparison): string {
  const conf = c.confirmation;
  const fixed = c.policy.confirm_trials === 0;
  if (fixed) return ' No confirmation: the first round of each task was tested alone.';
  const confirmed = (conf?.tasks ?? 0) + (conf?.holdout_tasks ?? 0);
  const awaiting = conf?.awaiting ?? 0;
  const parts: string[] = [];
  if (confirmed > 0) parts.push(`${plural(confirmed, 'task')} went on to confirmation (${plural(conf!.head_trials - conf!.fixed_trials, 'extra trial')})`);
  if (awaiting > 0)
    parts.push(
      `${plural(awaiting, 'task')} ${awaiting === 1 ? 'was' : 'were'} still ambiguous, but this head holds no more trials of ${awaiting === 1 ? 'it' : 'them'} (\`trialgate gate\` or the action runs them)`,
    );
  if (parts.length === 0) return ' No task was ambiguous after its first round: no confirmation ran.';
  return ` ${capitalized(parts.join('; '))}.`;
}

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
