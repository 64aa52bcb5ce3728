// A fifth task kind of a shape none of the four has, written as a maintainer would add one: `json-doc`, whose
// candidate is a JSON document checked by predicates. It has its own fixture section (`document`), its own
// evidence file (`evidence/document-checks.json`) with its view, and neither a service nor variants. The
// test copies src/ and adds exactly what the kind contract says a kind is: its folder, its declaration
// (settings, section, evidence) and one line in each of the two lists, the declarations' and the
// implementations'. Kept as text: it compiles inside the copy, where its imports resolve.
import { cp, mkdir, readFile, readdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, tempDir } from './fixtures.ts';

const DECLARATION = `// The \`json-doc\` kind's declaration: the candidate is a JSON document, each predicate of the fixture's
// \`document\` section a check; the runner writes what each found to evidence/document-checks.json.
import { z } from 'zod';
import { described } from '../doc.ts';
import { evidenceFile, fixtureSection, kindSchema } from '../kind-schema.ts';

export const JsonDocAcceptance = z.strictObject({
  kind: z.literal('json-doc').register(...described('The candidate document is checked by the fixture\\'s predicates.')),
});

export const Predicate = z
  .strictObject({
    path: z.string().min(1).register(...described('A dotted path into the document.')),
    equals: z.json().describe('The value the path must hold.'),
    label: z.string().min(1).register(...described('What a reader sees.')),
  })
  .register(...described('One check of the document.'));

export const DocumentSpec = z
  .strictObject({
    file: z.string().min(1).default('document.json').register(...described('The document, relative to the candidate.')),
    predicates: z.record(z.string().regex(/^[a-z][a-z0-9-]*$/), Predicate).register(...described('Predicate id → the predicate: each the check \`doc:<id>\`.')),
  })
  .register(...described('A fixture whose candidate is a JSON document checked by predicates.'));

export const DocumentChecks = z
  .strictObject({
    checks: z
      .array(
        z.strictObject({
          id: z.string().register(...described('The predicate.')),
          ok: z.boolean().register(...described('Whether the document holds it.')),
          found: z.string().register(...described('What the path holds, as JSON.')),
        }),
      )
      .register(...described('One per predicate, in order.')),
  })
  .register(...described('What each predicate found in the document.'));

export type JsonDocAcceptance = z.infer<typeof JsonDocAcceptance>;
export type DocumentSpec = z.infer<typeof DocumentSpec>;
export type DocumentChecks = z.infer<typeof DocumentChecks>;

export const jsonDocSchema = kindSchema({
  name: 'json-doc',
  settings: JsonDocAcceptance,
  spelled: 'json-doc',
  section: fixtureSection({
    key: 'document',
    schema: DocumentSpec,
    paths: () => ({ answers: [['reference', 'reference']], protectedDirs: ['reference'], given: [], variantFiles: { field: 'document', globs: ['reference/**'] } }),
    standsInForService: true,
  }),
  evidence: [
    evidenceFile({
      name: 'document-checks',
      path: 'document-checks.json',
      title: 'Document checks',
      description: 'What each predicate of a json-doc task found in the candidate document, written by trialgate.',
      schema: DocumentChecks,
      view: (value) => ({ lines: [], table: { header: ['predicate', 'holds', 'found'], rows: value.checks.map((c) => [c.id, c.ok ? 'yes' : 'NO', c.found]) } }),
    }),
  ],
});
`;

