// What `trialgate init` writes works on a real runner and tells the truth: the workflows refresh the
// package lists before they install, show where the acceptor's test runner is installed, the trial set
// requires isolation, git ignores runs and installed packages, and every `uses:` line and schema URL in
// the README, the docs and the starter names the one tag this version is released as.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { main } from '../src/cli/main.ts';
import { listFiles } from '../src/util/files.ts';
import { TOOL_VERSION } from '../src/version.ts';
import { ROOT, tempDir } from './support/fixtures.ts';
import { captureIo } from './support/io.ts';

const STARTER = join(ROOT, 'templates', 'starter');
const WORKFLOWS = ['trialgate-baseline.yml', 'trialgate-pr.yml'].map((f) => join('.github', 'workflows', f));

/** What init writes in `lang`, into a fresh directory. */
async function initIn(lang: string): Promise<string> {
  const repo = await tempDir(`trialgate-starter-${lang}-`);
  const io = captureIo(repo);
  assert.equal(await main(['init', '--lang', lang], io), 0, io.err);
  return repo;
}

/** Per language: what its workflows must install where the sandbox sees it. */
const RUNNERS = {
  node: /# - run: npm ci --ignore-scripts/,
  python: /sudo apt-get install -y python3-pytest/,
  java: /sudo apt-get install -y junit5/,
  go: /sudo apt-get install -y golang-go\n\s+export GOCACHE="\$PWD\/\.trialgate\/go-build"\n\s+go build -o \/dev\/null fixtures\/tally\/service\/tally\.go && go test -c/,
};

