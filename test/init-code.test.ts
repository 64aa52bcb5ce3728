// `trialgate init --code`: a starter of a code task, from nothing to a named regression: init → validate
// (the hidden tests prove themselves on the solutions) → run → remove a prompt section → run → compare.
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { main } from '../src/cli/main.ts';
import { ROOT, tempDir } from './support/fixtures.ts';
import { captureIo } from './support/io.ts';
import { NO_GO, NO_JUNIT5 } from './support/languages.ts';
import { NO_PYTEST } from './support/suites.ts';

// The suite's hostile-agent test edits the acceptance copies it finds at the top of the temporary
// directory (that is what it demonstrates); these runs keep theirs one level down, out of its reach.
process.env.TMPDIR = await mkdtemp(join(tmpdir(), 'trialgate-init-code-'));

/** Each language's code starter: the same page-count task, its hidden tests in the language's framework. */
const LANGUAGES = [
  { lang: 'node', skip: undefined, hidden: 'pages.test.mjs' },
  { lang: 'python', skip: NO_PYTEST, hidden: 'test_pages.py' },
  { lang: 'java', skip: NO_JUNIT5, hidden: 'pages/PagesServiceTest.java' },
  { lang: 'go', skip: NO_GO, hidden: 'pages_test.go' },
] as const;

// The languages side by side: each has a repository of its own, and main() takes its directory from its Io.
describe('trialgate init --code', { concurrency: true }, () => {
  for (const { lang, skip, hidden } of LANGUAGES)
    it(
      `--lang ${lang}: init --code → validate trusts the hidden tests → run → remove "## Fix the cause" → run → compare names the lost reproduction`,
      { skip },
      async () => {
        const repo = await tempDir('trialgate-init-code-');
        spawnSync('git', ['init', '-q'], { cwd: repo });
        const init = captureIo(repo);
        assert.equal(await main(['init', '--code', '--lang', lang], init), 0, init.err);
        assert.match(init.out, /fixtures\/pages\/fixture\.json/);
        assert.match(init.out, new RegExp(`fixtures/pages/hidden/${hidden.replaceAll('.', '\\.')}`));
        const guide = /docs: (\S+code-tasks\.md);/.exec(init.out)?.[1];
        assert.ok(guide && (await stat(resolve(repo, guide))), `the next steps name the guide where it is: ${init.out}`);
        assert.ok(await stat(join(repo, '.github', 'workflows', 'trialgate-pr.yml')), 'the workflows come with it');
        if (lang === 'node')
          assert.equal(
            await readFile(join(repo, 'fixtures', 'pages', 'hidden', 'trialgate-reporter.mjs'), 'utf8'),
            await readFile(join(ROOT, 'reporters', 'node-test.mjs'), 'utf8'),
            'the hidden tests report through the shipped node:test reporter',
          );

        // What init's next steps say to do before validate (Go: warm the build cache the hidden tests read), done as printed.
        for (const [, step] of init.out.matchAll(/^  (GOCACHE=.*?)(?:   #.*)?$/gm)) {
          await promisify(execFile)('sh', ['-c', step!], { cwd: repo });
        }
        const validate = captureIo(repo);
        assert.equal(await main(['validate', 'fixtures/pages'], validate), 0, validate.out + validate.err);
        assert.match(validate.out, /\| edits-tests +\| [^|]+\| rejected +\| rejected +\| reproduction, constraint:scope +\|/);

        const base = captureIo(repo);
        assert.equal(await main(['run', '--trials', '1', '--out', '.trialgate/base'], base), 0, base.err);
        assert.match(base.out, /\| pages-fix \| dev \| 1\/1 +\|/);
        const prompt = join(repo, 'agent', 'prompt.md');
        await writeFile(prompt, (await readFile(prompt, 'utf8')).replace(/^## Fix the cause[\s\S]*?(?=^## )/m, ''));
        const head = captureIo(repo);
        assert.equal(await main(['run', '--trials', '1', '--out', '.trialgate/head'], head), 0, head.err);
        const compare = captureIo(repo);
        // k = 1 against one base run: familywise could flag nothing (undecided); the stand-in is deterministic, so strict.
        assert.equal(
          await main(['compare', '--base', '.trialgate/base/results.json', '--head', '.trialgate/head/results.json', '--policy', 'strict'], compare),
          1,
        );
        assert.match(compare.out, /lost reproduction: a partial last page counts \| 1\/1 \| 0\/1/);
      },
    );
});
