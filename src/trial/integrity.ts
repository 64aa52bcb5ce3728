// Tamper and escape detection around each agent run: hash what the agent may not change before and
// after, and list what it left where only the runner writes. Pure comparison below; the snapshot
// itself is the only I/O, and it never follows a link.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { hashFiles, listEntries } from '../util/files.ts';

export interface Snapshot {
  /** Every entry of the trial directory outside candidate/ and evidence/: files by hash, links by target. */
  trial: Record<string, string>;
  /** Entries in evidence/ (the runner's to write, but for the agent's usage.json). */
  evidence: string[];
  /** Entries beside the trial directory: in its task directory and in the run directory. */
  neighbours: string[];
}

export interface IntegrityFindings {
  tampered: string[];
  escaped: string[];
  forged: string[];
  /** Links and special files: never followed, and named. */
  unsafe: string[];
}

export const noFindings = (): IntegrityFindings => ({ tampered: [], escaped: [], forged: [], unsafe: [] });

export async function takeSnapshot(trialDir: string, taskDir: string, runDir: string): Promise<Snapshot> {
  const entries = (await listEntries(trialDir)).filter((e) => e.kind !== 'dir' && !/^(candidate|evidence)(\/|$)/.test(e.path));
  const trial = await hashFiles(trialDir, entries.filter((e) => e.kind === 'file').map((e) => e.path));
  for (const e of entries) if (e.kind !== 'file') trial[e.path] = e.kind;
  const evidence = (await listEntries(join(trialDir, 'evidence')).catch(() => [])).filter((e) => e.kind !== 'dir').map((e) => `evidence/${e.path}`);
  return {
    trial,
    evidence,
    neighbours: [
      ...readdirSync(taskDir).filter((n) => !/^trial-\d+$/.test(n)).map((n) => `${n} beside the trial directories`),
      ...readdirSync(runDir).map((n) => `${n} in the run directory`),
    ],
  };
}

/** The constraint violations between two snapshots, one line each, naming the file. */
export function integrityViolations(before: Snapshot, after: Snapshot): Pick<IntegrityFindings, 'tampered' | 'escaped'> {
  const trialChanges = changes(before.trial, after.trial);
  const tampered = trialChanges.filter((c) => isTrialInput(c)).map((c) => `${c} (trial input)`);
  const escaped = trialChanges.filter((c) => !isTrialInput(c)).map((c) => `${c} (outside candidate/ and evidence/)`);
  const known = new Set(before.neighbours);
  escaped.push(...after.neighbours.filter((n) => !known.has(n)).map((n) => `wrote ${n}`));
  return { tampered, escaped };
}

/** Changes of the project's protected files (fixtures, watched prompt/skill files) since the run started. */
export function projectChanges(atStart: Readonly<Record<string, string>>, now: Readonly<Record<string, string>>): string[] {
  return changes(atStart, now).map((c) => `${c} in the project during the run (the version under test must not change)`);
}

function isTrialInput(change: string): boolean {
  return / (inputs\/|task\.txt|config\.json)/.test(change);
}

function changes(before: Readonly<Record<string, string>>, after: Readonly<Record<string, string>>): string[] {
  const out: string[] = [];
  for (const [file, hash] of Object.entries(before)) {
    if (!(file in after)) out.push(`deleted ${file}`);
    else if (after[file] !== hash) out.push(`changed ${file}`);
  }
  for (const file of Object.keys(after)) if (!(file in before)) out.push(`added ${file}`);
  return out;
}
