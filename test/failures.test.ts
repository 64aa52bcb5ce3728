// The failure archive, end to end on real runs of the built-in inventory task: build it from run
// directories and an artefact zip, label a cause, promote a failure only after it proves stable, refuse a
// duplicate, an unstable failure and a holdout case that answers a prompt change of the same PR.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { main } from '../src/cli/main.ts';
import { newFailures } from '../src/failures/archive.ts';
import { FailureArchive } from '../src/schemas/failures.ts';
import { runTrialSet } from '../src/trial/run-set.ts';
import { tempDir } from './support/fixtures.ts';
import { captureIo } from './support/io.ts';
import { recordedRun } from './support/recorded-runs.ts';
import { BUILTIN_SKILL, writeTrialSet } from './support/trialset.ts';
import { buildZip } from './support/zip.ts';

const withoutIdempotency = async () => (await readFile(BUILTIN_SKILL, 'utf8')).replace(/^## Idempotency[\s\S]*?(?=^## |(?![\s\S]))/m, '');

describe('trialgate failures', () => {
  it('builds the archive from runs and artefacts, labels causes, and promotes a stable failure once', async () => {
    const base = await recordedRun({ trials: 2 });
    const headConfig = await writeTrialSet({ trials: 2, skill: await withoutIdempotency() });
    const head = await runTrialSet({ configPath: headConfig, outDir: await tempDir(), runInfo: { pr_number: 7 } });
    const claim = await recordedRun({ env: { SCRIPTED_AGENT_MODE: 'claim-only' } });
    const dir = dirname(headConfig);
    const zip = join(await tempDir(), 'artefact.zip');
    await writeFile(zip, buildZip({ 'results.json': await readFile(claim.resultsPath, 'utf8') }));

    const build = captureIo(dir);
    assert.equal(await main(['failures', base.runDir, head.runDir, zip], build), 0, build.err);
    const archive = FailureArchive.parse(JSON.parse(await readFile(join(dir, 'trialgate.failures.json'), 'utf8')));
    const missed = archive.failures.find((f) => f.check === 'detect:double-reserve')!;
    assert.deepEqual(
      [missed.task, missed.criterion, missed.cause, missed.cause_by, missed.count],
      ['inventory', 'no assertion failed on double-reserve', 'acceptance', 'program', 2],
    );
    assert.equal(missed.occurrences[0]!.pr_number, 7);
    assert.match(missed.occurrences[0]!.evidence, /^inventory\/trial-00[12]$/);
    assert.ok(missed.occurrences[0]!.watched_sha256 && missed.occurrences[0]!.agent_command.includes('scripted-agent'));
    const format = archive.failures.find((f) => f.check === 'format')!;
    assert.match(format.criterion, /spec\.json: file not found in the candidate/);
    const claimed = archive.failures.find((f) => f.check === 'constraint:claims-backed')!;
    assert.equal(claimed.cause, null, 'a constraint is named by the program, its cause by people');
    assert.match(build.out, /🆕/);

    const again = captureIo(dir);
    assert.equal(await main(['failures', head.runDir], again), 0);
    assert.equal(
      FailureArchive.parse(JSON.parse(await readFile(join(dir, 'trialgate.failures.json'), 'utf8'))).failures.find((f) => f.signature === missed.signature)!
        .count,
      2,
      'a run folded in twice counts once',
    );

    const labelled = captureIo(dir);
    assert.equal(await main(['failures', 'label', claimed.signature.slice(0, 8), 'planning'], labelled), 0, labelled.err);
    const refused = captureIo(dir);
    assert.equal(await main(['failures', 'label', missed.signature, 'retrieval'], refused), 2);
    assert.match(refused.err, /the program proved the cause is acceptance; pass --force/);

    const holdout = captureIo(dir);
    assert.equal(await main(['failures', 'promote', missed.signature, '--set', 'holdout', '--runs', '2', '--config', headConfig], holdout), 1);
    assert.match(holdout.err, /seen only in pull requests that changed the prompt under test/);

    const promote = captureIo(dir);
    assert.equal(await main(['failures', 'promote', missed.signature, '--runs', '2', '--config', headConfig], promote), 0, promote.err);
    assert.match(promote.out, /to regression case R-1 \(dev\).*failed this way in 2 of 2 re-runs/);
    const twice = captureIo(dir);
    assert.equal(await main(['failures', 'promote', missed.signature, '--runs', '1', '--config', headConfig], twice), 1);
    assert.match(twice.err, /a duplicate of regression case R-1/);
  });

  it('refuses a failure that does not reproduce on every re-run', async () => {
    const config = await writeTrialSet({ trials: 4, env: { SCRIPTED_AGENT_FLAKE: '0.5' } });
    const flaky = await runTrialSet({ configPath: config, outDir: await tempDir() });
    const dir = dirname(config);
    assert.equal(await main(['failures', flaky.runDir], captureIo(dir)), 0);
    const archive = FailureArchive.parse(JSON.parse(await readFile(join(dir, 'trialgate.failures.json'), 'utf8')));
    const entry = archive.failures[0];
    assert.ok(entry && entry.count < 4, `the flaky agent failed on some trials, not all: ${JSON.stringify(archive.failures.map((f) => [f.check, f.count]))}`);
    const io = captureIo(dir);
    assert.equal(await main(['failures', 'promote', entry.signature, '--runs', '4', '--config', config], io), 1);
    assert.match(io.err, /its environment is not stable: it failed this way in \d of 4 executed re-runs/);
  });

  it('names the failures a head run has that no base run shows', async () => {
    const base = await recordedRun();
    const head = await recordedRun({ skill: await withoutIdempotency() });
    assert.deepEqual(
      newFailures([base.results], head.results).map((f) => f.check),
      ['detect:double-reserve'],
    );
    assert.deepEqual(newFailures([head.results], head.results), []);
  });
});
