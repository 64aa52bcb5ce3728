// Issue 36 (4): a fifth kind of any shape is its folder, its declaration and one line in each list. A kind
// whose candidate is a JSON document checked by predicates (test/support/fifth-kind.ts: its own fixture
// section, its own evidence file and view, no service) is added to a copy of src/ and nothing else; that
// copy's CLI validates a fixture of it and runs one trial, and the kind's evidence shows in report.html,
// the terminal's table and the failure archive's signatures (read in-process: the archive is generic).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { failuresOf } from '../src/failures/signature.ts';
import type { Results } from '../src/schemas/results.ts';
import { FIFTH_KIND_FILES, projectWithFifthKind } from './support/fifth-kind.ts';
import { ROOT, tempDir } from './support/fixtures.ts';
import { timeLimit } from './support/time-limit.ts';

const run = promisify(execFile);

/** The copy's CLI as a user runs it: its own process; the exit code, and what it printed. */
async function trialgate(root: string, cwd: string, ...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', import.meta.resolve('tsx'), join(root, 'src', 'cli', 'bin.ts'), ...args], {
      cwd,
      maxBuffer: 1 << 24,
    });
    return { code: 0, out: stdout + stderr };
  } catch (e) {
    const { code, stdout, stderr } = e as { code: number; stdout: string; stderr: string };
    return { code, out: stdout + stderr };
  }
}

/** A project with a json-doc task whose agent writes a document that holds one predicate of two. */
async function docProject(): Promise<string> {
  const dir = await tempDir('trialgate-fifth-project-');
  const fixture = join(dir, 'fixtures', 'doc');
  await mkdir(join(fixture, 'inputs'), { recursive: true });
  await mkdir(join(fixture, 'reference'));
  await writeFile(join(fixture, 'inputs', 'about.txt'), 'Greet, and count to three.\n');
  await writeFile(join(fixture, 'task.txt'), 'Write candidate/document.json: {"greeting": "hello", "count": 3}.\n');
  await writeFile(join(fixture, 'reference', 'document.json'), JSON.stringify({ greeting: 'hello', count: 3 }));
  const manifest = {
    version: 1,
    id: 'doc',
    title: 'a document checked by predicates',
    protected: ['fixture.json', 'task.txt', 'inputs/**'],
    acceptance: 'json-doc',
    document: {
      predicates: {
        greeting: { path: 'greeting', equals: 'hello', label: 'says hello' },
        count: { path: 'count', equals: 3, label: 'counts to three' },
      },
    },
  };
  await writeFile(join(fixture, 'fixture.json'), JSON.stringify(manifest, null, 2));
  await mkdir(join(dir, 'agent'));
  await writeFile(
    join(dir, 'agent', 'agent.mjs'),
    `import { writeFileSync } from 'node:fs';\nwriteFileSync(process.env.TRIALGATE_CANDIDATE + '/document.json', JSON.stringify({ greeting: 'hello', count: 2 }));\n`,
  );
  await writeFile(join(dir, 'skill.md'), '# Documents\n');
  await writeFile(
    join(dir, 'trialgate.yml'),
    [
      'version: 1',
      'name: fifth-kind',
      'trials: 1',
      'seed: 1',
      'budget: { wall_seconds: 120 }',
      'agent: { command: node "$TRIALGATE_PROJECT/agent/agent.mjs", files: [agent] }',
      'watch: [skill.md]',
      'tasks: [{ id: doc, set: dev, fixture: fixtures/doc }]',
      '',
    ].join('\n'),
  );
  return dir;
}

describe('a fifth kind of a new shape', () => {
  it(
    'is its folder, its declaration and a line in each list: validate, run, report.html, the table and the failures read it',
    { timeout: timeLimit(600_000) },
    async () => {
      const root = await projectWithFifthKind();
      // What the copy changed in src/: the kind's two files and the two lists, nothing else.
      const changed: string[] = [];
      const walk = async (rel: string): Promise<void> => {
        for (const e of await readdir(join(root, 'src', rel), { withFileTypes: true })) {
          const path = rel ? `${rel}/${e.name}` : e.name;
          if (e.isDirectory()) await walk(path);
          else {
            const own = await readFile(join(ROOT, 'src', path), 'utf8').catch(() => null);
            if (own !== (await readFile(join(root, 'src', path), 'utf8'))) changed.push(path);
          }
        }
      };
      await walk('');
      assert.deepEqual(changed.sort(), [...Object.keys(FIFTH_KIND_FILES), 'kinds/registry.ts', 'schemas/kinds.ts'].sort());

      const project = await docProject();
      const validated = await trialgate(root, project, 'validate', 'fixtures/doc', '--out', join(project, 'validate'));
      assert.equal(validated.code, 0, validated.out);
      assert.match(validated.out, /✅ acceptor trusted: the reference document holds every predicate/);

      const out = join(project, 'run');
      const ran = await trialgate(root, project, 'run', '--out', out);
      // The table's task checks are the kind's own, by its labels: the document holds one predicate of two.
      assert.match(ran.out, /\| doc +\| dev +\| 0\/1 +\| 0% +\| doc:greeting 1\/1, doc:count 0\/1 +\|/, ran.out);

      const html = await readFile(join(out, 'report.html'), 'utf8');
      assert.match(html, /Document checks <span class="muted"><code>evidence\/document-checks\.json<\/code>/);
      assert.match(html, /<td>count<\/td><td>NO<\/td><td>2<\/td>/);

      // The failure archive's signature names the predicate that failed, as the kind's check said it.
      const results = JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as Results;
      const failures = failuresOf(results, out).map((f) => `${f.check}: ${f.criterion}`);
      assert.deepEqual(failures, ['doc:count: count holds N, not N']);
    },
  );
});
