// `trialgate report results.json [--out FILE]`: the markdown of one run (report.md).
import { resolve } from 'node:path';
import { readComparedResults } from '../results/read.ts';
import { renderText, REPORTERS } from '../report/reporters.ts';
import { present } from '../report/view.ts';
import { UserInputError } from '../util/errors.ts';
import { parseCommand } from './args.ts';
import { writeOutput, type CliIo } from './compare.ts';
import { REPORT } from './commands.ts';
import { EXIT } from './io.ts';

export async function runReportCli(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommand(REPORT, argv, io);
  if (typeof parsed === 'number') return parsed;
  const [path] = parsed.positionals as [string];
  const out = parsed.values.out as string | undefined;
  const cwd = io.cwd ?? process.cwd();
  try {
    const text = await renderText(REPORTERS.markdown, present({ head: await readComparedResults(resolve(cwd, path)) }));
    if (out) await writeOutput(resolve(cwd, out), text);
    else io.stdout(text);
    return EXIT.ok;
  } catch (e) {
    if (!(e instanceof UserInputError)) throw e;
    io.stderr(`trialgate report: ${e.message}\n`);
    return EXIT.usage;
  }
}
