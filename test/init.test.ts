// From nothing to a gated regression with the starter of each language, through the command line as a
// user types it, in a fresh git repository: init → (what init says to run first) → validate passes at
// once → run → remove a prompt section → gate names the lost detection and exits 1. k = 1: one trial each.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { main } from '../src/cli/main.ts';
import { ROOT, tempDir } from './support/fixtures.ts';
import { captureIo } from './support/io.ts';
import { NO_ISOLATION } from './support/isolation.ts';
import { NO_GO, NO_JUNIT5 } from './support/languages.ts';
import { NO_PYTEST } from './support/suites.ts';
import { timeLimit } from './support/time-limit.ts';

/** The starter requires isolation; where this machine has none, the documented local fallback. */
const LOCAL = NO_ISOLATION ? ['--isolation', 'auto'] : [];

/** Each language's starter, and the answer file its stand-in agent writes. */
const LANGUAGES = [
  { lang: 'node', skip: undefined, answer: 'tally.test.mjs' },
  { lang: 'python', skip: NO_PYTEST, answer: 'test_tally.py' },
  { lang: 'java', skip: NO_JUNIT5, answer: 'TallyTest.java' },
  { lang: 'go', skip: NO_GO, answer: 'tally_test.go' },
] as const;

// The languages side by side: each has a repository of its own, and main() takes its directory from its Io.
describe('trialgate init, in each language', { timeout: timeLimit(900_000), concurrency: true }, () => {
  for (const { lang, skip, answer } of LANGUAGES) {
    it(`--lang ${lang}: init → validate passes at once → run → remove "## Validation" → gate names the lost detection`, { skip }, async () => {
      const repo = await tempDir(`trialgate-init-${lang}-`);
      spawnSync('git', ['init', '-q'], { cwd: repo });
      await writeFile(join(repo, '.gitignore'), 'node_modules/\n');

      const init = captureIo(repo);
      assert.equal(await main(['init', '--lang', lang], init), 0, init.err);
      assert.match(init.out, new RegExp(`\\(${lang}: --lang ${lang}\\)`));
      assert.match(await readFile(join(repo, '.gitignore'), 'utf8'), /^node_modules\/\n# trialgate: local run directories\n\.trialgate\/\n$/);
      const again = captureIo(repo);
      assert.equal(await main(['init', '--lang', lang], again), 2, 'init never overwrites without --force');
      assert.match(again.err, /would be overwritten:\n {2}\.github\/workflows\/trialgate-baseline\.yml/);
      // What the next steps say to run before validate (Go: warm the build cache the sandbox reads), as printed.
      for (const line of init.out.split('\n').filter((l) => /^ {2}[A-Z]+=/.test(l))) {
        const shell = spawnSync('sh', ['-c', line.trim()], { cwd: repo, encoding: 'utf8' });
        assert.equal(shell.status, 0, `${line}\n${shell.stderr}`);
      }

      const validate = captureIo(repo);
      assert.equal(await main(['validate', 'fixtures/tally'], validate), 0, validate.out + validate.err);
      assert.match(validate.out, /\| accepts-zero +\| .* \| 1 +\| 0 +\| defect_detected \(no coverage: not attributed\) \|/);

      if (lang === 'java') {
        // A candidate that does not compile: javac's own error first, never cut for advice, and never "debug the acceptor".
        const broken = join(repo, 'broken');
        await mkdir(broken);
        const reference = await readFile(join(repo, 'fixtures/tally/reference/TallyTest.java'), 'utf8');
        await writeFile(join(broken, 'TallyTest.java'), reference.slice(0, reference.lastIndexOf('}')));
        const candidate = captureIo(repo);
        assert.equal(await main(['validate', 'fixtures/tally', '--candidate', 'broken'], candidate), 1);
        assert.match(
          candidate.out,
          /- none: execution_error_or_skip: 1 of 1 record error: acceptance: candidate\/TallyTest\.java:\d+: error: reached end of file while parsing ⏎/,
        );
        assert.match(candidate.out, /this is the candidate's own error/);
        assert.doesNotMatch(candidate.out, /by hand/);
      }

      const base = captureIo(repo);
      assert.equal(await main(['run', '--trials', '1', '--out', '.trialgate/base', ...LOCAL], base), 0, base.err);
      assert.match(base.out, /\| tally-validation \| dev \| 1\/1 +\| 100% +\| accepts-zero 1\/1 +\|/);

      const prompt = join(repo, 'agent', 'prompt.md');
      const text = await readFile(prompt, 'utf8');
      await writeFile(prompt, text.slice(0, text.indexOf('## Validation')));
      const head = captureIo(repo);
      assert.equal(
        // k = 1 against one base run: familywise could flag nothing (undecided); the stand-in is deterministic, so strict.
        await main(['gate', '--base', '.trialgate/base/results.json', '--trials', '1', '--policy', 'strict', '--out', '.trialgate/head', ...LOCAL], head),
        1,
        head.out + head.err,
      );
      assert.match(head.out, /lost detection: accepts-zero — adds zero or negative counts \(validation\) \| 1\/1 \| 0\/1/);
      // The stand-in wrote the whole file without the dropped block (a Java class keeps its closing brace) and without markers.
      const written = await readFile(join(repo, '.trialgate/head/tally-validation/trial-001/candidate', answer), 'utf8');
      assert.doesNotMatch(written, /@section|@end|[Zz]ero/);
      assert.match(written, /[Pp]ositive/);
      assert.equal(spawnSync('git', ['status', '--porcelain', '--', '.trialgate'], { cwd: repo, encoding: 'utf8' }).stdout, '', 'runs are ignored by git');
    });
  }
});

describe('trialgate init in a Go module', () => {
  it("neither starter adds a package to the repository's module (its go test ./... and go vet ./... stay its own)", { skip: NO_GO }, async () => {
    for (const flags of [[], ['--code']]) {
      const repo = await tempDir('trialgate-starter-go-module-');
      await writeFile(join(repo, 'go.mod'), 'module example.com/shop\n\ngo 1.18\n');
      await mkdir(join(repo, 'cart'));
      await writeFile(
        join(repo, 'cart', 'cart.go'),
        'package cart\n\nfunc Total(cents ...int) (sum int) {\n\tfor _, c := range cents {\n\t\tsum += c\n\t}\n\treturn\n}\n',
      );
      const io = captureIo(repo);
      assert.equal(await main(['init', ...flags], io), 0, io.err);
      const listed = spawnSync('go', ['list', './...'], { cwd: repo, encoding: 'utf8' });
      assert.equal(listed.status, 0, listed.stderr);
      assert.deepEqual(listed.stdout.trim().split('\n'), ['example.com/shop/cart'], `init ${flags.join(' ')}: the starter's Go files are modules of their own`);
    }
  });
});

describe('trialgate init in a Node project', () => {
  // A node:test run started from this one would report to it (NODE_TEST_CONTEXT), not run on its own.
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.NODE_TEST_CONTEXT;
  const scoped = /\(package\.json: `npm test` would also run the tests in fixtures\/, agent\/ and \.trialgate\/, which run only under trialgate: (.*)\)/;

  it("a bare `node --test` would run the starter's tests: init says how to name the repository's own, and that run passes", async () => {
    for (const flags of [[], ['--code']]) {
      const repo = await tempDir('trialgate-starter-node-test-');
      await writeFile(join(repo, 'package.json'), JSON.stringify({ name: 'shop', type: 'module', scripts: { test: 'node --test' } }));
      await mkdir(join(repo, 'test'));
      await writeFile(join(repo, 'test', 'shop.test.mjs'), "import test from 'node:test';\ntest('shop adds up', () => {});\n");
      const io = captureIo(repo);
      assert.equal(await main(['init', ...flags], io), 0, io.err);
      const advice = scoped.exec(io.out)?.[1];
      assert.equal(advice, 'name your own tests\' directory: "test": "node --test test/"', io.out);
      const bare = spawnSync(process.execPath, ['--test'], { cwd: repo, encoding: 'utf8', env });
      assert.notEqual(bare.status, 0, `init ${flags.join(' ')}: the note's premise, the starter's tests run by a bare node --test`);
      const named = spawnSync(process.execPath, ['--test', 'test/'], { cwd: repo, encoding: 'utf8', env });
      assert.equal(named.status, 0, named.stdout + named.stderr);
      assert.match(named.stdout, /^# tests 1$/m, 'the repository’s one test, and none of the starter’s');
    }
  });

  it('Vitest: the exclude init names leaves the starter out; a run already scoped, or a config that leaves fixtures/ out, gets no note', async () => {
    const repo = await tempDir('trialgate-starter-vitest-');
    await writeFile(join(repo, 'package.json'), JSON.stringify({ name: 'shop', type: 'module', scripts: { test: 'vitest run' } }));
    await symlink(join(ROOT, 'node_modules'), join(repo, 'node_modules'));
    await writeFile(join(repo, 'shop.test.mjs'), "import { test } from 'vitest';\ntest('shop adds up', () => {});\n");
    const io = captureIo(repo);
    assert.equal(await main(['init', '--code'], io), 0, io.err);
    const advice = scoped.exec(io.out)?.[1] ?? '';
    const exclude = /add exclude: (\[.*\]) to the test section of its config/.exec(advice)?.[1];
    assert.ok(exclude, io.out);
    const vitest = (args: string[]) =>
      spawnSync(process.execPath, [join(repo, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...args], { cwd: repo, encoding: 'utf8', env });
    assert.notEqual(vitest([]).status, 0, "the note's premise: Vitest's default include finds the starter's tests");
    await writeFile(
      join(repo, 'vitest.config.mjs'),
      `import { configDefaults, defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { exclude: ${exclude} } });\n`,
    );
    const run = vitest([]);
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /Tests +1 passed/);
    const again = captureIo(repo);
    assert.equal(await main(['init', '--code', '--force'], again), 0, again.err);
    assert.doesNotMatch(again.out, scoped, 'its config leaves fixtures/ out');

    await writeFile(join(repo, 'package.json'), JSON.stringify({ scripts: { test: 'node --test test/' } }));
    const named = captureIo(repo);
    assert.equal(await main(['init', '--force'], named), 0, named.err);
    assert.doesNotMatch(named.out, scoped, 'a node --test given its directory');
  });
});

describe('trialgate init in a Python project', () => {
  it("neither starter adds a test to the repository's pytest run from its top level", { skip: NO_PYTEST }, async () => {
    for (const flags of [[], ['--code']]) {
      const repo = await tempDir('trialgate-starter-pytest-');
      await writeFile(join(repo, 'pyproject.toml'), '[project]\nname = "shop"\nversion = "0.1.0"\n\n[tool.pytest.ini_options]\npythonpath = ["."]\n');
      await mkdir(join(repo, 'shop'));
      await writeFile(join(repo, 'shop', '__init__.py'), 'def total(*cents):\n    return sum(cents)\n');
      await mkdir(join(repo, 'tests'));
      await writeFile(join(repo, 'tests', 'test_shop.py'), 'from shop import total\n\n\ndef test_total():\n    assert total(1, 2) == 3\n');
      const io = captureIo(repo);
      assert.equal(await main(['init', ...flags], io), 0, io.err);
      const pytest = spawnSync('python3', ['-m', 'pytest', '-q', '-p', 'no:cacheprovider'], { cwd: repo, encoding: 'utf8' });
      assert.equal(pytest.status, 0, `init ${flags.join(' ')}: ${pytest.stdout}${pytest.stderr}`);
      assert.match(pytest.stdout, /^1 passed/m, 'the repository’s one test, and none of the starter’s');
    }
  });
});
