// The starter's stand-in agent (templates/starter/common/agent/agent.mjs): whole answer files, in any
// language, whose @section blocks are kept only when the prompt has that section, the markers never
// written; a block left open or nested is refused naming the file and the line.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT, tempDir } from './support/fixtures.ts';

const AGENT = join(ROOT, 'templates', 'starter', 'common', 'agent', 'agent.mjs');

/** Run the stand-in with `answers` (path → text) and `prompt`; what it wrote into the candidate, or its stderr. */
async function standIn(
  prompt: string,
  answers: Record<string, string>,
  env: (project: string) => Record<string, string> = () => ({}),
  answersDir = join('agent', 'answers'),
): Promise<{ status: number | null; stderr: string; read(path: string): Promise<string> }> {
  const project = await tempDir('trialgate-stand-in-');
  for (const [path, text] of Object.entries(answers)) {
    await mkdir(join(project, answersDir, path, '..'), { recursive: true });
    await writeFile(join(project, answersDir, path), text);
  }
  await mkdir(join(project, 'agent'), { recursive: true });
  await writeFile(join(project, 'agent', 'prompt.md'), prompt);
  const candidate = join(project, 'candidate');
  await mkdir(candidate);
  const run = spawnSync(process.execPath, [AGENT], {
    env: { ...process.env, TRIALGATE_PROJECT: project, TRIALGATE_CANDIDATE: candidate, ...env(project) },
    encoding: 'utf8',
  });
  return { status: run.status, stderr: run.stderr, read: (path) => readFile(join(candidate, path), 'utf8') };
}

const JAVA = `class T {
  // @section happy-path
  @Test void adds() {}
  // @end
  // @section validation
  @Test void refusesZero() {}
  // @end
}
`;

describe('the stand-in agent', () => {
  it('keeps the blocks of the prompt’s sections, drops the others and every marker, in any comment syntax and directory', async () => {
    const agent = await standIn('# Skill\n\n## Happy path\n\nCheck it.\n', {
      'T.java': JAVA,
      'pkg/test_t.py': '# @section validation\ndef test_zero(): pass\n# @end\n# @section happy-path\ndef test_add(): pass\n# @end\n',
      'q.sql': '-- @section Happy path\nselect 1;\n-- @end\n/* @section validation */\nselect 0;\n/* @end */\n',
    });
    assert.equal(agent.status, 0, agent.stderr);
    assert.equal(await agent.read('T.java'), 'class T {\n  @Test void adds() {}\n}\n');
    assert.equal(await agent.read('pkg/test_t.py'), 'def test_add(): pass\n');
    assert.equal(await agent.read('q.sql'), 'select 1;\n', 'a section named as the prompt names it; a block comment closed on its line');
  });

  it('writes a task’s own answers from AGENT_ANSWERS, so a second task gets none of the first’s', async () => {
    const answersDir = join('agent', 'slugify', 'answers');
    const agent = await standIn(
      '## Save order\n',
      { 'slugify/slugify.py': '# @section save-order\nbreak\n# @end\n' },
      (project) => ({ AGENT_ANSWERS: join(project, answersDir) }),
      answersDir,
    );
    assert.equal(agent.status, 0, agent.stderr);
    assert.equal(await agent.read('slugify/slugify.py'), 'break\n');
  });

  it('names a task’s own answers file from the project, not as a path up from agent/', async () => {
    const answersDir = join('tasks', 'slugify', 'answers');
    const open = await standIn(
      '## Save order\n',
      { 'slugify.py': '# @section save-order\nbreak\n' },
      (project) => ({ AGENT_ANSWERS: join(project, answersDir) }),
      answersDir,
    );
    assert.notEqual(open.status, 0);
    assert.match(open.stderr, /: tasks\/slugify\/answers\/slugify\.py:1: @section save-order has no @end/);
    assert.doesNotMatch(open.stderr, /\.\.\//);
  });

  it('refuses a block left open, an @end without a block, and a nested block, naming the file and line', async () => {
    const prompt = '## Validation\n';
    const open = await standIn(prompt, { 'T.java': 'class T {\n  // @section validation\n}\n' });
    assert.notEqual(open.status, 0);
    assert.match(open.stderr, /: agent\/answers\/T\.java:2: @section validation has no @end/, 'named from the project, as trialgate.yml names it');
    const stray = await standIn(prompt, { 'x.go': 'package x\n// @end\n' });
    assert.match(stray.stderr, /answers\/x\.go:2: @end without an @section above it/);
    const nested = await standIn(prompt, { 'x.py': '# @section validation\n# @section happy-path\n# @end\n# @end\n' });
    assert.match(nested.stderr, /answers\/x\.py:2: @section happy-path inside @section validation \(line 1\): close it with @end first/);
  });
});
