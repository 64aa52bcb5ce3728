// The Java code starter's task with a real agent CLI: Claude Code (the version package.json pins, through its
// shipped adapter) against the loopback fake provider, which has it write a fix with its own Write tool into
// the candidate's src/main/java. The reference fix passes every hidden test; the fix that rounds fails the
// reproduction by an assertion, named in the trial's line.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse, stringify } from 'yaml';
import { main } from '../src/cli/main.ts';
import { pathWithProjectBin, projectWithClis, removeProject } from './support/agent-clis.ts';
import { KEY } from './support/agent-cases.ts';
import { FakeProvider } from './support/fake-provider.ts';
import { captureIo } from './support/io.ts';
import { NO_ISOLATION } from './support/isolation.ts';
import { NO_JUNIT5 } from './support/languages.ts';

const PAGES = 'src/main/java/pages/Pages.java';

describe('init --code --lang java, its task done by Claude Code', { skip: NO_JUNIT5 }, () => {
  let dir: string;
  let solution = 'reference';
  let provider: FakeProvider;

  before(async () => {
    dir = await projectWithClis(['claude-code']);
    const init = captureIo(dir);
    assert.equal(await main(['init', '--code', '--lang', 'java'], init), 0, init.err);
    const fixes: Record<string, string> = {};
    for (const name of ['reference', 'rounds']) fixes[name] = await readFile(join(dir, 'fixtures', 'pages', 'solutions', name, PAGES), 'utf8');
    provider = await FakeProvider.start({ key: KEY, files: () => ({ [PAGES]: fixes[solution]! }) });
    const config = parse(await readFile(join(dir, 'trialgate.yml'), 'utf8'));
    config.agent = {
      ...config.agent,
      command: 'node "$TRIALGATE_ADAPTERS/claude-code.mjs"',
      files: ['agent', 'node_modules'],
      pass_env: ['ANTHROPIC_API_KEY'],
      env: {
        AGENT_SKILL: '${TRIALGATE_PROJECT}/agent/prompt.md',
        ANTHROPIC_BASE_URL: provider.url,
        ANTHROPIC_MODEL: 'scripted-model',
        PATH: pathWithProjectBin(),
      },
      ...(NO_ISOLATION ? { isolation: 'auto' } : {}),
    };
    await writeFile(join(dir, 'trialgate.yml'), stringify(config));
    process.env.ANTHROPIC_API_KEY = KEY;
  });
  after(async () => {
    delete process.env.ANTHROPIC_API_KEY;
    await provider?.close();
    if (dir) await removeProject(dir);
  });

  for (const [name, expected] of [
    ['reference', /pages-fix trial 1: pass/],
    [
      'rounds',
      /pages-fix trial 1: fail .*final state: a partial last page counts: pages\.PagesServiceTest › partialLastPageCounts\(\): 1 item at 5 a page ==> expected: <1> but was: <0>/,
    ],
  ] as const)
    it(`the model writes the ${name} fix: ${name === 'reference' ? 'the trial passes' : 'the reproduction fails by its assertion'}`, async () => {
      solution = name;
      const io = captureIo(dir);
      assert.equal(await main(['run', '--trials', '1', '--out', `.trialgate/${name}`], io), 0, io.err);
      assert.match(io.err + io.out, expected);
      assert.ok(provider.reported.anthropic.answers >= 2, 'the CLI asked the model, wrote the file, and ended its turn');
      const diff = await readFile(join(dir, '.trialgate', name, 'pages-fix', 'trial-001', 'evidence', 'candidate.diff'), 'utf8');
      assert.match(diff, /src\/main\/java\/pages\/Pages\.java/);
    });
});
