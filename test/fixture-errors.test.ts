// Fixture authoring mistakes, told as well as trialgate.yml's: every problem of fixture.json at once,
// each with its line and, for a misspelt key, the key meant; a service that ignores PORT or answers its
// health probe wrongly says so; a service that never reads faultEnv is asked about; and a candidate
// given to validate is blamed for what it misses, not the acceptor.
import assert from 'node:assert/strict';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { main } from '../src/cli/main.ts';
import { loadFixture } from '../src/fixture/load.ts';
import { freeServicePort } from '../src/isolation/ports.ts';
import { UserInputError } from '../src/util/errors.ts';
import { tempDir } from './support/fixtures.ts';
import { captureIo } from './support/io.ts';
import { NO_ISOLATION } from './support/isolation.ts';
import { NODE_TEST_SUITE, suiteFixture, TALLY_FAULTS } from './support/suites.ts';
import { timeLimit } from './support/time-limit.ts';

const NODE_TEST =
  'node --test --test-reporter="$TRIALGATE_REPORTERS/node-test.mjs" --test-reporter-destination="$TRIALGATE_REPORT" "$TRIALGATE_CANDIDATE"/*.test.mjs';

const tally = (faults: Record<string, { label: string }> = { 'accepts-zero': TALLY_FAULTS['accepts-zero'] }) =>
  suiteFixture({ service: 'node', reference: { 'tally.test.mjs': NODE_TEST_SUITE }, acceptance: { command: NODE_TEST }, faults });

async function loadError(dir: string): Promise<UserInputError> {
  try {
    await loadFixture(dir);
  } catch (e) {
    if (e instanceof UserInputError) return e;
    throw e;
  }
  assert.fail('the fixture loaded');
}

async function validateOut(dir: string, ...args: string[]): Promise<{ code: number; out: string }> {
  const io = captureIo();
  const code = await main(['validate', dir, '--out', await tempDir(), ...args], io);
  return { code, out: io.out + io.err };
}

async function editService(dir: string, edit: (text: string) => string): Promise<void> {
  const path = join(dir, 'service', 'server.mjs');
  await writeFile(path, edit(await readFile(path, 'utf8')));
}

/** A service that will never be ready is given up on sooner. */
async function startTimeout(dir: string, ms: number): Promise<void> {
  const manifest = JSON.parse(await readFile(join(dir, 'fixture.json'), 'utf8'));
  manifest.service.startTimeoutMs = ms;
  await writeFile(join(dir, 'fixture.json'), JSON.stringify(manifest));
}

describe('fixture.json errors', () => {
  it('every problem at once, each with its line; a misspelt key names the key meant', async () => {
    const dir = await tally();
    const manifest = JSON.parse(await readFile(join(dir, 'fixture.json'), 'utf8'));
    manifest.service.heatlh = '/health';
    manifest.service.faultEnv = 'tally_fault';
    manifest.protect = manifest.protected;
    delete manifest.protected;
    await writeFile(join(dir, 'fixture.json'), JSON.stringify(manifest, null, 2));
    const lines = (await readFile(join(dir, 'fixture.json'), 'utf8')).split('\n');
    const lineOf = (text: string) => lines.findIndex((l) => l.includes(text)) + 1;
    const message = (await loadError(dir)).message;
    const file = join(dir, 'fixture.json');
    assert.ok(message.includes(`${file}:${lineOf('"heatlh"')}: service.heatlh: unknown key; did you mean health?`), message);
    assert.ok(message.includes(`${file}:${lineOf('"protect"')}: protect: unknown key; did you mean protected?`), message);
    assert.ok(
      message.includes(`${file}:${lineOf('"tally_fault"')}: service.faultEnv: given text "tally_fault"; expected an environment variable name in capitals`),
      message,
    );
    assert.match(message, /protected: required, and missing/);
  });

  it('a value outside its choices names the value given and the choice meant', async () => {
    const dir = await tally();
    const manifest = JSON.parse(await readFile(join(dir, 'fixture.json'), 'utf8'));
    manifest.acceptance.report = 'junit-xm';
    await writeFile(join(dir, 'fixture.json'), JSON.stringify(manifest, null, 2));
    const error = await loadError(dir);
    assert.equal(error.field, 'acceptance.report');
    assert.equal(error.expected, `"junit-xm" is not one of trialgate, junit-xml; did you mean junit-xml?`);
  });

  it('an acceptance command naming a missing file of the machine (a test runner) says so, not "not in the fixture"', async () => {
    const dir = await suiteFixture({
      service: 'node',
      reference: { 'tally.test.mjs': NODE_TEST_SUITE },
      acceptance: { command: 'node /usr/share/trialgate-no-such-runner/run.mjs "$TRIALGATE_CANDIDATE"' },
      faults: { 'accepts-zero': TALLY_FAULTS['accepts-zero'] },
    });
    const { code, out } = await validateOut(dir);
    assert.notEqual(code, 0, out);
    assert.match(out, /names \/usr\/share\/trialgate-no-such-runner\/run\.mjs, which does not exist where the acceptor runs: install what provides it/);
    assert.doesNotMatch(out, /which is not in the fixture/);
  });

  it('JSON that does not parse names its line', async () => {
    const dir = await tally();
    await writeFile(join(dir, 'fixture.json'), '{\n  "version": 1,\n  "id": "tally",\n}\n');
    const error = await loadError(dir);
    assert.equal(error.file, `${join(dir, 'fixture.json')}:4`);
    assert.match(error.message, /not valid JSON/);
  });

  it('what the schema cannot see is listed at once too: inputs, task.txt, service files, readable directories, the reference answers', async () => {
    const dir = await tally();
    const manifest = JSON.parse(await readFile(join(dir, 'fixture.json'), 'utf8'));
    manifest.service.files = ['service/nothing.mjs'];
    manifest.readable = ['../no-such-venv'];
    manifest.reference = 'ref';
    await writeFile(join(dir, 'fixture.json'), JSON.stringify(manifest));
    await writeFile(join(dir, 'task.txt'), '');
    await rm(join(dir, 'inputs'), { recursive: true });
    const message = (await loadError(dir)).message;
    for (const part of [
      /inputs: a fixture needs inputs/,
      /service\.files: no file matches service\/nothing\.mjs/,
      /readable\[0\]: \.\.\/no-such-venv is not a directory/,
      /reference: ref is not a directory of the fixture/,
    ]) {
      assert.match(message, part);
    }
  });
});

