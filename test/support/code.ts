// Helpers for the vouchers code task: a project around a copy of the fixture with its scripted agent (or
// an agent script of a test's own), a fixture copy a test may change, and the files a trial left behind.
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { ROOT, tempDir } from './fixtures.ts';

export const VOUCHERS = join(ROOT, 'fixtures', 'vouchers');
export const VOUCHERS_SKILL = join(VOUCHERS, 'agent', 'skills', 'fixing.md');

/** The skill without its `## heading` section. */
export async function skillWithout(...headings: string[]): Promise<string> {
  let skill = await readFile(VOUCHERS_SKILL, 'utf8');
  for (const heading of headings) {
    const next = skill.replace(new RegExp(`^## ${heading}\\n[\\s\\S]*?(?=^## |(?![\\s\\S]))`, 'm'), '');
    if (next === skill) throw new Error(`no section ## ${heading}`);
    skill = next;
  }
  return skill;
}

/** A copy of the vouchers fixture (in `dir`, default a fresh one), with `edit` applied to its fixture.json. */
export async function vouchersCopy(edit?: (manifest: Record<string, any>) => void, dir?: string): Promise<string> {
  const to = join(dir ?? (await tempDir()), 'vouchers');
  await cp(VOUCHERS, to, { recursive: true });
  if (edit) {
    const path = join(to, 'fixture.json');
    const manifest = JSON.parse(await readFile(path, 'utf8'));
    edit(manifest);
    await writeFile(path, JSON.stringify(manifest, null, 2));
  }
  return to;
}

export interface CodeSetOptions {
  trials?: number;
  /** The scripted agent follows this skill (default: the fixture's). */
  skill?: string;
  /** An agent of the test's own instead: a Node script, run with the trial's environment. */
  agentScript?: string;
  /** Changes to the fixture copy's fixture.json. */
  edit?: (manifest: Record<string, any>) => void;
  /** Files to write into the fixture copy (relative path → text), e.g. a different repository file. */
  files?: Record<string, string>;
  isolation?: 'auto' | 'required' | 'none';
  wallSeconds?: number;
}

/** A project with the vouchers task; the path of its trialgate.yml. */
export async function writeCodeTrialSet(options: CodeSetOptions = {}): Promise<string> {
  const dir = await tempDir('trialgate-code-set-');
  await mkdir(join(dir, 'fixtures'));
  const fixture = await vouchersCopy(options.edit, join(dir, 'fixtures'));
  for (const [path, text] of Object.entries(options.files ?? {})) {
    await mkdir(join(fixture, path, '..'), { recursive: true });
    await writeFile(join(fixture, path), text);
  }
  await mkdir(join(dir, 'skills'));
  await writeFile(join(dir, 'skills', 'fixing.md'), options.skill ?? (await readFile(VOUCHERS_SKILL, 'utf8')));
  let command = 'node "$TRIALGATE_PROJECT/fixtures/vouchers/agent/scripted-agent.mjs"';
  const files = ['fixtures/vouchers/agent'];
  if (options.agentScript) {
    await mkdir(join(dir, 'agent'));
    await writeFile(join(dir, 'agent', 'agent.mjs'), options.agentScript);
    command = 'node "$TRIALGATE_PROJECT/agent/agent.mjs"';
    files.push('agent');
  }
  const config = {
    version: 1,
    name: 'code-set',
    trials: options.trials ?? 1,
    concurrency: 2,
    seed: 5,
    budget: { wall_seconds: options.wallSeconds ?? 60 },
    agent: {
      command,
      env: { VOUCHERS_SKILL: '${TRIALGATE_PROJECT}/skills/fixing.md' },
      files,
      ...(options.isolation ? { isolation: options.isolation } : {}),
    },
    watch: ['skills/**'],
    tasks: [{ id: 'vouchers', set: 'dev', fixture: 'fixtures/vouchers' }],
  };
  const path = join(dir, 'trialgate.yml');
  await writeFile(path, stringify(config));
  return path;
}

/** An agent script that applies `edits` (path → new text) to the repository in candidate/ and prints `say`. */
export function editingAgent(edits: Record<string, string>, say = ''): string {
  return `import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
const edits = ${JSON.stringify(edits)};
for (const [path, text] of Object.entries(edits)) {
  const to = join(process.env.TRIALGATE_CANDIDATE, path);
  mkdirSync(dirname(to), { recursive: true });
  writeFileSync(to, text);
}
${say ? `console.log(${JSON.stringify(say)});` : ''}
`;
}

/** The reference fix's store.mjs, and the repository's: what test agents start from. */
export const referenceStore = () => readFile(join(VOUCHERS, 'solutions', 'reference', 'src', 'store.mjs'), 'utf8');
export const repositoryStore = () => readFile(join(VOUCHERS, 'repo', 'src', 'store.mjs'), 'utf8');
