// Tamper and escape detection (shared/DESIGN.md §1.5): hash what the agent may not change before and
// after it runs. Pure comparison below; the snapshot itself is the only I/O.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { hashProtected, type Fixture } from '../fixture/load.ts';
import { hashFiles, listFiles } from '../util/files.ts';

export interface Snapshot {
  /** The fixture's protected files in the project (service, variants, reference, inputs). */
  fixture: Record<string, string>;
  /** Every file of the trial directory outside candidate/ and evidence/. */
  trial: Record<string, string>;
  /** What the agent wrote into evidence/ (only usage.json is its to write). */
  evidence: string[];
  /** Entries beside the trial directory: in its task directory and in the run directory. */
  neighbours: string[];
}

const AGENT_EVIDENCE = new Set(['agent.log', 'usage.json']);

export async function takeSnapshot(fixture: Fixture, trialDir: string, taskDir: string, runDir: string): Promise<Snapshot> {
  const trialFiles = (await listFiles(trialDir)).filter((f) => !f.startsWith('candidate/') && !f.startsWith('evidence/'));
  const evidence = (await listFiles(join(trialDir, 'evidence')).catch(() => [])).filter((f) => !AGENT_EVIDENCE.has(f));
  return {
    fixture: await hashProtected(fixture.dir, fixture.manifest),
    trial: await hashFiles(trialDir, trialFiles),
    evidence,
    neighbours: [
      ...(await readdir(taskDir)).filter((n) => !/^trial-\d+$/.test(n)).map((n) => `${n} beside the trial directories`),
      ...(await readdir(runDir)).map((n) => `${n} in the run directory`),
    ],
  };
}

/** The constraint violations between two snapshots, one line each, naming the file. */
export function integrityViolations(before: Snapshot, after: Snapshot): { tampered: string[]; escaped: string[]; forged: string[] } {
  const tampered = changes(before.fixture, after.fixture).map((c) => `${c} (protected fixture file)`);
  const trialChanges = changes(before.trial, after.trial);
  tampered.push(...trialChanges.filter((c) => isTrialInput(c)).map((c) => `${c} (trial input)`));
  const escaped = trialChanges.filter((c) => !isTrialInput(c)).map((c) => `${c} (outside candidate/ and evidence/)`);
  const known = new Set(before.neighbours);
  escaped.push(...after.neighbours.filter((n) => !known.has(n)).map((n) => `wrote ${n}`));
  const forged = after.evidence.map((f) => `wrote evidence/${f} (evidence is the runner's to write)`);
  return { tampered, escaped, forged };
}

function isTrialInput(change: string): boolean {
  return / (inputs\/|task\.txt|config\.json)/.test(change);
}

function changes(before: Record<string, string>, after: Record<string, string>): string[] {
  const out: string[] = [];
  for (const [file, hash] of Object.entries(before)) {
    if (!(file in after)) out.push(`deleted ${file}`);
    else if (after[file] !== hash) out.push(`changed ${file}`);
  }
  for (const file of Object.keys(after)) if (!(file in before)) out.push(`added ${file}`);
  return out;
}
