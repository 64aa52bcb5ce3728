// Paired rounds end to end (docs/comparison.md#paired-base-rounds): with a checkout
// of the base commit, `trialgate gate` reruns the base beside the head where the one recorded base run cannot
// decide a task, on real runs of the inventory task in a real git repository and its worktree.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { it } from 'node:test';
import { main } from '../src/cli/main.ts';
import { Results } from '../src/schemas/results.ts';
import { captureIo } from './support/io.ts';
import { tempDir } from './support/fixtures.ts';
import { recordedRun } from './support/recorded-runs.ts';
import { writeTrialSet } from './support/trialset.ts';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-C', cwd, ...args], { encoding: 'utf8' }).trim();

it('the seed’s loss at k = 1 against one base run: flagged with the base commit rerun beside the head, where the head alone cannot flag it', async () => {
  // k = 1: against one recorded base trial no number of head trials can flag a loss (given that it succeeded, it
  // says nothing), so the paired plan runs fresh base trials: 3 head and 3 base trials more, p = 1/35 ≤ ¾ × 0.05.
  // (At k = 2 the unconditional test flags the loss head only with as few added trials: src/compare/unconditional.ts.)
  // The base run is recorded from the project the repository's base commit holds.
  const { project, config, resultsPath } = await recordedRun({ trials: 1 });
  git(project, 'init', '-q');
  git(project, 'add', '.');
  git(project, 'commit', '-qm', 'base');
  const skill = join(project, 'skills', 'inventory-testing.md');
  await writeFile(skill, (await readFile(skill, 'utf8')).replace(/^## Idempotency[\s\S]*?(?=^## )/m, ''));
  git(project, 'commit', '-qam', 'the skill loses its idempotency section');
  const checkout = join(await tempDir(), 'base');
  git(project, 'worktree', 'add', '-q', '--detach', checkout, 'HEAD~1');

  const out = await tempDir();
  const io = captureIo(project);
  const code = await main(['gate', '--config', config, '--out', out, '--base', resultsPath, '--base-checkout', checkout], io);
  assert.equal(code, 1, io.err);
  assert.match(io.err, /confirm on the base commit: \d+ trials? of 1 task/);
  assert.match(io.out, /lost detection: double-reserve/);

  const head = Results.parse(JSON.parse(await readFile(join(out, 'results.json'), 'utf8')));
  const headTrials = head.tasks[0]!.trials.length;
  assert.equal(headTrials, 4);
  assert.match(io.out, /\*\*Spent:\*\* [^\n]* on the base commit/, 'the base trials are in the spend the comment states');
  const rounds = (await readdir(join(out, 'base-commit'))).filter((name) => name.startsWith('confirmation-'));
  assert.ok(rounds.length >= 1, 'each paired round’s base trials are in the run directory');
  const baseRound = Results.parse(JSON.parse(await readFile(join(out, 'base-commit', 'results.json'), 'utf8')));
  assert.equal(baseRound.run.git_sha, git(project, 'rev-parse', 'HEAD~1'), 'the base trials ran the base commit');
  for (const trial of baseRound.tasks[0]!.trials) await readdir(join(out, 'base-commit', trial.evidence));
  assert.ok(
    baseRound.tasks[0]!.trials.every((t) => t.outcome === 'pass'),
    'the base commit still catches double-reserve',
  );
});

it('--base-checkout without the trial set names the flag and the fix', async () => {
  const { config } = await recordedRun({ trials: 2 });
  const empty = await tempDir();
  const io = captureIo();
  const code = await main(['gate', '--config', config, '--base-dir', await tempDir(), '--base-checkout', empty], io);
  assert.equal(code, 2);
  assert.match(io.err, /--base-checkout/);
  assert.match(io.err, /git worktree add/);
});

it('a trial set the pull request turns into a link to another of the base’s never picks what the base commit reruns: the loss is still flagged', async () => {
  // The base commit holds a second trial set, the same task with an agent that lacks the idempotency section. The
  // pull request loses the section, writes its trial set there and links trialgate.yml to it: rerun through the
  // link, the base commit's trials would miss double-reserve too, and the loss would be the base's.
  const { project, config, resultsPath } = await recordedRun({ trials: 1 });
  const skill = join(project, 'skills', 'inventory-testing.md');
  const withoutIdempotency = (await readFile(skill, 'utf8')).replace(/^## Idempotency[\s\S]*?(?=^## )/m, '');
  await writeFile(join(project, 'skills', 'weak.md'), withoutIdempotency);
  const gated = await readFile(config, 'utf8');
  await writeFile(join(project, 'trialgate.weak.yml'), gated.replace('skills/inventory-testing.md', 'skills/weak.md'));
  git(project, 'init', '-q');
  git(project, 'add', '.');
  git(project, 'commit', '-qm', 'base');
  await writeFile(skill, withoutIdempotency);
  await writeFile(join(project, 'trialgate.weak.yml'), gated);
  await rm(config);
  await symlink('trialgate.weak.yml', config);
  git(project, 'add', '-A');
  git(project, 'commit', '-qm', 'the skill loses its idempotency section; trialgate.yml is a link');
  const checkout = join(await tempDir(), 'base');
  git(project, 'worktree', 'add', '-q', '--detach', checkout, 'HEAD~1');

  const out = await tempDir();
  const io = captureIo(project);
  const code = await main(['gate', '--config', config, '--out', out, '--base', resultsPath, '--base-checkout', checkout], io);
  assert.equal(code, 1, io.out + io.err);
  assert.match(io.out, /lost detection: double-reserve/);
  const baseRound = Results.parse(JSON.parse(await readFile(join(out, 'base-commit', 'results.json'), 'utf8')));
  assert.ok(
    baseRound.tasks[0]!.trials.every((t) => t.outcome === 'pass'),
    'the base commit reran its own trialgate.yml',
  );
});

it('a base trial set that names what only the job made (installed packages git ignores) turns the paired rounds off before any trial, never an error at the first base round', async () => {
  const { project, config, resultsPath } = await recordedRun({ trials: 1 });
  // The agent reads node_modules (agent.files), installed beside the checkout and ignored by git: a worktree of the base commit lacks it.
  await mkdir(join(project, 'node_modules', 'sdk'), { recursive: true });
  await writeFile(join(project, 'node_modules', 'sdk', 'index.js'), 'module.exports = {};\n');
  await writeFile(join(project, '.gitignore'), 'node_modules/\n');
  await writeFile(config, (await readFile(config, 'utf8')).replace('    - fixture/agent\n', '    - fixture/agent\n    - node_modules\n'));
  git(project, 'init', '-q');
  git(project, 'add', '.');
  git(project, 'commit', '-qm', 'base');
  const skill = join(project, 'skills', 'inventory-testing.md');
  await writeFile(skill, (await readFile(skill, 'utf8')).replace(/^## Idempotency[\s\S]*?(?=^## )/m, ''));
  git(project, 'commit', '-qam', 'the skill loses its idempotency section');
  const checkout = join(await tempDir(), 'base');
  git(project, 'worktree', 'add', '-q', '--detach', checkout, 'HEAD~1');

  const out = await tempDir();
  const io = captureIo(project);
  const code = await main(['gate', '--config', config, '--out', out, '--base', resultsPath, '--base-checkout', checkout], io);
  assert.notEqual(code, 2, io.err);
  const off = io.err.indexOf('no paired rounds on the base commit: its trial set cannot be read in the --base-checkout');
  assert.ok(off >= 0 && off < io.err.indexOf('inventory trial 1:'), `said before any trial:\n${io.err}`);
  assert.match(io.err, /node_modules does not exist/);
  assert.doesNotMatch(io.err, /confirm on the base commit/);
});

it('packages the job installed inside the agent’s own directory, which a checkout of the base commit lacks: paired rounds off before any trial, so the base’s trials never fail for want of them', async () => {
  // The agent's directory holds a vendored package git ignores (installed by the job): in a worktree of the base
  // commit the agent cannot start, and its failed trials, counted as the base's, hid the head's loss (it passed).
  const project = await tempDir();
  await mkdir(join(project, 'agent', 'vendor'), { recursive: true });
  await writeFile(join(project, 'agent', 'vendor', 'sdk.mjs'), 'export const sdk = true;\n');
  await writeFile(
    join(project, 'agent', 'run.mjs'),
    "import './vendor/sdk.mjs';\nimport { execFileSync } from 'node:child_process';\nexecFileSync(process.execPath, [`${process.env.TRIALGATE_PROJECT}/fixture/agent/scripted-agent.mjs`], { stdio: 'inherit' });\n",
  );
  await writeFile(join(project, '.gitignore'), 'agent/vendor/\n');
  const config = await writeTrialSet({
    dir: project,
    trials: 1,
    command: 'node "$TRIALGATE_PROJECT/agent/run.mjs"',
    agent: { files: ['fixture/agent', 'agent'] },
  });
  const baseRun = await tempDir();
  const recorded = captureIo(project);
  assert.equal(await main(['run', '--config', config, '--out', baseRun], recorded), 0, recorded.err);
  git(project, 'init', '-q');
  git(project, 'add', '.');
  git(project, 'commit', '-qm', 'base');
  const skill = join(project, 'skills', 'inventory-testing.md');
  await writeFile(skill, (await readFile(skill, 'utf8')).replace(/^## Idempotency[\s\S]*?(?=^## )/m, ''));
  git(project, 'commit', '-qam', 'the skill loses its idempotency section');
  const checkout = join(await tempDir(), 'base');
  git(project, 'worktree', 'add', '-q', '--detach', checkout, 'HEAD~1');

  const out = await tempDir();
  const io = captureIo(project);
  const code = await main(['gate', '--config', config, '--out', out, '--base', join(baseRun, 'results.json'), '--base-checkout', checkout], io);
  assert.notEqual(code, 0, `never a pass:\n${io.out}\n${io.err}`);
  const off = io.err.indexOf(
    'no paired rounds on the base commit: the --base-checkout lacks what git does not track but the job made where an agent or a fixture reads (agent/vendor/',
  );
  assert.ok(off >= 0 && off < io.err.indexOf('inventory trial 1:'), `said before any trial:\n${io.err}`);
  assert.doesNotMatch(io.err, /confirm on the base commit/);
  assert.match(io.out, /No paired rounds on the base commit: the --base-checkout lacks .*agent\/vendor\//, 'in the comment too');
});
