// Which tasks a change reruns, from a trial set on disk: what each task depends on (its own watch and
// agent files, its fixture and what the fixture includes, its judge labels, its committed repairs) and
// what every task shares (the trial-set file, the shared watch and agent files, the judge's calibration
// and command). Decided from the changed paths alone.
import assert from 'node:assert/strict';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { stringify } from 'yaml';
import { changeScope } from '../src/gate/scope.ts';
import { trialSetDependencies } from '../src/trial/dependencies.ts';
import { readTrialSetFile } from '../src/trial/trialset-file.ts';
import { tempDir } from './support/fixtures.ts';

/** A repository whose trial set lives in evals/: three tasks, each with its own skill. */
async function repository(): Promise<{
  repo: string;
  rerun: (...changed: string[]) => string[];
  scope: (...changed: string[]) => ReturnType<typeof changeScope>;
}> {
  const repo = await tempDir('trialgate-scope-');
  const evals = join(repo, 'evals');
  const fixture = async (name: string, manifest: Record<string, unknown>) => {
    await mkdir(join(evals, 'fixtures', name), { recursive: true });
    await writeFile(join(evals, 'fixtures', name, 'fixture.json'), JSON.stringify(manifest));
  };
  await fixture('orders', { include: ['../shared-service'] });
  await fixture('refunds', { readable: ['../../testlib'] });
  const config = {
    version: 1,
    name: 'scoped',
    agent: { command: 'node "$TRIALGATE_PROJECT/runner/agent.mjs"', files: ['runner'] },
    watch: ['common/**'],
    judge: { model: 'm', command: 'node judge/serve.mjs', calibration: 'judge/calibration.json' },
    tasks: [
      {
        id: 'orders',
        fixture: 'fixtures/orders',
        watch: ['skills/orders.md'],
        judge: { labels: 'labels/orders', items: [{ id: 'x', question: 'Does the plan cover refunds twice?', candidate: ['plan.md'] }] },
      },
      { id: 'refunds', fixture: 'fixtures/refunds', watch: ['skills/refunds/**'], agent: { files: ['agents/refunds'] } },
      { id: 'broken', fixture: 'fixtures/missing', watch: ['skills/broken.md'] },
    ],
  };
  await writeFile(join(evals, 'trialgate.yml'), stringify(config));
  const deps = await trialSetDependencies(await readTrialSetFile(join(evals, 'trialgate.yml')), repo);
  return {
    repo,
    scope: (...changed) => changeScope(changed, deps),
    rerun: (...changed) =>
      changeScope(changed, deps)
        .tasks.filter((t) => t.rerun)
        .map((t) => t.id),
  };
}