const IMPLEMENTATION = `// The \`json-doc\` kind: the agent writes one JSON document; each predicate of the fixture is a check.
import { join } from 'node:path';
import { NO_LIMITS, readCandidate } from '../../acceptance/snapshot.ts';
import type { Fixture } from '../../fixture/load.ts';
import type { DocumentChecks, DocumentSpec, JsonDocAcceptance } from '../../schemas/kinds/json-doc.ts';
import { UserInputError } from '../../util/errors.ts';
import type { KindCheck, TaskKind } from '../contract.ts';
import { agentDelivers } from '../setup.ts';

function specOf(fixture: Fixture): DocumentSpec {
  const spec = fixture.manifest.document;
  if (!spec) throw new UserInputError(join(fixture.dir, 'fixture.json'), 'document', 'a json-doc task needs its document section');
  return spec;
}

function at(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, key) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), value);
}

/** Each predicate on the document's text: the checks, and what each found. */
function judge(spec: DocumentSpec, text: string | undefined): { checks: KindCheck[]; found: DocumentChecks; problems: string[] } {
  let doc: unknown;
  const problems: string[] = [];
  if (text === undefined) problems.push(\`\${spec.file}: missing\`);
  else
    try {
      doc = JSON.parse(text);
    } catch (e) {
      problems.push(\`\${spec.file}: not JSON (\${(e as Error).message})\`);
    }
  const rows = Object.entries(spec.predicates).map(([id, p]) => {
    const found = JSON.stringify(at(doc, p.path)) ?? 'nothing';
    return { id, ok: found === JSON.stringify(p.equals), found, p };
  });
  return {
    checks: rows.map((r) => ({ key: \`doc:\${r.id}\`, ok: r.ok, layer: 'final_state', failures: r.ok ? [] : [\`\${r.p.path} holds \${r.found}, not \${JSON.stringify(r.p.equals)}\`] })),
    found: { checks: rows.map(({ id, ok, found }) => ({ id, ok, found })) },
    problems,
  };
}

export const jsonDocKind: TaskKind<JsonDocAcceptance> = {
  name: 'json-doc',
  capabilities: { countsDetections: false, repairable: false },
  acceptorVersion: () => 'json-doc@1',
  passEnv: () => [],
  checkFixture: (fixture) => void specOf(fixture),
  checkLabels: (fixture) => Object.fromEntries(Object.entries(specOf(fixture).predicates).map(([id, p]) => [\`doc:\${id}\`, p.label])),
  async run(trial) {
    const { result, candidate } = await agentDelivers(trial);
    const spec = specOf(trial.task.fixture);
    if (result.envError) return result;
    const { checks, found, problems } = judge(spec, candidate?.files.get(spec.file)?.toString('utf8'));
    await trial.writeEvidence('document-checks.json', JSON.stringify(found, null, 2));
    return { ...result, formatProblems: [...result.formatProblems, ...problems], checks };
  },
  async validate(options) {
    const { fixture } = options;
    const spec = specOf(fixture);
    const dir = options.candidateDir ?? join(fixture.dir, 'reference');
    const snapshot = await readCandidate(dir, NO_LIMITS, '');
    const { checks, problems } = judge(spec, snapshot.files.get(spec.file)?.toString('utf8'));
    const failed = checks.filter((c) => !c.ok);
    const accepted = problems.length === 0 && failed.length === 0;
    return {
      shape: 'runs',
      fixture,
      subject: 'the predicates on the document in',
      subjectPath: dir,
      columns: ['document', 'predicates'],
      rows: [
        {
          subject: spec.file,
          variant: \`\${checks.length} predicates\`,
          expected: 'accepted',
          actual: accepted ? 'accepted' : 'rejected',
          failed: failed.map((c) => c.key),
          findings: [...problems, ...failed.flatMap((c) => c.failures)],
          evidence: dir,
        },
      ],
      problems: accepted ? [] : [\`the reference document fails \${failed.map((c) => c.key).join(', ') || problems[0]}\`],
      proved: 'the reference document holds every predicate',
      judged: options.candidateDir ? 'candidate' : 'acceptor',
    };
  },
};
`;

/** What the fifth kind adds, by path below src/, and the two lines it adds to the lists. */
export const FIFTH_KIND_FILES: Record<string, string> = {
  'schemas/kinds/json-doc.ts': DECLARATION,
  'kinds/json-doc/kind.ts': IMPLEMENTATION,
};

async function addLine(path: string, after: RegExp, line: string, listed: [RegExp, string]): Promise<void> {
  let text = await readFile(path, 'utf8');
  const match = after.exec(text);
  if (!match) throw new Error(`${path}: no line matches ${after}`);
  text = text.slice(0, match.index + match[0].length) + `\n${line}` + text.slice(match.index + match[0].length);
  if (!listed[0].test(text)) throw new Error(`${path}: no list matches ${listed[0]}`);
  await writeFile(path, text.replace(listed[0], listed[1]));
}

/**
 * A copy of the project whose src/ has the fifth kind added, everything else linked to the project's own.
 * Returns the copy's root; its CLI is src/cli/bin.ts, run through tsx.
 */
export async function projectWithFifthKind(): Promise<string> {
  const root = join(await tempDir('trialgate-fifth-kind-'), 'trialgate');
  await mkdir(root);
  for (const entry of await readdir(ROOT)) {
    if (entry === 'src') await cp(join(ROOT, 'src'), join(root, 'src'), { recursive: true });
    else if (entry !== '.git') await symlink(join(ROOT, entry), join(root, entry));
  }
  for (const [path, text] of Object.entries(FIFTH_KIND_FILES)) {
    await mkdir(join(root, 'src', path, '..'), { recursive: true });
    await writeFile(join(root, 'src', path), text);
  }
  await addLine(
    join(root, 'src', 'schemas', 'kinds.ts'),
    /^import \{ httpCasesSchema \} from '\.\/kinds\/http-cases\.ts';$/m,
    "import { jsonDocSchema } from './kinds/json-doc.ts';",
    [/codeSchema\] as const/, 'codeSchema, jsonDocSchema] as const'],
  );
  await addLine(
    join(root, 'src', 'kinds', 'registry.ts'),
    /^import \{ httpCasesKind \} from '\.\/http-cases\/kind\.ts';$/m,
    "import { jsonDocKind } from './json-doc/kind.ts';",
    [/ {2}code: codeKind,\n/, "  code: codeKind,\n  'json-doc': jsonDocKind,\n"],
  );
  return root;
}
