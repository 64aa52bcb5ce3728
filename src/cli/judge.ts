// `trialgate judge REPORT.json…`: one `fault verdict` line per report, like the published checker.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadFixture } from '../fixture/load.ts';
import { judge } from '../judge/judge.ts';
import { TRUSTED_VERDICTS } from '../schemas/judgement.ts';
import { Report } from '../schemas/report.ts';
import { parseOrThrow } from '../util/errors.ts';
import { readJsonFile } from '../util/files.ts';
import { EXIT, type Io } from './io.ts';
import { builtinFixture } from './paths.ts';

export async function runJudgeCli(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { fixture: { type: 'string' } } });
  if (positionals.length === 0) {
    io.stderr('usage: trialgate judge REPORT.json… [--fixture DIR]  (faults and their branches come from the fixture; default: the built-in inventory)\n');
    return EXIT.usage;
  }
  const fixture = await loadFixture(values.fixture ? resolve(io.cwd, values.fixture) : builtinFixture('inventory'));
  let trusted = true;
  for (const path of positionals) {
    const file = resolve(io.cwd, path);
    const report = parseOrThrow(Report, await readJsonFile(file), file);
    const judgement = judge(report, { faults: fixture.manifest.faults });
    io.stdout(`${judgement.fault} ${judgement.verdict}\n`);
    if (!TRUSTED_VERDICTS.includes(judgement.verdict)) {
      trusted = false;
      io.stderr(`  ${path}: ${judgement.reason}\n`);
    }
  }
  return trusted ? EXIT.ok : EXIT.failed;
}
