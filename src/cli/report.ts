// `trialgate report results.json [--out FILE]`: the markdown of one run (report.md).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readComparedResults } from '../compare/read-results.ts';
import { renderRunMarkdown } from '../report/markdown.ts';
import { UserInputError } from '../util/errors.ts';
import { writeOutput, type CliIo } from './compare.ts';
import { EXIT } from './io.ts';

const USAGE = 'usage: trialgate report RESULTS.json [--out FILE]';

export async function runReportCli(argv: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { out: { type: 'string' } } });
  } catch (e) {
    io.stderr(`trialgate report: ${(e as Error).message}\n${USAGE}\n`);
    return EXIT.usage;
  }
  const [path, ...extra] = parsed.positionals;
  if (!path || extra.length > 0) {
    io.stderr(`trialgate report: ${path ? `one results file, not ${parsed.positionals.length}` : 'RESULTS.json is required'}\n${USAGE}\n`);
    return EXIT.usage;
  }
  const cwd = io.cwd ?? process.cwd();
  try {
    const text = renderRunMarkdown(await readComparedResults(resolve(cwd, path)));
    if (parsed.values.out) await writeOutput(resolve(cwd, parsed.values.out), text);
    else io.stdout(text);
    return EXIT.ok;
  } catch (e) {
    if (!(e instanceof UserInputError)) throw e;
    io.stderr(`trialgate report: ${e.message}\n`);
    return EXIT.usage;
  }
}
