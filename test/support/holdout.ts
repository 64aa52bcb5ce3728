// A holdout task that is easy to find if anything shows it: a copy of the inventory fixture whose id, fault
// (its id, which the service answers to, and its label), task text and inputs all carry one marker string.
// Every byte an output writes or prints is searched for it (test/holdout-leak.test.ts).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generateX25519Identity, identityToRecipient } from 'age-encryption';
import { inventoryCopy, tempDir } from './fixtures.ts';

/** Found nowhere in trialgate's code or fixtures: any occurrence in an output came from the holdout task. */
export const MARKER = 'qzv7holdoutmark';
export const HELD_TASK = `hold-${MARKER}`;
export const HELD_FAULT = `double-reserve-${MARKER}`;
export const HELD_LABEL = `lost idempotency ${MARKER.toUpperCase()}`;
export const HELD_ITEM = `covers-${MARKER}`;
/** A holdout key as a repository secret would hold it. */
export const HOLDOUT_KEY = 'holdout-key-for-tests-0123456789abcdef';

/** The holdout fixture: the inventory's, its double-reserve defect renamed to HELD_FAULT everywhere the service and manifest say it. */
export async function markedFixture(): Promise<string> {
  const dir = await inventoryCopy((manifest) => {
    const fault = manifest.faults['double-reserve'];
    delete manifest.faults['double-reserve'];
    manifest.faults[HELD_FAULT] = { ...fault, label: HELD_LABEL };
  });
  const faults = join(dir, 'service', 'faults.mjs');
  await writeFile(faults, (await readFile(faults, 'utf8')).replace("'double-reserve':", `'${HELD_FAULT}':`));
  await writeFile(join(dir, 'task.txt'), `${await readFile(join(dir, 'task.txt'), 'utf8')}\nReference: ${MARKER}.\n`);
  await writeFile(join(dir, 'inputs', `notes-${MARKER}.md`), `Background notes ${MARKER}.\n`);
  return dir;
}

/** The dev task's fixture: the inventory's without its replay targets, so a skill without idempotency still passes it. */
export async function devFixture(): Promise<string> {
  return inventoryCopy((manifest) => {
    manifest.targets = manifest.targets.filter((t: string) => t !== 'reserve.replayed' && t !== 'reserve.conflict');
  });
}

/**
 * The dev task and the holdout task, as trialgate.yml's tasks: only the holdout task has the double-reserve
 * defect, so only it loses anything when the skill loses its idempotency section.
 */
export function tasks(heldFixture: string, dev: string): Record<string, unknown>[] {
  return [
    {
      id: 'inventory',
      set: 'dev',
      fixture: dev,
      acceptance: 'http-cases',
      faults: { 'reject-writes': 'rejected reservation still changes stock', 'missing-record': 'reservation writes no record (ledger)' },
    },
    {
      id: HELD_TASK,
      set: 'holdout',
      fixture: heldFixture,
      acceptance: 'http-cases',
      judge: {
        items: [
          {
            id: HELD_ITEM,
            question: `Does the test plan cover idempotency (${MARKER}), that is, that the same reservation request sent twice reserves the stock only once?`,
            candidate: ['test-plan.md'],
            evidence: [`reports/${HELD_FAULT}.json`],
          },
        ],
      },
    },
  ];
}

/** The scripted model judge (a deterministic stand-in the inventory fixture ships), for the holdout task's item. */
export const JUDGE = { model: 'scripted-judge-1', command: 'node fixture/judge/scripted-judge.mjs' };

/** An age key pair: the identity file's path and the recipient for holdout.recipients. */
export async function ageKey(): Promise<{ identityFile: string; identity: string; recipient: string }> {
  const identity = await generateX25519Identity();
  const identityFile = join(await tempDir('trialgate-age-'), 'key.txt');
  await writeFile(identityFile, `# test key\n${identity}\n`, { mode: 0o600 });
  return { identityFile, identity, recipient: await identityToRecipient(identity) };
}

/** Every file below `dir` with its bytes (links and special files are not followed). */
export async function filesBelow(dir: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.set(join(entry.parentPath, entry.name), await readFile(join(entry.parentPath, entry.name)));
  }
  return out;
}

/** Where MARKER occurs in `bytes` (named `where`), case-insensitively, with some context: empty when nowhere. */
export function leaks(where: string, bytes: string | Buffer): string[] {
  const text = Buffer.isBuffer(bytes) ? bytes.toString('latin1') : bytes;
  const found: string[] = [];
  const re = new RegExp(MARKER, 'gi');
  for (const m of text.matchAll(re)) found.push(`${where}: …${text.slice(Math.max(0, m.index - 60), m.index + MARKER.length + 20).replace(/\s+/g, ' ')}…`);
  return found;
}
