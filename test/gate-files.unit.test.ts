// The files that run the gate on GitHub: a pull request that changes the inputs of trialgate's step in a local
// reusable workflow or composite action changes the gate's settings though GITHUB_WORKFLOW_REF names the caller.
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { it } from 'node:test';
import { gateFiles } from '../src/action/gate-files.ts';
import { tempDir } from './support/fixtures.ts';

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
