// `trialgate validate <fixture>` and `trialgate demo`: show that the acceptor tells right from wrong.
import { existsSync } from 'node:fs';
import { rmdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { markdownTable } from 'markdown-table';
import type { IsolationSetting } from '../isolation/open.ts';
import type { IsolationReport } from '../isolation/sandbox.ts';
import type { VariantsValidation } from '../kinds/contract.ts';
import type { ResetProof } from '../service/reset-proof.ts';
import { validateFixture } from '../kinds/validate.ts';
import { parseCommand } from './args.ts';
import { DEMO, VALIDATE } from './commands.ts';
import { renderRunsValidation } from './validate-runs.ts';
import { EXIT, type Io } from './io.ts';
import { builtinFixture, displayPath, runDirName } from './paths.ts';
import { makeOutputDir } from '../util/safe-write.ts';
import { plural } from '../util/counted.ts';
import { MIN_TRIALS_FOR_REUSE } from '../trial/services.ts';

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
  const isolation = values.isolation as IsolationSetting | undefined;
  const outDir = resolve(io.cwd, (values.out as string | undefined) ?? join('.trialgate', runDirName(prefix)));
  const existed = existsSync(outDir);
  makeOutputDir(outDir, io.cwd, '--out');
  const { validation, isolation: report } = await validateFixture({
    fixtureDir,
    outDir,
    ...(values.candidate ? { candidateDir: resolve(io.cwd, values.candidate as string) } : {}),
    ...(isolation ? { isolation } : {}),
  }).catch(async (e: unknown) => {
    // A fixture that cannot be read leaves no empty run directory behind (rmdir removes only an empty one).
    if (!existed) await rmdir(outDir).catch(() => undefined);
    throw e;
  });
  io.stdout(validation.shape === 'runs' ? renderRunsValidation(validation, io.cwd) : renderValidation(validation, io.cwd));
  io.stdout(isolationLine(report));
  return validation.problems.length === 0 ? EXIT.ok : EXIT.failed;
}

/** One line on how the run was isolated; the reason when it was not. */
export function isolationLine(report: IsolationReport): string {
  return report.mechanism === 'none' ? `⚠️ isolation: none (${report.reason}); see docs/isolation.md\n` : `isolation: ${report.mechanism}\n`;
}

export function renderValidation(v: VariantsValidation, cwd: string): string {
  const lines: string[] = [];
  const show = (path: string) => displayPath(path, cwd);
  lines.push(`fixture: ${show(v.fixture.dir)} (${v.fixture.manifest.title})`);
  lines.push(`answers: ${show(v.candidateDir)}`, '');
  if (v.rows.length) {
    lines.push(
      markdownTable([
        ['variant', 'what it breaks', 'assertion failures', 'execution errors', 'verdict'],
        ...v.rows.map((r) => [
          r.fault,
          r.label,
          String(r.assertionFailures),
          String(r.executionErrors),
          r.attributed ? r.verdict : `${r.verdict} (no coverage: not attributed)`,
        ]),
      ]),
      '',
    );
    for (const r of v.rows.filter((row) => row.detectedBy.length)) {
      lines.push(`${r.fault} detected by:`, ...r.detectedBy.map((d) => `  - ${d}`));
    }
    lines.push('', 'reports:', ...v.rows.map((r) => `  ${show(r.reportPath)}`), '');
  }
  const candidateGiven = resolve(v.candidateDir) !== resolve(v.fixture.dir, v.fixture.manifest.reference);
  if (v.problems.length === 0) {
    lines.push(
      candidateGiven
        ? '✅ the candidate passes on the correct service and detects every defect by an assertion.'
        : '✅ acceptor trusted: the correct service passes and every defect is detected by an assertion.',
    );
  } else if (v.formatOnly) {
    lines.push('❌ the answers fail the static checks, so nothing was run against the service:', ...v.problems.map((p) => `  - ${p}`));
  } else if (candidateGiven) {
    // A given candidate is what is on trial here: what it misses is its own, not the acceptor's.
    lines.push(
      '❌ the candidate does not tell right from wrong here (the acceptor is proved on the reference answers: trialgate validate without --candidate):',
      ...v.problems.map((p) => `  - ${p}`),
    );
  } else {
    lines.push('❌ acceptor NOT trusted: it cannot tell right from wrong here.', ...v.problems.map((p) => `  - ${p}`));
  }
  if (v.resetProof) lines.push('', ...renderResetProof(v.resetProof));
  return lines.join('\n') + '\n';
}

/** The reset proof (service/reset-proof.ts): per variant what was compared, then whether runs reuse the service. */
export function renderResetProof(proof: ResetProof): string[] {
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
  // What the proof cannot see, in one line: the whole of it (proofLimits) is in docs/fixture.md; four dense
  // bullets under the table buried the verdict below them.
  if (proof.limits.length)
    lines.push(
      'it cannot see state none of those requests read (a counter, a cache, a clock), so a run checks each reused instance again after every use: docs/fixture.md#reusing-a-service-the-reset-proof',
      '',
    );
  const failed = proof.variants.filter((p) => p.difference).length;
  // Proved: the verdict and what follows in one line; what was compared is the table above (proof.why, which
  // the run's log keeps, says it all again in words).
  const oneByOne = proof.variants.filter((p) => p.oneByOne);
  if (proof.proved)
    lines.push(
      `✅ reset proved on ${plural(proof.variants.length, 'variant')}: an isolated run with ${MIN_TRIALS_FOR_REUSE} or more trials of a task keeps its services in one pool, reset and checked again after every use${oneByOne.length ? ` (one request at a time on ${oneByOne.map((p) => p.fault).join(', ')}: ${oneByOne[0]!.oneByOne})` : ''}.`,
    );
  else if (failed) lines.push(`ℹ️ reset not proved on ${failed} of ${plural(proof.variants.length, 'variant')} (above): each use starts a fresh service.`);
  else lines.push(`ℹ️ ${proof.why}.`);
  return lines;
}
