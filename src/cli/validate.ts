// `trialgate validate <fixture>` and `trialgate demo`: show that the acceptor tells right from wrong.
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { markdownTable } from 'markdown-table';
import { validateAcceptor, type Validation } from '../acceptance/validate.ts';
import { loadFixture } from '../fixture/load.ts';
import { validateTools } from '../tools/validate.ts';
import { UserInputError } from '../util/errors.ts';
import { renderToolsValidation } from './validate-tools.ts';
import { EXIT, type Io } from './io.ts';
import { builtinFixture, displayPath, runDirName } from './paths.ts';

export async function runValidateCli(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { out: { type: 'string' }, candidate: { type: 'string' } },
  });
  if (positionals.length !== 1) {
    io.stderr('usage: trialgate validate <fixture-dir> [--candidate DIR] [--out DIR]\n');
    return EXIT.usage;
  }
  return validateAndPrint(resolve(io.cwd, positionals[0]!), values.out, values.candidate, io, 'validate');
}

export async function runDemoCli(argv: string[], io: Io): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { out: { type: 'string' } } });
  io.stdout('trialgate demo: can the inventory acceptor tell the correct service from its three defects?\n');
  io.stdout('No agent, no model: the reference answers are run against every variant of the service.\n\n');
  return validateAndPrint(builtinFixture('inventory'), values.out, undefined, io, 'demo');
}

async function validateAndPrint(fixtureDir: string, out: string | undefined, candidate: string | undefined, io: Io, prefix: string): Promise<number> {
  const outDir = resolve(io.cwd, out ?? join('.trialgate', runDirName(prefix)));
  if ((await loadFixture(fixtureDir)).manifest.tools) {
    if (candidate) throw new UserInputError('--candidate', '', 'a tools fixture is validated with its own reference agent; drop --candidate');
    const validation = await validateTools({ fixtureDir, outDir });
    io.stdout(renderToolsValidation(validation, io.cwd));
    return validation.problems.length === 0 ? EXIT.ok : EXIT.failed;
  }
  const validation = await validateAcceptor({
    fixtureDir,
    outDir,
    ...(candidate ? { candidateDir: resolve(io.cwd, candidate) } : {}),
  });
  io.stdout(renderValidation(validation, io.cwd));
  return validation.problems.length === 0 ? EXIT.ok : EXIT.failed;
}

export function renderValidation(v: Validation, cwd: string): string {
  const lines: string[] = [];
  const show = (path: string) => displayPath(path, cwd);
  lines.push(`fixture: ${show(v.fixture.dir)} (${v.fixture.manifest.title})`);
  lines.push(`answers: ${show(v.candidateDir)}`, '');
  if (v.rows.length) {
    lines.push(
      markdownTable([
        ['variant', 'what it breaks', 'assertion failures', 'execution errors', 'verdict'],
        ...v.rows.map((r) => [r.fault, r.label, String(r.assertionFailures), String(r.executionErrors), r.verdict]),
      ]),
      '',
    );
    for (const r of v.rows.filter((row) => row.detectedBy.length)) {
      lines.push(`${r.fault} detected by:`, ...r.detectedBy.map((d) => `  - ${d}`));
    }
    lines.push('', 'reports:', ...v.rows.map((r) => `  ${show(r.reportPath)}`), '');
  }
  if (v.problems.length === 0) {
    lines.push('✅ acceptor trusted: the correct service passes and every defect is detected by an assertion.');
  } else if (v.rows.length === 0) {
    lines.push('❌ the answers fail the static checks, so nothing was run against the service:', ...v.problems.map((p) => `  - ${p}`));
  } else {
    lines.push('❌ acceptor NOT trusted: it cannot tell right from wrong here.', ...v.problems.map((p) => `  - ${p}`));
  }
  return lines.join('\n') + '\n';
}