describe('the service as the fixture declares it', { timeout: timeLimit(120_000) }, () => {
  it('isolated, a service that ignores PORT and listens on 8080 fails, naming PORT and where it listens', { skip: NO_ISOLATION }, async () => {
    const dir = await tally();
    await editService(dir, (t) => t.replace('Number(process.env.PORT)', '8080'));
    await startTimeout(dir, 1500);
    const { code, out } = await validateOut(dir, '--isolation', 'required');
    assert.equal(code, 1);
    assert.match(out, /never answered on PORT=\d+ within \d+ ms: it listens on 8080 instead, so it ignores PORT/);
    assert.doesNotMatch(out, /PORT=8080\b/, 'the port trialgate sets is never a framework default');
  });

  it('unisolated, the same: the message names the port it listens on instead of PORT', async () => {
    const dir = await tally();
    const port = await freeServicePort();
    await editService(dir, (t) => t.replace('Number(process.env.PORT)', String(port)));
    await startTimeout(dir, 1500);
    const { code, out } = await validateOut(dir, '--isolation', 'none');
    assert.equal(code, 1);
    assert.match(out, new RegExp(`it listens on ${port} instead, so it ignores PORT`));
  });

  it('a health path the service does not serve: what it answered, and which field to fix', async () => {
    const dir = await tally();
    await editService(dir, (t) =>
      t
        .replace("if (req.url === '/health')", "if (req.url === '/ready')")
        .replace('const name = req.url', "if (req.url === '/health') return answer(res, 404, { error: 'no such route' });\n  const name = req.url"),
    );
    await startTimeout(dir, 1000);
    const { out } = await validateOut(dir);
    assert.match(out, /answered 404, not 200, to GET \/health for 1000 ms \(".*no such route.*"\): service\.health must name a path it answers 200/);
  });

  it('a service that never reads faultEnv: validate asks whether it does, and says no service file names it', async () => {
    const dir = await tally();
    await editService(dir, (t) => t.replaceAll('TALLY_FAULT', 'TALLY_FAULTS'));
    const { code, out } = await validateOut(dir);
    assert.equal(code, 1);
    assert.match(out, /every defect passed every test, exactly as the correct service did: does the service read TALLY_FAULT \(service\.faultEnv\)\?/);
    assert.match(out, /no file of service\.files \(service\/server\.mjs\) mentions TALLY_FAULT/);
  });

  it('validate --candidate blames a weak candidate, not the acceptor', async () => {
    const dir = await tally();
    const weak = await tempDir('trialgate-weak-');
    await writeFile(join(weak, 'tally.test.mjs'), NODE_TEST_SUITE.replace(/test\('zero is refused'[\s\S]*$/, ''));
    const { code, out } = await validateOut(dir, '--candidate', weak);
    assert.equal(code, 1);
    assert.match(out, /❌ the candidate does not tell right from wrong here/);
    assert.doesNotMatch(out, /acceptor NOT trusted/);
    assert.doesNotMatch(out, /every defect passed every test/, 'a candidate that misses is not a service that ignores faultEnv');
    const good = await validateOut(dir, '--candidate', join(dir, 'reference'));
    assert.equal(good.code, 0, good.out);
    assert.match(good.out, /✅ acceptor trusted/);
  });
});
