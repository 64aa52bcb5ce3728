// The failures a pull request newly brought (no base run shows their signature), as a note for the comment:
// each with its signature (the key of the failure archive, docs/repair-and-failures.md) and its trial
// directory in the evidence artefact. The note is made to fit where notes are shown whole (markdown.ts
// MAX_NOTE): whole entries only, then how many more there are, never an entry cut in the middle.
import type { Failure } from '../failures/signature.ts';
import { code } from './format.ts';
import { MAX_NOTE } from './markdown.ts';

const SHOWN = 10;
const HEAD = 'New failures since the base (no base run shows them; `trialgate failures` archives them): ';

/** One note; whole entries only, as many as fit in `maxChars` (a note's bound in the comment): never one cut. */
export function newFailureNotes(failures: readonly Failure[], maxChars = MAX_NOTE): string[] {
  if (failures.length === 0) return [];
  const entries = failures.map(
    (f) => `${code(f.signature)} ${code(f.task)} · ${code(f.check)} · ${code(f.criterion)} (evidence ${code(f.occurrence.evidence)})`,
  );
  const line = (n: number) => `${HEAD}${entries.slice(0, n).join('; ')}${n < entries.length ? `; and ${entries.length - n} more` : ''}.`;
  let n = Math.min(SHOWN, entries.length);
  while (n > 1 && line(n).length > maxChars) n--;
  return [line(n)];
}
