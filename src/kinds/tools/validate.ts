// "Validate the acceptor before you trust it" for tool-using fixtures: the reference agent with its full
// skill must be accepted at every boundary, and with each skill section removed it must be rejected at
// exactly the boundaries that section's practice handles, and nowhere else.
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runAgentProcess } from '../../agent/process.ts';
import { NO_LIMITS, readCandidate } from '../../acceptance/snapshot.ts';
import { NO_FAULT, type Fixture } from '../../fixture/load.ts';
import { baseEnvironment } from '../../isolation/open.ts';
import { MachinePace } from '../../service/pace.ts';
import { UserInputError } from '../../util/errors.ts';
import { mapPool } from '../../util/pool.ts';
import { writeInside } from '../../util/safe-write.ts';
import type { AgentRequest, RunsValidation, RunValidationRow, ValidateOptions } from '../contract.ts';
import { judgementChecks } from './judge.ts';
import { measureToolsPace } from './pace.ts';
import { runBoundary, toolsSpecOf, type BoundaryHost } from './run.ts';

/** The reference agent's time per run (a scripted one takes about a second; time it waited for a core is given back). */
const WALL_MS = 60_000;
const LOG_CAP_BYTES = 1024 * 1024;

export async function validateTools(options: ValidateOptions & { concurrency?: number; agentWallMs?: number }): Promise<RunsValidation> {
  const { fixture } = options;
  const tools = toolsSpecOf(fixture);
  const manifestPath = join(fixture.dir, 'fixture.json');
  const skillPath = join(fixture.dir, tools.skill);
  const skill = await readFile(skillPath, 'utf8');
  const headings = sectionHeadings(skill);
  const variants = [NO_FAULT, ...Object.keys(fixture.manifest.faults)];
  for (const boundary of variants.slice(1)) {
    const heading = tools.practices[boundary];
    if (!heading)
      throw new UserInputError(
        manifestPath,
        `tools.practices.${boundary}`,
        `name the skill section (a "## " heading of ${tools.skill}) whose practice handles ${boundary}`,
      );
    if (!headings.includes(heading))
      throw new UserInputError(
        manifestPath,
        `tools.practices.${boundary}`,
        `${tools.skill} has no section "## ${heading}"; its sections: ${headings.join(', ')}`,
      );
  }

  const removed = [...new Set(Object.values(tools.practices))];
  const skills = [{ name: 'full skill', slug: 'full', text: skill, without: undefined as string | undefined }].concat(
    removed.map((heading) => ({ name: `without ## ${heading}`, slug: `without-${slug(heading)}`, text: withoutSection(skill, heading), without: heading })),
  );
  const jobs = [];
  for (const s of skills) {
    const path = join(options.outDir, `${s.slug}.md`);
    await writeFile(path, s.text);
    for (const variant of variants) {
      // A trial directory per run, as a trial's runs each find candidate/ empty.
      const trialDir = join(options.outDir, s.slug, variant);
      await mkdir(join(trialDir, 'evidence'), { recursive: true });
      await cp(join(fixture.dir, 'inputs'), join(trialDir, 'inputs'), { recursive: true });
      await cp(join(fixture.dir, 'task.txt'), join(trialDir, 'task.txt'));
      jobs.push({ skill: s, skillFile: path, trialDir, variant });
    }
  }

  // The runs' services, proxies and state reads get the time this machine takes, as its trials' do.
  const pace = new MachinePace();
  await measureToolsPace(options.sandbox, fixture, tools.goal, pace);
  const rows = await mapPool(jobs, options.concurrency ?? 2, async (job): Promise<RunValidationRow> => {
    const env = { TRIALGATE_FIXTURE: fixture.dir, [tools.skillEnv]: job.skillFile };
    const host = referenceAgentHost(options, fixture, job.trialDir, env, [job.skillFile], pace);
    const run = await runBoundary(host, fixture, job.variant);
    const expected = job.skill.without !== undefined && tools.practices[job.variant] === job.skill.without ? 'rejected' : 'accepted';
    const base = { subject: job.skill.name, variant: job.variant, expected, evidence: join(job.trialDir, 'evidence', job.variant) } as const;
    if (run.envError) return { ...base, actual: 'env error', failed: [run.envError.message], findings: [] };
    // Ended at its time limit, the reference agent never finished what it does: judged, its unfinished run would
    // read as the acceptor rejecting it (a proof, where the row expects a rejection). It says nothing of the acceptor.
    if (run.agent?.budgetExhausted)
      return {
        ...base,
        actual: 'env error',
        failed: [`the reference agent was ended at its limit of ${(options.agentWallMs ?? WALL_MS) / 1000} s (a machine too busy, or an agent that hangs)`],
        findings: [],
      };
    const judgement = run.judgement!;
    return {
      ...base,
      actual: judgement.accepted ? 'accepted' : 'rejected',
      failed: judgementChecks(judgement),
      findings: judgement.findings.map((f) => `${f.kind}: ${f.text}`),
    };
  });

  const problems = rows
    .filter((r) => r.actual !== r.expected || (r.expected === 'rejected' && !r.failed.includes(`tool:${r.variant}`)))
    .map((r) => `${r.subject}, ${r.variant}: expected ${r.expected}, got ${r.actual}${r.failed.length ? ` (${r.failed.join('; ')})` : ''}`);
  return {
    shape: 'runs',
    judged: 'acceptor',
    fixture,
    subject: "agent: the fixture's scripted reference agent (a deterministic stand-in, not an LLM), skill",
    subjectPath: skillPath,
    columns: ['skill', 'boundary'],
    rows,
    problems,
    proved: 'the full skill is accepted at every boundary, and each removed practice is rejected at exactly its boundaries.',
  };
}

