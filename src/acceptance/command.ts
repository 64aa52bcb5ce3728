// The `command` acceptance kind (shared/DESIGN.md §4): the user's own test suite, run once per variant
// from the fixture's pristine directory. It is blind: it never learns which variant it faces (unless
// the task opts in), so candidate code it runs cannot fail on purpose. trialgate fills in the fault
// and the hashes; no report, or an unreadable one, is an execution error of the acceptor.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { ReportRecord } from '../schemas/report.ts';
import type { CommandAcceptance } from '../schemas/trialset.ts';
import type { Fixture } from '../fixture/load.ts';
import { readCoverage, resetService } from '../service/control.ts';
import { EnvironmentError } from '../util/errors.ts';
import { killProcessGroup } from '../util/process.ts';
import { acceptEachVariant, type ReportBody, type VariantOutcome } from './accept.ts';

/** What the command writes; the rest of the report is trialgate's to fill in. */
const CommandReport = z.object({
  planned: z.number().int(),
  executed: z.number().int(),
  complete: z.boolean(),
  blocked: z.boolean().default(false),
  records: z.array(ReportRecord),
});

export interface CommandAcceptOptions {
  fixture: Fixture;
  acceptance: CommandAcceptance;
  candidateDir: string;
  candidateSha256: string;
  reportsDir: string;
  variants: readonly string[];
}

const COMMAND_NOT_FOUND = 127;

export async function acceptCommand(options: CommandAcceptOptions): Promise<VariantOutcome[]> {
  const { acceptance } = options;
  return acceptEachVariant({ ...options, concurrency: 1 }, [], async (service, fault) => {
    const reportPath = join(options.reportsDir, `.raw-${fault}.json`);
    await rm(reportPath, { force: true });
    await resetService(service);
    const child = spawn('sh', ['-c', acceptance.command], {
      cwd: options.fixture.dir,
      env: {
        ...process.env,
        TRIALGATE_SERVICE_URL: service.url,
        TRIALGATE_CANDIDATE: options.candidateDir,
        TRIALGATE_REPORT: reportPath,
        ...(acceptance.expose_fault ? { TRIALGATE_FAULT: fault } : {}),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-2000)));
    const timer = setTimeout(() => killProcessGroup(child, 'SIGKILL'), acceptance.timeout_seconds * 1000);
    const [code, signal] = (await once(child, 'close')) as [number | null, string | null];
    clearTimeout(timer);
    if (code === COMMAND_NOT_FOUND) {
      throw new EnvironmentError(`acceptance command not found: ${acceptance.command}: ${stderr.trim()}`, 'the acceptance command is missing: an environment failure');
    }
    const body = await readCommandReport(reportPath, signal ? `the acceptance command was ended by ${signal} (timeout ${acceptance.timeout_seconds} s)` : undefined, stderr);
    // The acceptor cannot read coverage (it has no control token): a record that names no branches is
    // attributed at the level of the whole run, by what the service reached while the command ran.
    const reached = await readCoverage(service);
    return { ...body, records: body.records.map((r) => (r.branches.length ? r : { ...r, branches: reached })) };
  });
}

async function readCommandReport(path: string, killed: string | undefined, stderr: string): Promise<ReportBody> {
  const error = (why: string): ReportBody => ({
    planned: 1,
    executed: 1,
    complete: true,
    blocked: false,
    records: [{ test: 'acceptance', status: 'error', traceback: `${why}${stderr ? `; stderr: ${stderr.trim().slice(-500)}` : ''}`, branches: [] }],
    error: why,
  });
  if (killed) return error(killed);
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path, 'utf8'));
  } catch (e) {
    return error((e as NodeJS.ErrnoException).code === 'ENOENT' ? 'the acceptance command wrote no report to $TRIALGATE_REPORT' : `unreadable report: ${(e as Error).message}`);
  }
  const parsed = CommandReport.safeParse(raw);
  if (!parsed.success) return error(`report does not follow shared/DESIGN.md §5: ${parsed.error.issues[0]?.message} at ${parsed.error.issues[0]?.path.join('.')}`);
  return parsed.data;
}
