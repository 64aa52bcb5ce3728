// What the gate holds against the pull request's changed files besides its tasks: the files that run the gate on
// GitHub (a local reusable workflow or composite action sets its inputs though GITHUB_WORKFLOW_REF names the
// caller), and a changed-file list GitHub cut short, past which any of them may lie.
import assert from 'node:assert/strict';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { it } from 'node:test';
import { gateFiles } from '../src/action/gate-files.ts';
import { gatePullRequest, type GatePorts } from '../src/gate/gate.ts';
import type { ChangeScope } from '../src/gate/scope.ts';
import { storedWhole } from '../src/results/stored-run.ts';
import { loadTrialSet } from '../src/trial/trialset.ts';
import { measurementOf } from '../src/trial/measurement.ts';
import { Scrubber } from '../src/util/scrub.ts';
import { tempDir } from './support/fixtures.ts';
import { buildResults } from './support/results-builder.ts';
import { writeTrialSet } from './support/trialset.ts';

it('the workflow, the local reusable workflows and composite actions it reaches, through each of them; never another repository’s', async () => {
  const workspace = await tempDir('trialgate-gate-files-');
  const files: Record<string, string> = {
    '.github/workflows/ci.yml':
      'on: pull_request\njobs:\n  gate:\n    uses: ./.github/workflows/gate.yml\n  lint:\n    uses: acme/shared/.github/workflows/lint.yml@v1\n',
    '.github/workflows/gate.yml':
      'on: workflow_call\njobs:\n  trialgate:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - uses: ./.github/actions/gate\n',
    '.github/actions/gate/action.yaml':
      'runs:\n  using: composite\n  steps:\n    - uses: trialgate/trialgate@v0.1.0\n      with: { policy: strict, fail-on: regression }\n    - uses: ./\n',
    'action.yml': 'name: local\n',
    '.github/workflows/lint.yml': 'on: push\n',
  };
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(workspace, path)), { recursive: true });
    await writeFile(join(workspace, path), text);
  }
  assert.deepEqual(await gateFiles(workspace, '.github/workflows/ci.yml'), [
    '.github/workflows/ci.yml',
    '.github/workflows/gate.yml',
    '.github/actions/gate/action.yaml',
    'action.yml',
  ]);
});

it('a local action or workflow reached through a link is also the file the link leads to: a change there changes the gate', async () => {
  const workspace = await tempDir('trialgate-gate-files-');
  await mkdir(join(workspace, '.github', 'workflows'), { recursive: true });
  await mkdir(join(workspace, 'ci', 'gate'), { recursive: true });
  await writeFile(join(workspace, '.github', 'workflows', 'ci.yml'), 'on: pull_request\njobs:\n  g:\n    steps:\n      - uses: ./.github/actions/gate\n');
  await writeFile(join(workspace, 'ci', 'gate', 'action.yml'), 'runs:\n  using: composite\n  steps:\n    - uses: ./ci/flags\n');
  await mkdir(join(workspace, 'ci', 'flags'));
  await writeFile(join(workspace, 'ci', 'flags', 'action.yml'), 'runs: { using: composite, steps: [] }\n');
  await mkdir(join(workspace, '.github', 'actions'));
  await symlink('../../ci/gate', join(workspace, '.github', 'actions', 'gate'));
  assert.deepEqual(await gateFiles(workspace, '.github/workflows/ci.yml'), [
    '.github/workflows/ci.yml',
    '.github/actions/gate/action.yml',
    'ci/gate/action.yml',
    'ci/flags/action.yml',
  ]);
});

