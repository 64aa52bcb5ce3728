// One description per command drives its parsing and its help (src/cli/args.ts, src/cli/commands.ts): every
// command, whatever its module, refuses an option it does not describe and a value outside an option's
// choices in the same words, naming the choices, before it reads or runs anything, and its help shows
// those choices.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { CommandSpec } from '../src/cli/args.ts';
import * as commands from '../src/cli/commands.ts';
import { main } from '../src/cli/main.ts';
import { ROOT } from './support/fixtures.ts';
import { captureIo } from './support/io.ts';

const SPECS = Object.values(commands) as CommandSpec[];

describe('every command parses by its description', () => {
  it('names every option of a command in its usage line, once spaced', () => {
    for (const spec of SPECS) {
      for (const option of Object.keys(spec.options)) assert.ok(spec.usage.includes(`--${option}`), `${spec.name}: the usage leaves out --${option}`);
      assert.doesNotMatch(spec.usage, / {2}/, `${spec.name}: a run of spaces in its usage`);
    }
  });

  it('the README’s command table has a row for every command', async () => {
    const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
    for (const spec of SPECS) assert.match(readme, new RegExp(`^\\| \`trialgate ${spec.name}\\b`, 'm'), `README.md: no row for trialgate ${spec.name}`);
  });

  it('describes every command the CLI runs', async () => {
    const io = captureIo();
    await main(['--help'], io);
    const listed = [...io.out.matchAll(/^ {2}(\w+)\b/gm)].map((m) => m[1]);
    assert.deepEqual(SPECS.map((s) => s.name).sort(), [...new Set(listed)].filter((name) => name !== 'trialgate').sort());
  });

  it('a misspelt command is told the one it likely meant, as a misspelt option is; a word like none is not', async () => {
    const typo = captureIo();
    assert.equal(await main(['valdiate', 'fixtures/tally'], typo), 2);
    assert.match(typo.err, /^trialgate: unknown command "valdiate" \(did you mean validate\?\)\n/);
    const other = captureIo();
    assert.equal(await main(['frobnicate'], other), 2);
    assert.match(other.err, /^trialgate: unknown command "frobnicate"\n/);
  });

  it('validate --help says what it proves for a code task too, and what --candidate is there', async () => {
    const help = captureIo();
    await main(['validate', '--help'], help);
    assert.match(help.out, /for a code task, the hidden tests on the reference fix, the unchanged repository and each wrong solution/);
    assert.match(help.out, /--candidate DIR .*a code task: a whole repository, such as a trial’s candidate\//);
  });

  for (const spec of SPECS) {
    it(`${spec.name}: an option it does not describe, and each value outside an option's choices, exit 2 with its usage`, async () => {
      const unknown = captureIo();
      assert.equal(await main([spec.name, '--frobnicate'], unknown), 2);
      assert.match(unknown.err, new RegExp(`^trialgate ${spec.name}: unknown option --frobnicate; see trialgate ${spec.name} --help$`, 'm'));
      assert.ok(unknown.err.includes(`usage: ${spec.usage}\n`), unknown.err);

      const help = captureIo();
      await main([spec.name, '--help'], help);
      for (const [name, option] of Object.entries(spec.options)) {
        assert.ok(help.out.includes(`--${name}`), `${spec.name} --help shows --${name}`);
        if (!option.choices) continue;
        assert.ok(help.out.includes(`--${name} ${option.choices.join('|')}`), `${spec.name} --help shows the choices of --${name}`);
        const bad = captureIo();
        assert.equal(await main([spec.name, `--${name}`, 'bogus'], bad), 2);
        assert.match(bad.err, new RegExp(`^trialgate ${spec.name}: --${name} must be .*${option.choices.at(-1)}, not "bogus"$`, 'm'));
        assert.ok(bad.err.includes(`usage: ${spec.usage}\n`));
        for (const [former, replacement] of Object.entries(option.former ?? {})) {
          const old = captureIo();
          assert.equal(await main([spec.name, `--${name}`, former], old), 2);
          assert.ok(old.err.includes(`--${name} ${former} was replaced by ${replacement}`), old.err);
        }
      }
    });
  }
});