describe('the tasks a change reruns', () => {
  it('one task’s own files rerun that task; its fixture’s include and its judge labels and repairs are its own too', async () => {
    const { rerun } = await repository();
    // `broken`'s fixture.json cannot be read: it depends on everything and reruns on any change.
    assert.deepEqual(rerun('evals/skills/orders.md'), ['orders', 'broken']);
    assert.deepEqual(rerun('evals/skills/refunds/tone.md'), ['refunds', 'broken']);
    assert.deepEqual(rerun('evals/agents/refunds/run.mjs'), ['refunds', 'broken']);
    assert.deepEqual(rerun('evals/fixtures/refunds/service/server.mjs'), ['refunds', 'broken']);
    assert.deepEqual(rerun('evals/fixtures/shared-service/app.js'), ['orders', 'broken'], 'a directory the fixture includes');
    assert.deepEqual(rerun('evals/labels/orders/labels.json'), ['orders', 'broken']);
    assert.deepEqual(rerun('evals/repairs/refunds/ab.diff'), ['refunds', 'broken']);
  });

  it('what every task shares reruns every task: the trial-set file, the shared watch and agent files, the agent command, the judge', async () => {
    const { rerun } = await repository();
    const all = ['orders', 'refunds', 'broken'];
    for (const path of [
      'evals/trialgate.yml',
      'evals/common/system.md',
      'evals/runner/agent.mjs',
      'evals/runner/lib/tools.mjs',
      'evals/judge/calibration.json',
      'evals/judge/serve.mjs',
    ])
      assert.deepEqual(rerun(path), all, path);
  });

  it('a changed path that measures without a hash (a readable directory, the judge’s program) is named as such; an include, hashed, is not', async () => {
    const { rerun, scope } = await repository();
    assert.deepEqual(rerun('evals/testlib/helpers.py'), ['refunds', 'broken']);
    const changed = scope('evals/skills/orders.md', 'evals/fixtures/shared-service/app.js', 'evals/testlib/helpers.py', 'evals/judge/serve.mjs');
    assert.deepEqual(
      changed.measuring.map((m) => m.path),
      ['evals/judge/serve.mjs', 'evals/testlib/helpers.py'],
    );
    assert.match(changed.measuring[1]!.what, /^tasks\[1\]\.fixture \(a readable directory of its fixture, in no hash\)$/);
    // The trial-set file changed too: every task reruns, and what measures is still named.
    assert.deepEqual(scope('evals/trialgate.yml', 'evals/testlib/helpers.py').measuring.length, 1);
  });

  it('what a readable directory is installed from, and the code the judge’s script imports beside it, measure too', async () => {
    const { rerun, scope } = await repository();
    // evals/testlib is readable: CI installs it from the manifests beside it, so no changed file lies inside it.
    const installed = ['evals/package-lock.json', 'evals/package.json', 'evals/requirements-dev.txt', 'evals/uv.lock'];
    assert.deepEqual(
      scope(...installed).measuring.map((m) => m.path),
      installed,
    );
    assert.match(scope('evals/uv.lock').measuring[0]!.what, /what a readable directory of its fixture is installed from, in no hash/);
    assert.deepEqual(rerun('evals/uv.lock'), ['refunds', 'broken']);
    // The judge's script lives in evals/judge/: what it imports there decides as much as it does; its calibration is hashed on its own.
    assert.deepEqual(
      scope('evals/judge/lib/score.mjs', 'evals/judge/calibration.json', 'evals/judge/README.md').measuring.map((m) => m.path),
      ['evals/judge/lib/score.mjs'],
    );
    // Beside the trial set, a manifest no readable directory is installed from, or the agent's code, measures nothing.
    assert.deepEqual(scope('evals/fixtures/package.json', 'evals/runner/lib/tools.mjs', 'package-lock.json').measuring, []);
  });

  it('a change to nothing any task depends on reruns only the task whose fixture cannot be read', async () => {
    const { rerun } = await repository();
    assert.deepEqual(rerun('README.md', 'src/app.ts', 'evals/skills/other.md'), ['broken']);
    assert.deepEqual(rerun(), []);
  });

  it('the old path of a renamed file counts: renaming a skill away reruns its task', async () => {
    const { rerun } = await repository();
    assert.deepEqual(rerun('evals/archive/orders.md', 'evals/skills/orders.md'), ['orders', 'broken']);
  });
});

it('an agent file that CI installs (node_modules, a virtualenv) depends on what it is installed from: a new CLI version reruns its task', async () => {
  // docs/agents.md: a CLI installed in the project is shown to the agent as agent.files: [node_modules].
  const repo = await tempDir('trialgate-scope-installed-');
  await mkdir(join(repo, 'fixtures', 'orders'), { recursive: true });
  await writeFile(join(repo, 'fixtures', 'orders', 'fixture.json'), '{}');
  const config = {
    version: 1,
    name: 'installed',
    agent: { command: 'node "$TRIALGATE_ADAPTERS/claude-code.mjs"', files: ['node_modules'] },
    tasks: [
      { id: 'orders', fixture: 'fixtures/orders', watch: ['skills/orders.md'] },
      { id: 'python', fixture: 'fixtures/orders', watch: ['skills/python.md'], agent: { files: ['tools/.venv'] } },
    ],
  };
  await writeFile(join(repo, 'trialgate.yml'), stringify(config));
  const deps = await trialSetDependencies(await readTrialSetFile(join(repo, 'trialgate.yml')), repo);
  const rerun = (...changed: string[]) =>
    changeScope(changed, deps)
      .tasks.filter((t) => t.rerun)
      .map((t) => t.id);
  assert.deepEqual(rerun('package-lock.json'), ['orders', 'python']);
  assert.deepEqual(rerun('package.json'), ['orders', 'python']);
  assert.deepEqual(rerun('tools/requirements.txt'), ['python']);
  assert.deepEqual(rerun('README.md', 'tools/README.md'), []);
});

