// The failures a pull request newly brought (no base run shows their signature), as a note for the comment:
// each with its signature (the key of the failure archive, docs/repair-and-failures.md) and its trial
// directory in the evidence artefact. The note is made to fit where notes are shown whole (markdown.ts
// MAX_NOTE): whole entries only, then how many more there are, never an entry cut in the middle.
import type { Failure } from '../failures/signature.ts';
import { code } from './format.ts';

const SHOWN = 10;
/** Under the comment's bound on one note, with room for the count of those left out. */
const MAX_LENGTH = 520;

export function newFailureNotes(failures: readonly Failure[]): string[] {
  if (failures.length === 0) return [];
  const lead = 'New failures since the base (no base run shows them; `trialgate failures` archives them): ';
  const entries: string[] = [];
  let length = lead.length;
  for (const f of failures.slice(0, SHOWN)) {
    const entry = `${code(f.signature)} ${code(f.task)} · ${code(f.check)} · ${code(f.criterion)} (evidence ${code(f.occurrence.evidence)})`;
    if (entries.length > 0 && length + entry.length + 2 > MAX_LENGTH) break;
    entries.push(entry);
    length += entry.length + 2;
  }
  const more = failures.length - entries.length;
  return [`${lead}${entries.join('; ')}${more > 0 ? `; and ${more} more` : ''}.`];
}