/**
 * The fixture's own reference agent, run as a trial would run an agent but trusted with the fixture
 * (it is the fixture's code): its files are shown read-only, its candidate and evidence in `trialDir`.
 */
export function referenceAgentHost(
  options: Pick<ValidateOptions, 'sandbox' | 'scrubber'> & { agentWallMs?: number },
  fixture: Fixture,
  trialDir: string,
  env: Record<string, string>,
  readable: string[],
  pace?: MachinePace,
): BoundaryHost {
  return {
    sandbox: options.sandbox,
    ...(pace ? { pace } : {}),
    readCandidate: (subdir) => readCandidate(join(trialDir, 'candidate', subdir ?? ''), NO_LIMITS),
    writeEvidence: async (relPath, data) => {
      await mkdir(join(trialDir, 'evidence'), { recursive: true });
      return writeInside(join(trialDir, 'evidence'), relPath, data, options.scrubber);
    },
    runAgent: async (request: AgentRequest = {}) => {
      const candidateDir = join(trialDir, 'candidate');
      await mkdir(candidateDir, { recursive: true });
      await mkdir(join(trialDir, 'evidence'), { recursive: true });
      const run = await runAgentProcess({
        sandbox: options.sandbox,
        command: fixture.manifest.tools!.agent,
        cwd: trialDir,
        env: {
          ...baseEnvironment(),
          ...env,
          ...request.env,
          TRIALGATE_TRIAL_DIR: trialDir,
          TRIALGATE_INPUTS: join(trialDir, 'inputs'),
          TRIALGATE_TASK: join(trialDir, 'task.txt'),
          TRIALGATE_CANDIDATE: candidateDir,
        },
        mounts: [{ path: fixture.root }, { path: trialDir, writable: true }, ...[...readable, ...(request.readable ?? [])].map((path) => ({ path }))],
        conceal: [fixture.root, trialDir],
        network: 'host',
        ...(request.forward ? { forward: request.forward } : {}),
        wallMs: options.agentWallMs ?? WALL_MS,
        logCapBytes: LOG_CAP_BYTES,
        scrubber: options.scrubber.with(request.secrets ?? []),
      });
      await writeInside(join(trialDir, 'evidence'), `${request.evidenceSubdir ?? ''}/agent.log`.replace(/^\//, ''), run.log);
      return run;
    },
  };
}

/** The `## ` headings of a skill file, in order. */
export function sectionHeadings(markdown: string): string[] {
  return [...markdown.matchAll(/^##\s+(.+?)\s*$/gm)].map((m) => m[1]!);
}

/** The skill without one `## ` section (its heading and everything up to the next `## ` heading). */
export function withoutSection(markdown: string, heading: string): string {
  const parts = markdown.split(/^(?=##\s)/m);
  return parts.filter((part) => sectionHeadings(part)[0] !== heading || !part.startsWith('##')).join('');
}

function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
