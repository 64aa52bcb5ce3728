// `trialgate validate <fixture>` and `trialgate demo`: show that the acceptor tells right from wrong.
import { join, resolve } from 'node:path';
import { markdownTable } from 'markdown-table';
import type { IsolationSetting } from '../isolation/open.ts';
import type { IsolationReport } from '../isolation/sandbox.ts';
import type { Validation } from '../kinds/contract.ts';
import type { ResetProof } from '../service/reset-proof.ts';
import { validateFixture } from '../kinds/validate.ts';
import { UserInputError } from '../util/errors.ts';
import { parseCommand } from './args.ts';
import { DEMO, VALIDATE } from './commands.ts';
import { renderToolsValidation } from './validate-tools.ts';
import { EXIT, type Io } from './io.ts';
import { builtinFixture, displayPath, runDirName } from './paths.ts';




export async function runValidateCli(argv: string[], io: Io): Promise<number> {
  const parsed = parseCommand(VALIDATE, argv, io);
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  return validateAndPrint(resolve(io.cwd, positionals[0]!), values, io, 'validate');
}

export async function runDemoCli(argv: string[], io: Io): Promise<number> {
  const parsed = parseCommand(DEMO, argv, io);
  if (typeof parsed === 'number') return parsed;
  io.stdout('trialgate demo: can the inventory acceptor tell the correct service from its three defects?\n');
  io.stdout('No agent, no model: the reference answers are run against every variant of the service.\n\n');
  return validateAndPrint(builtinFixture('inventory'), parsed.values, io, 'demo');
}

async function validateAndPrint(fixtureDir: string, values: Record<string, string | boolean | string[] | undefined>, io: Io, prefix: string): Promise<number> {
  const isolation = values.isolation as string | undefined;
  if (isolation && !['auto', 'required', 'none'].includes(isolation)) throw new UserInputError('--isolation', '', `one of auto, required, none; got ${JSON.stringify(isolation)}`);
  const { validation, isolation: report } = await validateFixture({
    fixtureDir,
    outDir: resolve(io.cwd, (values.out as string | undefined) ?? join('.trialgate', runDirName(prefix))),
    ...(values.candidate ? { candidateDir: resolve(io.cwd, values.candidate as string) } : {}),
    ...(isolation ? { isolation: isolation as IsolationSetting } : {}),
  });
  io.stdout(validation.shape === 'boundaries' ? renderToolsValidation(validation, io.cwd) : renderValidation(validation, io.cwd));
  io.stdout(isolationLine(report));
  return validation.problems.length === 0 ? EXIT.ok : EXIT.failed;
}

/** One line on how the run was isolated; the reason when it was not. */
export function isolationLine(report: IsolationReport): string {
  return report.mechanism === 'none' ? `⚠️ isolation: none (${report.reason}); see docs/isolation.md\n` : `isolation: ${report.mechanism}\n`;
}

export function renderValidation(v: Extract<Validation, { shape: 'variants' }>, cwd: string): string {
  const lines: string[] = [];
  const show = (path: string) => displayPath(path, cwd);
  lines.push(`fixture: ${show(v.fixture.dir)} (${v.fixture.manifest.title})`);
  lines.push(`answers: ${show(v.candidateDir)}`, '');
  if (v.rows.length) {
    lines.push(
      markdownTable([
        ['variant', 'what it breaks', 'assertion failures', 'execution errors', 'verdict'],
        ...v.rows.map((r) => [r.fault, r.label, String(r.assertionFailures), String(r.executionErrors), r.attributed ? r.verdict : `${r.verdict} (no coverage: not attributed)`]),
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
  } else if (v.formatOnly) {
    lines.push('❌ the answers fail the static checks, so nothing was run against the service:', ...v.problems.map((p) => `  - ${p}`));
  } else {
    lines.push('❌ acceptor NOT trusted: it cannot tell right from wrong here.', ...v.problems.map((p) => `  - ${p}`));
  }
  if (v.resetProof) lines.push('', ...renderResetProof(v.resetProof));
  return lines.join('\n') + '\n';
}

/** The reset proof (service/reset-proof.ts): per variant what was compared, then whether runs reuse the service. */
function renderResetProof(proof: ResetProof): string[] {
  const lines: string[] = [];
  if (proof.variants.length) {
    lines.push(
      'reset: the cases replayed after a reset, and the state probe read after it, against a fresh start:',
      '',
      markdownTable([
        ['variant', 'replayed exchanges', 'state probe reads', 'after a reset = fresh start'],
        ...proof.variants.map((p) => [p.fault, String(p.replayed), String(p.probed), p.difference ? 'no' : 'yes']),
      ]),
      '',
      ...proof.variants.filter((p) => p.difference).map((p) => `  - ${p.fault}: ${p.difference}`),
    );
  }
  const failed = proof.variants.filter((p) => p.difference).length;
  if (proof.proved) lines.push(`✅ ${proof.why}: a run keeps one service per variant and concurrency slot, reset between uses.`);
  else if (failed) lines.push(`ℹ️ reset not proved on ${failed} of ${proof.variants.length} variants (above): each use starts a fresh service.`);
  else lines.push(`ℹ️ ${proof.why}.`);
  return lines;
}