it('a trial-set file that is a link (trialgate.yml → evals/trialgate.yml, or through a linked directory): a change to what it leads to reruns every task', async () => {
  // The action names the trial set as its `config` input does; the model in agent.env is changed where the link leads.
  const repo = await tempDir('trialgate-scope-linked-');
  // The fixture as each name of the trial set finds it: beside the link at the top, beside the file in evals/.
  for (const dir of ['fixtures/orders', 'evals/fixtures/orders']) {
    await mkdir(join(repo, dir), { recursive: true });
    await writeFile(join(repo, dir, 'fixture.json'), '{}');
  }
  const config = {
    version: 1,
    name: 'linked',
    agent: { command: 'node agent.mjs', env: { LLM_MODEL: 'large' } },
    tasks: [{ id: 'orders', fixture: 'fixtures/orders', watch: ['skills/orders.md'] }],
  };
  await writeFile(join(repo, 'evals', 'trialgate.yml'), stringify(config));
  await symlink('evals/trialgate.yml', join(repo, 'trialgate.yml'));
  await symlink('evals', join(repo, 'gate'));
  for (const named of ['trialgate.yml', 'gate/trialgate.yml']) {
    const deps = await trialSetDependencies(await readTrialSetFile(join(repo, named)), repo);
    const rerun = (changed: string) =>
      changeScope([changed], deps)
        .tasks.filter((t) => t.rerun)
        .map((t) => t.id);
    assert.deepEqual(rerun('evals/trialgate.yml'), ['orders'], `${named}: what it leads to`);
    assert.deepEqual(rerun(named), ['orders'], `${named} itself`);
    assert.deepEqual(rerun('README.md'), [], `${named}: a change to nothing`);
  }
});

it('a judge script that is a link: where it leads is the judge’s program, and a change there measures', async () => {
  const repo = await tempDir('trialgate-scope-judge-link-');
  await mkdir(join(repo, 'fixtures', 'orders'), { recursive: true });
  await writeFile(join(repo, 'fixtures', 'orders', 'fixture.json'), '{}');
  await mkdir(join(repo, 'judge'));
  await mkdir(join(repo, 'tools', 'judging'), { recursive: true });
  await writeFile(join(repo, 'tools', 'judging', 'serve.mjs'), '');
  await symlink('../tools/judging/serve.mjs', join(repo, 'judge', 'serve.mjs'));
  const config = {
    version: 1,
    name: 'judged',
    agent: { command: 'node agent.mjs' },
    judge: { model: 'm', command: 'node judge/serve.mjs', calibration: 'judge/calibration.json' },
    tasks: [{ id: 'orders', fixture: 'fixtures/orders', watch: ['skills/orders.md'] }],
  };
  await writeFile(join(repo, 'trialgate.yml'), stringify(config));
  const deps = await trialSetDependencies(await readTrialSetFile(join(repo, 'trialgate.yml')), repo);
  const measuring = (changed: string) => changeScope([changed], deps).measuring.map((m) => m.path);
  assert.deepEqual(measuring('tools/judging/serve.mjs'), ['tools/judging/serve.mjs']);
  assert.deepEqual(measuring('tools/judging/prompt.mjs'), ['tools/judging/prompt.mjs'], 'the code beside it');
  assert.deepEqual(measuring('judge/serve.mjs'), ['judge/serve.mjs'], 'the link itself');
  assert.deepEqual(measuring('tools/README.md'), []);
});

it('a fixture’s readable directory that is a link: where it leads measures too', async () => {
  const repo = await tempDir('trialgate-scope-readable-link-');
  await mkdir(join(repo, 'fixtures', 'orders'), { recursive: true });
  await writeFile(join(repo, 'fixtures', 'orders', 'fixture.json'), JSON.stringify({ readable: ['../testlib'] }));
  await mkdir(join(repo, 'tools', 'testlib'), { recursive: true });
  await writeFile(join(repo, 'tools', 'testlib', 'helpers.py'), '');
  await symlink('../tools/testlib', join(repo, 'fixtures', 'testlib'));
  const config = {
    version: 1,
    name: 'readable',
    agent: { command: 'node agent.mjs' },
    tasks: [{ id: 'orders', fixture: 'fixtures/orders', watch: ['skills/orders.md'] }],
  };
  await writeFile(join(repo, 'trialgate.yml'), stringify(config));
  const deps = await trialSetDependencies(await readTrialSetFile(join(repo, 'trialgate.yml')), repo);
  const measuring = (changed: string) => changeScope([changed], deps).measuring.map((m) => m.path);
  assert.deepEqual(measuring('tools/testlib/helpers.py'), ['tools/testlib/helpers.py']);
  assert.deepEqual(measuring('fixtures/testlib'), ['fixtures/testlib'], 'the link itself');
  assert.deepEqual(measuring('tools/README.md'), []);
});
