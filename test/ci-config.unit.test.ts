// The files that run `trialgate gate` on another CI system: the --ci-config files and what they include.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { ciConfigFiles } from '../src/cli/ci-config.ts';

it("a GitLab file's local includes run the gate too, through every level; remote and other projects' are not the repository's", async () => {
  const root = await mkdtemp(join(tmpdir(), 'trialgate-ci-config-'));
  await mkdir(join(root, 'ci', 'jobs'), { recursive: true });
  await writeFile(
    join(root, '.gitlab-ci.yml'),
    [
      'include:',
      '  - local: /ci/trialgate.yml',
      '  - ci/jobs/*.yml',
      '  - remote: https://example.com/ci.yml',
      '  - project: group/other',
      '    file: /templates/ci.yml',
      '  - https://example.com/other.yml',
      'stages: [trials]',
      '',
    ].join('\n'),
  );
  await writeFile(join(root, 'ci', 'trialgate.yml'), 'include: /ci/flags.yml\ntrialgate-gate:\n  script: [npx trialgate gate --base-dir baselines]\n');
  await writeFile(join(root, 'ci', 'flags.yml'), 'variables: { TRIALGATE_POLICY: familywise }\n');
  await writeFile(join(root, 'ci', 'jobs', 'a.yml'), 'job-a: { script: [true] }\n');
  assert.deepEqual(await ciConfigFiles(root, ['./.gitlab-ci.yml']), ['.gitlab-ci.yml', 'ci/trialgate.yml', 'ci/flags.yml', 'ci/jobs/a.yml']);
  assert.deepEqual(await ciConfigFiles(root, ['Jenkinsfile', 'ci/flags.yml']), ['Jenkinsfile', 'ci/flags.yml'], 'any CI file named, each once');
});
