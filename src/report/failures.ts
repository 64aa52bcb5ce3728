// The failures a pull request newly brought (no base run shows their signature), as notes for the comment:
// each with its signature (the key of the failure archive, docs/repair-and-failures.md) and its trial
// directory in the evidence artefact.
import type { Failure } from '../failures/signature.ts';
import { code } from './format.ts';

const SHOWN = 10;

export function newFailureNotes(failures: readonly Failure[]): string[] {
  if (failures.length === 0) return [];
  const lines = failures
    .slice(0, SHOWN)
    .map((f) => `${code(f.signature)} ${code(f.task)} · ${code(f.check)} · ${code(f.criterion)} (evidence ${code(f.occurrence.evidence)})`);
  const more = failures.length > SHOWN ? `; and ${failures.length - SHOWN} more` : '';
  return [`New failures since the base (no base run shows them; \`trialgate failures\` archives them): ${lines.join('; ')}${more}.`];
}
