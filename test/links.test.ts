// trialgate never writes or reads through a link it did not make, in any command, and never takes a file
// name from a results file unchecked. Each test plants what an agent that ran unisolated (or anyone with
// the run directory) could leave, and checks that the place it points to is untouched and unread.
import assert from 'node:assert/strict';
import { cp, lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { main } from '../src/cli/main.ts';
import { runTrialSet } from '../src/trial/run-set.ts';
import { INVENTORY, tempDir } from './support/fixtures.ts';
import { captureIo } from './support/io.ts';
import { recordedRun } from './support/recorded-runs.ts';
import { BUILTIN_SKILL } from './support/trialset.ts';

// This file's projects sit in a directory of their own, which the escape test searches whole.
process.env.TMPDIR = await mkdtemp(join(tmpdir(), 'trialgate-links-'));

/** A run of one failing trial (the skill lacks its idempotency section), and a directory outside it all. */
async function failedTrial() {
  const skill = (await readFile(BUILTIN_SKILL, 'utf8')).replace(/^## Idempotency[\s\S]*?(?=^## |(?![\s\S]))/m, '');
  const { config, project, runDir, results } = await recordedRun({ skill });
  const trial = results.tasks[0]!.trials[0]!;
  assert.equal(trial.outcome, 'fail');
  const outside = await tempDir('trialgate-outside-');
  return { config, project, runDir, trialDir: join(runDir, trial.evidence), outside };
}

async function repairCli(project: string, args: string[]) {
  const io = captureIo(project);
  const code = await main(['repair', ...args], io);
  return { code, out: io.out, err: io.err };
}

/** The human fix: the reference answers, which cover idempotency. */
async function fix(trialDir: string) {
  for (const file of ['spec.json', 'cases.json']) await cp(join(INVENTORY, 'reference', file), join(trialDir, 'repair', 'candidate', file));
}

const isRegular = async (path: string) => (await lstat(path)).isFile();

describe('trialgate repair and links it did not make', () => {
  it('a repair/ planted as a link is refused, and nothing is written where it points', async () => {
    const { project, trialDir, outside } = await failedTrial();
    await symlink(outside, join(trialDir, 'repair'));
    const start = await repairCli(project, [trialDir]);
    assert.equal(start.code, 2, start.out);
    assert.match(start.err, /repair: \(top level\): is a symbolic link \(to .*\) that `trialgate repair` did not make/);
    assert.deepEqual(await readdir(outside), []);
    const done = await repairCli(project, [trialDir, '--done', '--minutes', '1']);
    assert.equal(done.code, 2);
    assert.deepEqual(await readdir(outside), []);
  });

  it('a repair/ directory it did not make (holding a candidate link) is refused, not used', async () => {
    const { project, trialDir, outside } = await failedTrial();
    await mkdir(join(trialDir, 'repair'));
    await symlink(outside, join(trialDir, 'repair', 'candidate'));
    const start = await repairCli(project, [trialDir]);
    assert.equal(start.code, 2);
    assert.match(start.err, /is a directory that `trialgate repair` did not make/);
    assert.deepEqual(await readdir(outside), []);
  });

  it('links planted inside repair/ after the start (patch, result, acceptance reports) are replaced, never followed', async () => {
    const { project, trialDir, outside } = await failedTrial();
    assert.equal((await repairCli(project, [trialDir])).code, 0);
    await fix(trialDir);
    await writeFile(join(outside, 'precious.txt'), 'precious\n');
    await symlink(join(outside, 'precious.txt'), join(trialDir, 'repair', 'patch.diff'));
    await symlink(join(outside, 'result.json'), join(trialDir, 'repair', 'result.json'));
    await symlink(outside, join(trialDir, 'repair', 'acceptance'));
    const done = await repairCli(project, [trialDir, '--done', '--minutes', '5']);
    assert.equal(done.code, 0, done.out + done.err);
    assert.deepEqual((await readdir(outside)).sort(), ['precious.txt']);
    assert.equal(await readFile(join(outside, 'precious.txt'), 'utf8'), 'precious\n');
    for (const file of ['patch.diff', 'result.json']) assert.ok(await isRegular(join(trialDir, 'repair', file)), file);
    assert.ok((await lstat(join(trialDir, 'repair', 'acceptance'))).isDirectory());
  });

  it('a repair whose started.json is a link, or a results.json that is a link, is refused', async () => {
    const { project, runDir, trialDir, outside } = await failedTrial();
    assert.equal((await repairCli(project, [trialDir])).code, 0);
    await fix(trialDir);
    await writeFile(join(outside, 'started.json'), JSON.stringify({ started_at: '2020-01-01T00:00:00.000Z', candidate_sha256: 'x' }));
    const started = join(trialDir, 'repair', 'started.json');
    await cp(started, join(outside, 'kept.json'));
    await rm(started);
    await symlink(join(outside, 'started.json'), started);
    const linkedStart = await repairCli(project, [trialDir, '--done', '--minutes', '5']);
    assert.equal(linkedStart.code, 2);
    assert.match(linkedStart.err, /started\.json: \(top level\): is a symbolic link/);

    await rm(started);
    await cp(join(outside, 'kept.json'), started);
    await cp(join(runDir, 'results.json'), join(outside, 'results.json'));
    await rm(join(runDir, 'results.json'));
    await symlink(join(outside, 'results.json'), join(runDir, 'results.json'));
    const linkedResults = await repairCli(project, [trialDir, '--done', '--minutes', '5']);
    assert.equal(linkedResults.code, 2);
    assert.match(linkedResults.err, /results\.json: \(top level\): is a symbolic link/);
  });

  it('--save takes no file name from results.json unchecked: a candidate_sha256 of ../escaped writes nothing outside repairs/', async () => {
    const { project, runDir, trialDir } = await failedTrial();
    const path = join(runDir, 'results.json');
    const results = JSON.parse(await readFile(path, 'utf8'));
    results.tasks[0].trials[0].candidate_sha256 = '../../escaped';
    await writeFile(path, JSON.stringify(results));
    assert.equal((await repairCli(project, [trialDir])).code, 0);
    await fix(trialDir);
    const done = await repairCli(project, [trialDir, '--done', '--minutes', '5', '--save']);
    assert.equal(done.code, 2, done.out);
    assert.match(done.err, /candidate_sha256: "\.\.\/\.\.\/escaped" is not a sha256/);
    const everywhere = (await readdir(process.env.TMPDIR!, { recursive: true })).map(String);
    assert.ok(!everywhere.some((p) => p.endsWith('escaped.diff') || p.endsWith('escaped.json')), 'no escaped file anywhere');
  });

  it('a committed repair reached through a link in the repairs directory is not read: the repair says so', async () => {
    const { project, config, trialDir, outside } = await failedTrial();
    const sha = JSON.parse(await readFile(join(trialDir, 'evidence', 'verdict.json'), 'utf8')).candidate_sha256 as string;
    await writeFile(join(outside, `${sha}.diff`), 'not a patch\n');
    await writeFile(join(outside, `${sha}.json`), '{"minutes":1,"patch_lines":1,"patch_files":1}');
    await mkdir(join(project, 'repairs'));
    await symlink(outside, join(project, 'repairs', 'inventory'));
    const { results } = await runTrialSet({ configPath: config, outDir: await tempDir() });
    const repair = results.tasks[0]!.trials[0]!.repair;
    assert.equal(repair?.outcome, 'fail');
    assert.match(repair!.failures.join('\n'), /repairs\/inventory is a symbolic link: not followed/);
  });
});

describe('trialgate failures and its archive', () => {
  it('a dangling link at the archive path is flagged and removed, never written through', async () => {
    const { runDir, outside } = await failedTrial();
    const cwd = await tempDir();
    const victim = join(outside, 'victim.json');
    await symlink(victim, join(cwd, 'trialgate.failures.json'));
    const io = captureIo(cwd);
    assert.equal(await main(['failures', runDir], io), 0, io.err);
    assert.match(
      io.err,
      /trialgate\.failures\.json was a dangling symbolic link \(to .*victim\.json\) that trialgate did not make: removed, not written through/,
    );
    await assert.rejects(lstat(victim), { code: 'ENOENT' });
    assert.ok(await isRegular(join(cwd, 'trialgate.failures.json')));
  });

  it('a link to a file at the archive path is refused: neither read nor written', async () => {
    const { runDir, outside } = await failedTrial();
    const cwd = await tempDir();
    await writeFile(join(outside, 'elsewhere.json'), 'kept\n');
    await symlink(join(outside, 'elsewhere.json'), join(cwd, 'trialgate.failures.json'));
    const io = captureIo(cwd);
    assert.equal(await main(['failures', runDir], io), 2);
    assert.match(io.err, /is a symbolic link \(to .*elsewhere\.json\) that trialgate did not make/);
    assert.equal(await readFile(join(outside, 'elsewhere.json'), 'utf8'), 'kept\n');
  });
});

describe('trialgate init, compare --out and report.html', () => {
  it('init: a starter file planted as a link counts as existing, --force replaces it, and a linked .gitignore is not written through', async () => {
    const target = await tempDir();
    const outside = await tempDir('trialgate-outside-');
    await symlink(join(outside, 'planted.yml'), join(target, 'trialgate.yml'));
    await writeFile(join(outside, 'gitignore'), 'kept\n');
    await symlink(join(outside, 'gitignore'), join(target, '.gitignore'));
    const refused = captureIo(target);
    assert.equal(await main(['init'], refused), 2);
    assert.match(refused.err, /trialgate\.yml/);
    const forced = captureIo(target);
    assert.equal(await main(['init', '--force'], forced), 0, forced.err);
    assert.deepEqual((await readdir(outside)).sort(), ['gitignore']);
    assert.ok(await isRegular(join(target, 'trialgate.yml')));
    assert.equal(await readFile(join(outside, 'gitignore'), 'utf8'), 'kept\n');
    assert.match(forced.err, /\.gitignore is a symbolic link .*not changed/);
  });

  it('compare --out and --html replace a link in the file’s place instead of writing through it', async () => {
    const { runDir, outside } = await failedTrial();
    const dir = await tempDir();
    await writeFile(join(outside, 'precious.md'), 'precious\n');
    await symlink(join(outside, 'precious.md'), join(dir, 'out.md'));
    await symlink(join(outside, 'page.html'), join(dir, 'page.html'));
    const results = join(runDir, 'results.json');
    const io = captureIo(dir);
    await main(['compare', '--base', results, '--head', results, '--out', 'out.md', '--html', 'page.html'], io);
    assert.equal(await readFile(join(outside, 'precious.md'), 'utf8'), 'precious\n');
    assert.deepEqual((await readdir(outside)).sort(), ['precious.md']);
    assert.ok(await isRegular(join(dir, 'out.md')));
  });

  it('run, gate and validate never write a run through a link the repository holds (.trialgate, or the --out named)', async () => {
    const { config, project, resultsPath: base } = await recordedRun();
    const outside = await tempDir('trialgate-outside-');
    await symlink(outside, join(project, '.trialgate'));
    await symlink(outside, join(project, 'results'));
    for (const args of [
      ['run', '--config', config],
      ['run', '--config', config, '--out', 'results'],
      ['gate', '--config', config, '--base', base],
      ['validate', join(project, 'fixture')],
    ]) {
      const io = captureIo(project);
      const code = await main(args, io);
      assert.equal(code, 2, `${args[0]}: ${io.err}`);
      assert.match(
        io.err,
        /(\.trialgate|results): --out: is a symbolic link \(to .*\): a run is never written through a link trialgate did not make/,
        args.join(' '),
      );
    }
    assert.deepEqual(await readdir(outside), [], 'nothing was written where the links point');
  });

  it('report.html never shows what a link in a trial directory points to', async () => {
    const { runDir, trialDir, outside } = await failedTrial();
    await writeFile(join(outside, 'secret.txt'), 'TOPSECRET-THROUGH-A-LINK\n');
    const log = join(trialDir, 'evidence', 'agent.log');
    await rm(log);
    await symlink(join(outside, 'secret.txt'), log);
    await symlink(join(outside, 'secret.txt'), join(trialDir, 'evidence', 'reports', 'leak.json'));
    const results = join(runDir, 'results.json');
    const io = captureIo(runDir);
    await main(['compare', '--base', results, '--head', results, '--html', join(runDir, 'page.html')], io);
    const page = await readFile(join(runDir, 'page.html'), 'utf8');
    assert.ok(page.length > 1000, io.err);
    assert.ok(!page.includes('TOPSECRET-THROUGH-A-LINK'));
  });
});
