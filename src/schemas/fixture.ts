// fixture.json: what a task's fixture holds and how the trusted runner drives it. Lives in the
// fixture directory; every file it names as protected is hashed before and after the agent.
import { z } from 'zod';
import { described } from './doc.ts';
import { Acceptance } from './acceptance.ts';
import { FIXTURE_SECTIONS, SERVICE_STAND_INS, sectionOf } from './kinds.ts';

export const ServiceSpec = z.strictObject({
  command: z
    .array(z.string())
    .min(1)
    .register(...described('argv of the service process, run from the fixture directory; PORT is set to a free port.')),
  faultEnv: z
    .string()
    .regex(/^[A-Z_][A-Z0-9_]*$/, 'an environment variable name in capitals, e.g. TALLY_FAULT')
    .register(...described('The environment variable that selects the variant; it reaches the service process only.')),
  health: z
    .string()
    .startsWith('/', 'a path that starts with /, e.g. /health')
    .default('/health')
    .register(...described('Readiness probe path, answered 200 once the service accepts requests.')),
  startTimeoutMs: z
    .number()
    .int()
    .positive()
    .default(10_000)
    .register(...described('Milliseconds the service has to answer `health`; past it the variant did not start (an environment error).')),
  coverage: z
    .boolean()
    .default(false)
    .register(
      ...described`
        The service speaks trialgate's control channel (reset, branch coverage; see docs/fixture.md). Without it, a
        variant is started fresh for each acceptance run and a detection is any assertion failure on it, shown as not
        attributed; fault branches and targets need it.
      `,
    ),
  stateProbe: z
    .array(z.string().startsWith('/'))
    .default([])
    .register(
      ...described`
        GET paths whose answers together show the service's whole observable state. With coverage they let trialgate
        prove that a reset equals a fresh start, and then keep one service per variant for a whole run, reset between
        uses (docs/fixture.md); without them every use starts the service afresh.
      `,
    ),
  files: z
    .array(z.string())
    .min(1)
    .register(...described("Service files whose hash, with the fault id, is the variant's hash.")),
});

export const FaultSpec = z.strictObject({
  label: z
    .string()
    .min(1)
    .register(...described('What the defect does, as a PR comment shows it: "duplicate request reserves twice (idempotency)".')),
  branches: z
    .array(z.string())
    .default([])
    .register(...described('Business branches where the defect lives (needs coverage): a failed case that reached one is attributed to it.')),
});

export const FixtureManifest = z
  .strictObject({
    $schema: z
      .string()
      .optional()
      .register(...described('The JSON Schema an editor checks the file against and explains its fields from: dist/schemas/fixture.schema.json.')),
    version: z
      .literal(1, 'this trialgate reads version 1 of fixture.json: write "version": 1 (a newer version needs a newer trialgate)')
      .register(...described('The version of this file format: 1.')),
    id: z
      .string()
      .min(1)
      .register(...described("The fixture's name.")),
    title: z
      .string()
      .min(1)
      .register(...described('What the task is about, in one line.')),
    service: ServiceSpec.optional().register(
      ...described("The service under test with its defect variants; a code fixture starts the candidate's code instead."),
    ),
    faults: z
      .record(z.string(), FaultSpec)
      .default({})
      .register(
        ...described(
          "Fault id → the defect: each a variant of the service (its faultEnv set to the id) the candidate must catch; a tools fixture's are boundaries.",
        ),
      ),
    targets: z
      .array(z.string())
      .default([])
      .register(...described("Branches the candidate's cases must reach on the correct service (format layer).")),
    include: z
      .array(z.string().regex(/^(\.\.\/)+[^.]/, 'a relative path that starts with ../'))
      .default([])
      .register(
        ...described`
          Directories outside the fixture that it uses (e.g. \`../inventory/service\`, a service another fixture
          ships): protected and hashed with the fixture, and copied beside it wherever the fixture is copied.
        `,
      ),
    readable: z
      .array(z.string().min(1))
      .default([])
      .register(
        ...described`
          Directories the service and the acceptor run with that are neither the fixture nor the system (a virtualenv,
          the project's node_modules, \`~/.cargo\`): shown read-only to them, at the same place relative to the fixture (or at
          the same absolute path; \`~/…\` under the home of the machine that runs it, shown there and under the command's
          own HOME), never hashed or copied. Isolated, nothing else of the host is there.
        `,
      ),
    protected: z
      .array(z.string())
      .min(1)
      .register(...described('Globs (relative to the fixture) the agent may not change; their hash is the fixture hash.')),
    reference: z
      .string()
      .default('reference')
      .register(...described('Directory of the reference answers (the candidate `trialgate validate` runs), never under inputs/.')),
    acceptance: Acceptance.optional().register(
      ...described("The fixture's own acceptor; a task in trialgate.yml uses it unless it names another. Default http-cases."),
    ),
    // Each kind's own section, under its key (schemas/kinds.ts).
    ...FIXTURE_SECTIONS,
  })
  .check((ctx) => {
    const { service, acceptance } = ctx.value;
    const section = sectionOf(ctx.value);
    if (!service && !section?.kind.section?.standsInForService)
      ctx.issues.push({ code: 'custom', path: ['service'], input: ctx.value, message: `a fixture needs its service${SERVICE_STAND_INS}` });
    const needed = section?.kind.section?.acceptanceNeeded;
    if (section && needed && acceptance?.kind !== section.kind.name)
      ctx.issues.push({ code: 'custom', path: ['acceptance'], input: acceptance, message: needed });
  });

export type ServiceSpec = z.infer<typeof ServiceSpec>;
export type FaultSpec = z.infer<typeof FaultSpec>;
export type FixtureManifest = z.infer<typeof FixtureManifest>;