describe('the starter', () => {
  it('its trial set requires isolation (a required check never falls back to an unisolated run)', async () => {
    const config = parse(await readFile(join(STARTER, 'common', 'trialgate.yml'), 'utf8'));
    assert.equal(config.agent.isolation, 'required');
  });

  for (const [lang, runner] of Object.entries(RUNNERS)) {
    it(`${lang}: its workflows update the package lists before any install, install the acceptor's runner system-wide, turn off the user-namespace restriction only where it is on, and pin every action but trialgate by SHA`, async () => {
      const repo = await initIn(lang);
      for (const workflow of WORKFLOWS) {
        const path = join(repo, workflow);
        const text = await readFile(path, 'utf8');
        const steps: { run?: string; uses?: string }[] = parse(text).jobs.trials.steps;
        const lines = steps
          .flatMap((s) => (s.run ? [s.run] : []))
          .join('\n')
          .split('\n');
        const install = lines.findIndex((l) => /^\s*sudo apt-get install/.test(l));
        const update = lines.findIndex((l) => /^\s*sudo apt-get update/.test(l));
        assert.ok(install >= 0 && update >= 0 && update < install, `${workflow}: apt-get update before apt-get install`);
        assert.match(text, runner, `${lang} ${workflow}: the acceptor's runner`);
        assert.doesNotMatch(text, /@runner/, 'the placeholder is replaced');
        const sysctl = lines.filter((l) => l.includes('sysctl'));
        assert.equal(sysctl.length, 1);
        assert.match(sysctl[0]!, /^if \[ "\$\(cat \/proc\/sys\/kernel\/apparmor_restrict_unprivileged_userns 2>\/dev\/null\)" = 1 \]; then sudo sysctl -w/);
        for (const { uses } of steps.filter((s) => s.uses && !s.uses.startsWith('trialgate/')))
          assert.match(uses!, /^[\w-]+\/[\w-]+@[0-9a-f]{40}$/, `${workflow}: ${uses} pinned by SHA`);
        for (const pinned of text.matchAll(/uses: ([\w-]+\/[\w-]+)@(\S+)(?: # (v\S+))?/g))
          if (pinned[1] !== 'trialgate/trialgate') assert.ok(pinned[3], `${pinned[0]}: the SHA says which release it is`);
      }
    });
  }

  it('go: validate before the build cache is warmed says what to create, naming the Go cache', async () => {
    const repo = await initIn('go');
    const io = captureIo(repo);
    assert.equal(await main(['validate', 'fixtures/tally'], io), 2);
    assert.match(
      io.err,
      /readable\[0\]: \.\.\/\.\.\/\.trialgate\/go-build is not a directory next to the fixture .*a Go build cache: GOCACHE=<it> go build …, as trialgate init prints/,
    );
  });

  it('reads the language from the repository, and says from what', async () => {
    for (const [files, lang] of [
      [['pom.xml'], 'java'],
      [['build.gradle.kts'], 'java'],
      [['go.mod'], 'go'],
      [['requirements.txt'], 'python'],
      [['pyproject.toml', 'package.json'], 'python'],
      [['package.json'], 'node'],
      [[], 'node'],
    ] as const) {
      const repo = await tempDir('trialgate-detect-');
      for (const file of files) await writeFile(join(repo, file), '');
      const io = captureIo(repo);
      assert.equal(await main(['init'], io), 0, io.err);
      assert.match(io.out, new RegExp(`\\(${lang}: ${files.length ? `from ${files.join(', ')}` : 'no '}`), files.join(' '));
      assert.ok(existsSync(join(repo, 'fixtures', 'tally', 'fixture.json')));
    }
    // A Node repository whose package.json already tests with Jest or Vitest is told where its runner becomes the acceptor.
    for (const [manifest, runner] of [
      [{ scripts: { test: 'jest --coverage' } }, 'Jest'],
      [{ devDependencies: { vitest: '^4.0.0' } }, 'Vitest'],
    ] as const) {
      const repo = await tempDir('trialgate-detect-');
      await writeFile(join(repo, 'package.json'), JSON.stringify(manifest));
      const io = captureIo(repo);
      assert.equal(await main(['init'], io), 0, io.err);
      assert.match(
        io.out,
        new RegExp(
          `package\\.json uses ${runner}; the starter's acceptor is node:test\\. To make your ${runner} suite the acceptor: docs/report-format\\.md#${runner.toLowerCase()}`,
        ),
      );
    }
    // Each language the repository's files name gets its own code starter: hidden tests in its framework, and
    // workflows that install that framework and, for Go, warm the build cache the hidden tests read.
    for (const [marker, lang, hidden, installs] of [
      ['pom.xml', 'java', 'fixtures/pages/hidden/pages/PagesServiceTest.java', /apt-get install -y junit5/],
      [
        'go.mod',
        'go',
        'fixtures/pages/hidden/pages_test.go',
        /GOCACHE="\$PWD\/\.trialgate\/go-build" go test -c -o \/dev\/null fixtures\/pages\/hidden\/pages_test\.go/,
      ],
    ] as const) {
      const repo = await tempDir();
      await writeFile(join(repo, marker), '');
      const io = captureIo(repo);
      assert.equal(await main(['init', '--code'], io), 0, io.err);
      assert.match(io.out, new RegExp(`\\(${lang}: from ${marker.replace('.', '\\.')}; `));
      assert.ok(io.out.includes(`  ${hidden}\n`), io.out);
      assert.doesNotMatch(io.out, /fixtures\/pages\/(repo\/src\/pages\.mjs|hidden\/trialgate-reporter\.mjs)/, "none of node's starter");
      const workflow = await readFile(join(repo, '.github', 'workflows', 'trialgate-pr.yml'), 'utf8');
      assert.match(workflow, installs);
      assert.doesNotMatch(workflow, /fixtures\/tally/, "the code starter's workflows prepare its own fixture, not the test starter's");
    }
    // A Python repository gets the Python code starter: pytest as the hidden tests, and workflows that install it.
    const python = await tempDir();
    await writeFile(join(python, 'pyproject.toml'), '');
    const detected = captureIo(python);
    assert.equal(await main(['init', '--code'], detected), 0, detected.err);
    assert.match(detected.out, /\(python: from pyproject\.toml; /);
    assert.match(detected.out, /fixtures\/pages\/hidden\/test_pages\.py/);
    assert.match(detected.out, /sudo apt-get install -y python3-pytest/);
    assert.match(await readFile(join(python, '.github', 'workflows', 'trialgate-pr.yml'), 'utf8'), /apt-get install -y python3-pytest/);
  });

  it('init into an empty directory ignores runs and installed packages', async () => {
    const repo = await tempDir('trialgate-starter-');
    const io = captureIo(repo);
    assert.equal(await main(['init'], io), 0, io.err);
    const ignored = (await readFile(join(repo, '.gitignore'), 'utf8')).split('\n');
    assert.ok(ignored.includes('.trialgate/') && ignored.includes('node_modules/'), ignored.join('\n'));
  });
});

describe('one version story', () => {
  it(`every uses: line and schema URL names this release's tag, v${TOOL_VERSION}`, async () => {
    const files = [
      join(ROOT, 'README.md'),
      ...(await listFiles(join(ROOT, 'docs'))).map((f) => join(ROOT, 'docs', f)),
      ...(await listFiles(STARTER)).map((f) => join(STARTER, f)),
    ];
    let seen = 0;
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      for (const [, tag] of text.matchAll(/uses: trialgate\/trialgate@([^\s#`'"]+)/g)) {
        seen++;
        assert.equal(tag, `v${TOOL_VERSION}`, `${file}: uses: trialgate/trialgate@${tag}`);
      }
      for (const [, tag] of text.matchAll(/raw\.githubusercontent\.com\/trialgate\/trialgate\/([^/]+)\//g)) {
        seen++;
        assert.equal(tag, `v${TOOL_VERSION}`, `${file}: schema URL at ${tag}`);
      }
    }
    assert.ok(seen >= 5, `found ${seen} references`);
  });
});

describe('init below the top of a git repository', () => {
  it('says where GitHub looks for workflows, and how to point the step at the trial set', async () => {
    const { mkdir } = await import('node:fs/promises');
    const repo = await tempDir();
    await mkdir(join(repo, '.git'));
    const io = captureIo(repo);
    assert.equal(await main(['init', 'agents/eval'], io), 0, io.err);
    assert.match(
      io.err,
      /agents\/eval is inside the git repository .*GitHub runs workflows only from its top level: move agents\/eval\/\.github\/workflows\/\*\.yml to .*config: agents\/eval\/trialgate\.yml/,
    );
    const top = captureIo(repo);
    assert.equal(await main(['init'], top), 0, top.err);
    assert.doesNotMatch(top.err, /GitHub runs workflows only/, 'at the top level nothing to say');
  });
});