it('a changed-file list GitHub cut short is undecided, never a pass: past it may lie the workflow or a file that measures', async () => {
  const set = await loadTrialSet(await writeTrialSet());
  const task = { id: 'inventory', checks: { pass: '111', 'detect:a': '111' } };
  // A base run of the same trial set, its ruler recorded.
  const base = { ...buildResults({ sha: '1'.repeat(40), tasks: [task] }), measurement: await measurementOf(set) };
  const head = storedWhole(buildResults({ sha: '2'.repeat(40), tasks: [task] }));
  const ports: GatePorts = {
    run: () => Promise.reject(new Error('no trial runs: the first round is given')),
    baseRuns: async () => ({ bases: [{ dir: '.', results: base }], notes: [] }),
    approval: async () => null,
    say: () => undefined,
    warn: () => undefined,
  };
  const gate = (scope: ChangeScope) =>
    gatePullRequest(ports, {
      set,
      runDir: set.dir,
      scope,
      changedFiles: ['skills/inventory-testing.md'],
      gateFiles: ['.github/workflows/trialgate.yml'],
      firstRound: head,
      settings: { policy: 'strict', confirmTrials: 0, failOn: 'regression', failWithoutBaseline: false },
      scrubber: new Scrubber([]),
    });
  const scope: ChangeScope = { tasks: [{ id: 'inventory', rerun: true, why: 'skills changed' }], matched: [], configChanged: false, measuring: [] };
  assert.equal((await gate(scope)).gate.verdict, 'pass');
  const cut = await gate({ ...scope, unlisted: "GitHub listed 3000 of the PR's 3001 changed files" });
  assert.equal(cut.gate.verdict, 'undecided');
  assert.deepEqual(cut.comparison.measurement!.changes, [
    {
      what: 'the changed files (any may be one that measures)',
      base: 'as on the base branch',
      head: "not all known: GitHub listed 3000 of the PR's 3001 changed files",
    },
  ]);
});

it('no baseline found while the pull request changes the file that runs the gate is undecided: the change may be what hides the baseline', async () => {
  // The workflow's artifact-name or baseline-workflow, or a CI file's --base-dir, pointed where no baseline lies.
  const set = await loadTrialSet(await writeTrialSet());
  const task = { id: 'inventory', checks: { pass: '000', 'detect:a': '000' } };
  const ports: GatePorts = {
    run: () => Promise.reject(new Error('no trial runs: the first round is given')),
    baseRuns: async () => ({ bases: [], notes: [] }),
    approval: async () => null,
    say: () => undefined,
    warn: () => undefined,
  };
  const gate = (changedFiles: string[], approval: string | null = null) =>
    gatePullRequest(
      { ...ports, approval: async () => approval },
      {
        set,
        runDir: set.dir,
        scope: { tasks: [{ id: 'inventory', rerun: true, why: 'changed' }], matched: [], configChanged: false, measuring: [] },
        changedFiles,
        gateFiles: ['.github/workflows/trialgate.yml'],
        firstRound: storedWhole(buildResults({ sha: '2'.repeat(40), tasks: [task] })),
        settings: { confirmTrials: 0, failOn: 'regression', failWithoutBaseline: false },
        scrubber: new Scrubber([]),
      },
    );
  assert.equal((await gate(['skills/inventory-testing.md'])).gate.verdict, 'no-baseline', 'a repository’s first baseline is still no baseline');
  const hidden = await gate(['skills/inventory-testing.md', '.github/workflows/trialgate.yml']);
  assert.equal(hidden.gate.verdict, 'undecided');
  assert.deepEqual(
    hidden.comparison.measurement?.changes.map((c) => c.what),
    ['.github/workflows/trialgate.yml (the file that runs the gate: its settings)'],
  );
  // The approval is read through the file that runs the gate (its approval-label input, the CI file's --approved-by): changed, it is the pull request's word.
  const selfApproved = await gate(['.github/workflows/trialgate.yml'], 'the label `bug` on the pull request');
  assert.equal(selfApproved.gate.verdict, 'undecided');
  assert.equal(selfApproved.comparison.measurement?.approved_by, null);
  assert.match(
    selfApproved.comparison.measurement!.changes.map((c) => `${c.what}: ${c.head}`).join('\n'),
    /the approval: the label `bug` on the pull request, read through \.github\/workflows\/trialgate\.yml, which this pull request changes: not counted/,
  );
  assert.equal((await gate(['skills/inventory-testing.md'], 'a maintainer')).gate.verdict, 'no-baseline');
});
