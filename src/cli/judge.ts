// `trialgate judge REPORT.json…`: one `fault verdict` line per report, like the published checker.
import { resolve } from 'node:path';
import { loadFixture } from '../fixture/load.ts';
import { judge } from '../judge/judge.ts';
import { TRUSTED_VERDICTS } from '../schemas/judgement.ts';
import { Report } from '../schemas/report.ts';
import { parseOrThrow, UserInputError } from '../util/errors.ts';
import { readJsonFile } from '../util/files.ts';
import { parseCommand } from './args.ts';
import { JUDGE } from './commands.ts';
import { EXIT, type Io } from './io.ts';
import { builtinFixture } from './paths.ts';

export async function runJudgeCli(argv: string[], io: Io): Promise<number> {
  const parsed = parseCommand(JUDGE, argv, io);
  if (typeof parsed === 'number') return parsed;
  const reports = [];
  for (const path of parsed.positionals) {
    const file = resolve(io.cwd, path);
    reports.push({ path, report: parseOrThrow(Report, await readJsonFile(file), file) });
  }
  const fixture = await loadFixture(parsed.values.fixture ? resolve(io.cwd, parsed.values.fixture as string) : builtinFixture('inventory'));
  if (!parsed.values.fixture) {
    const unknown = reports.filter(({ report }) => report.fault !== 'none' && !fixture.manifest.faults[report.fault]);
    if (unknown.length)
      throw new UserInputError(
        unknown[0]!.path,
        'fault',
        `${unknown[0]!.report.fault} is not a built-in inventory fault: pass --fixture DIR, the fixture the report belongs to`,
      );
  }
  let trusted = true;
  for (const { path, report } of reports) {
    const judgement = judge(report, { faults: fixture.manifest.faults, coverage: fixture.manifest.service?.coverage ?? false });
    io.stdout(`${judgement.fault} ${judgement.verdict}${judgement.attributed === false ? ' (no coverage: not attributed)' : ''}\n`);
    if (!TRUSTED_VERDICTS.includes(judgement.verdict)) {
      trusted = false;
      io.stderr(`  ${path}: ${judgement.reason}\n`);
    }
  }
  return trusted ? EXIT.ok : EXIT.failed;
}
