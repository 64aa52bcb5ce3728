// Two short sections of the comment that the gate's own decisions need said: what the pull request changes
// in the measurement (a maintainer decides), and what it spent on agent trials against a fixed k. Pure.
import type { Comparison } from '../schemas/comparison.ts';
import { bounded, md, plural, thousands, tokens, usd } from './format.ts';

const SHOWN_CHANGES = 20;

/** #### What this pull request changes in the measurement: every change, base and head, and who approved it. */
export function measurementSection(c: Comparison): string {
  const m = c.measurement;
  if (!m?.changes.length) return '';
  const rows = m.changes.slice(0, SHOWN_CHANGES).map((ch) => `| ${md(bounded(ch.what, 120))} | ${md(bounded(ch.base, 120))} | ${md(bounded(ch.head, 120))} |`);
  const more = m.changes.length > SHOWN_CHANGES ? `\n\n… and ${plural(m.changes.length - SHOWN_CHANGES, 'more change')} (in the comparison JSON).` : '';
  const decided = m.approved_by
    ? `Approved by ${md(m.approved_by)}: the rest of the pull request is judged as usual.`
    : 'The base is the ruler: a pull request that changes it is undecided until a maintainer approves (the approval label on the pull request, or `--approved-by` on another CI system).';
  return `#### What this pull request changes in the measurement\n\n${decided}\n\n| what | base | this pull request |\n| - | - | - |\n${rows.join('\n')}${more}`;
}

/**
 * One line: agent trials run (the base commit's in paired rounds included) against the first round's (k per
 * task), the cap, and the tokens and cost the agents reported (with how many tasks reported none), and the wall time.
 */
export function spendLine(c: Comparison): string {
  const s = c.spend;
  if (!s) return '';
  const fresh = s.base_trials ?? 0;
  const all = s.head_trials + fresh;
  const more = all - s.fixed_trials;
  const rounds =
    more > 0
      ? `${thousands(s.fixed_trials)} in the first round, ${thousands(more)} more to confirm`
      : more === 0
        ? c.tasks.some((t) => t.undecided_next === 'confirmation')
          ? 'the first round; the confirmation it needs was not run'
          : 'the first round; none needed confirming'
        : `a fixed k: ${thousands(s.fixed_trials)}`;
  const onBase = fresh ? `, ${thousands(fresh)} of them on the base commit beside the head's` : '';
  const parts = [`${thousands(all)} agent ${all === 1 ? 'trial' : 'trials'} (${rounds}${onBase})`];
  if (s.max_trials) parts.push(`cap ${thousands(s.max_trials)}`);
  if (s.tokens !== null) parts.push(`${tokens(s.tokens)} tokens`);
  if (s.cost_usd !== null) parts.push(usd(s.cost_usd));
  if (s.tokens === null && s.cost_usd === null) parts.push('no usage reported by the agents');
  else if (s.unreported_tasks) parts[parts.length - 1] += ` (${plural(s.unreported_tasks, 'task')} reported no usage)`;
  if (s.wall_ms !== null) parts.push(`${Math.round(s.wall_ms / 1000)} s wall`);
  // Said, not left out: a reader paying per trial must see that only each task's own budget bounded this one.
  if (!s.max_trials) parts.push('no `max-trials` cap: each task within its `confirm-trials` budget');
  return `**Spent:** ${parts.join(' · ')}.`;
}
