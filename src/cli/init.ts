// `trialgate init`: a working starter in the user's repository, validated at once by `trialgate validate`.
import { existsSync } from 'node:fs';
import { lstat, mkdir, readFile, realpath } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { linkTarget, listFiles, readInside } from '../util/files.ts';
import { writeInside } from '../util/safe-write.ts';
import { parseCommand } from './args.ts';
import { INIT } from './commands.ts';
import { EXIT, type Io } from './io.ts';
import { LANGUAGE_MARKERS, STARTER_LANGUAGES, type Language } from './languages.ts';
import { displayPath, packageRoot } from './paths.ts';

/** Per language: its test framework, where the sandbox finds it, and what must happen once before `validate` (the workflows do both). */
const TESTS: Record<Language, { framework: string; install?: string; prepare?: string }> = {
  node: { framework: 'node:test' },
  python: { framework: 'pytest', install: 'sudo apt-get install -y python3-pytest' },
  java: { framework: 'JUnit 5, read as JUnit XML', install: 'sudo apt-get install -y junit5' },
  go: {
    framework: 'go test -json',
    install: 'sudo apt-get install -y golang-go',
    // The sandbox reads a build cache and never writes one: warmed outside, or every run compiles from nothing.
    prepare:
      'GOCACHE="$PWD/.trialgate/go-build" go build -o /dev/null fixtures/tally/service/tally.go && GOCACHE="$PWD/.trialgate/go-build" go test -c -o /dev/null fixtures/tally/reference/tally_test.go   # warms the build cache the sandbox reads (again after changing either file)',
  },
};

const ISOLATION_NOTE = '(isolation: required needs bubblewrap, as the workflows install it; without it add --isolation auto)';

/** The code starter: one page-count task per language, its hidden tests in the language's framework; where node's finds its reporter, and the next steps. */
const CODE_STARTER = {
  reporter: 'fixtures/pages/hidden/trialgate-reporter.mjs',
  /** What must happen once before `validate`, per language (its workflows do it too). */
  prepare: {
    go: 'GOCACHE="$PWD/.trialgate/go-build" go test -c -o /dev/null fixtures/pages/hidden/pages_test.go   # warms the build cache the hidden tests read (again after changing them)',
  } as Partial<Record<Language, string>>,
  next: (language: Language) => [
    ...(TESTS[language].install
      ? [`(the hidden tests run ${TESTS[language].framework}, installed system-wide where the sandbox sees it; Debian/Ubuntu: ${TESTS[language].install})`]
      : []),
    ...(CODE_STARTER.prepare[language] ? [CODE_STARTER.prepare[language]!] : []),
    'npx trialgate validate fixtures/pages   # the hidden tests accept the reference fix and reject the wrong ones',
    'npx trialgate run --out .trialgate/base  # the trial set: the stand-in agent fixes the bug, 3 trials, isolated',
    ISOLATION_NOTE,
    'then delete "## Fix the cause" from agent/prompt.md and `npx trialgate gate --base .trialgate/base/results.json`: the head trials, confirmed where ambiguous, compared as the required check does',
  ],
};

type Written = { to: string } & ({ from: string } | { text: string });

export async function runInitCli(argv: string[], io: Io): Promise<number> {
  const parsed = parseCommand(INIT, argv, io);
  if (typeof parsed === 'number') return parsed;
  const target = resolve(io.cwd, parsed.positionals[0] ?? '.');
  const named = parsed.values.lang as Language | undefined;
  const detected = named ? undefined : await detectLanguage(target);
  const language: Language = named ?? detected?.language ?? 'node';
  const templates = join(packageRoot(), 'templates');
  const files = parsed.values.code ? await codeStarterFiles(templates, language) : await testStarterFiles(templates, language);
  const manifest = language === 'node' ? await readManifest(target) : undefined;
  const runner = !parsed.values.code && manifest ? nodeTestRunner(manifest) : undefined;
  const suite = manifest ? await ownSuiteNote(target, manifest) : undefined;
  const next = [
    ...(suite ? [suite] : []),
    ...(parsed.values.code ? CODE_STARTER.next(language) : [...(runner ? [ownRunnerNote(runner)] : []), ...testStarterNext(language)]),
  ];
  const guide = parsed.values.code ? 'code-tasks.md' : 'first-task.md';
  // lstat: a link in a starter file's place (dangling or not) exists too, and --force replaces it, never writing through it.
  const existing = [];
  for (const { to } of files) if (await lstat(join(target, to)).catch(() => null)) existing.push(to);
  if (existing.length && !parsed.values.force) {
    io.stderr(
      `trialgate init: these files exist in ${displayPath(target, io.cwd) || '.'} and would be overwritten:\n${existing.map((f) => `  ${f}`).join('\n')}\nrun with --force to overwrite them, or init into another directory\n`,
    );
    return EXIT.usage;
  }
  await mkdir(target, { recursive: true });
  // The directory is the user's to name, links and all; below it nothing is written through a link.
  const root = await realpath(target);
  for (const file of files) await writeInside(root, file.to, 'text' in file ? file.text : await readFile(file.from));
  const ignored = await ignoreUntracked(root, io);

  const where = relative(io.cwd, target) || '.';
  const cd = where === '.' ? '' : `cd ${where} && `;
  // GitHub runs workflows only from the repository's top level: written below it, they would never run.
  const repo = await repositoryAbove(root);
  if (repo) {
    const sub = relative(repo, root);
    io.stderr(
      `trialgate init: ${where} is inside the git repository ${repo}, and GitHub runs workflows only from its top level: move ${where}/.github/workflows/*.yml to ${repo}/.github/workflows/ and give the trialgate step \`config: ${sub}/trialgate.yml\` (with \`working-directory: ${sub}\` on run steps)\n`,
    );
  }
  io.stdout(
    [
      `trialgate init: wrote a starter into ${where}:`,
      `  (${language}: ${languageReason(named, detected)})`,
      ...files.map(({ to }) => `  ${to}`),
      ignored.length ? `  .gitignore (ignores ${ignored.join(' and ')})` : '  (.gitignore already ignores .trialgate/ and node_modules/)',
      '',
      'next:',
      ...next.map((line) => `  ${/^(npx|GOCACHE)/.test(line) ? cd : ''}${line}`),
      // The docs ship in the package: the path a user can open now, not a repository to look for.
      `  docs: ${displayPath(join(packageRoot(), 'docs', guide), io.cwd)}; commit, push, and the workflows gate your pull requests`,
      '',
    ].join('\n'),
  );
  return EXIT.ok;
}

/** The language a repository's own files name, and which files said so; undefined when none does. */
async function detectLanguage(dir: string): Promise<{ language: Language; found: string[] } | undefined> {
  const found: { language: Language; file: string }[] = [];
  for (const { language, files } of LANGUAGE_MARKERS)
    for (const file of files) if (await lstat(join(dir, file)).catch(() => null)) found.push({ language, file });
  return found.length ? { language: found[0]!.language, found: found.map((f) => f.file) } : undefined;
}

function languageReason(named: Language | undefined, detected: { language: Language; found: string[] } | undefined): string {
  if (named) return `--lang ${named}`;
  const other = `--lang ${STARTER_LANGUAGES.join('|')} to choose another`;
  if (!detected) return `no ${LANGUAGE_MARKERS.flatMap((m) => m.files.slice(0, 1)).join(', ')} or the like here; ${other}`;
  return `from ${detected.found.join(', ')}; ${other}`;
}

/** The test starter in `language`: the shared trial set, agent and inputs, the language's fixture and answers, the workflows. */
async function testStarterFiles(templates: string, language: Language): Promise<Written[]> {
  const own = join(templates, 'starter', language);
  const files: Written[] = [...(await workflowFiles(templates, own))];
  const common = join(templates, 'starter', 'common');
  for (const f of await listFiles(common)) if (!f.startsWith('.github/')) files.push({ from: join(common, f), to: f });
  for (const f of await listFiles(own)) if (f !== WORKFLOW_STEPS) files.push({ from: join(own, f), to: f });
  return files.sort((a, b) => a.to.localeCompare(b.to));
}

/** The fragment of the workflows, per starter, that installs its test runner where the sandbox sees it. */
const WORKFLOW_STEPS = 'workflow-steps.yml';

/** The shared workflows, with the step that installs the language's test runner, read from `stepsDir`'s fragment. */
async function workflowFiles(templates: string, stepsDir: string): Promise<Written[]> {
  const common = join(templates, 'starter', 'common');
  const steps = await readFile(join(stepsDir, WORKFLOW_STEPS), 'utf8');
  const files: Written[] = [];
  for (const f of await listFiles(common))
    if (f.startsWith('.github/')) files.push({ to: f, text: (await readFile(join(common, f), 'utf8')).replace(/^ *# @runner\n/m, steps) });
  return files;
}

/**
 * The code starter in `language`: its own trial set and fixture, the workflows with its own runner step
 * (or its test starter's, where the two install the same), and for node the shipped node:test reporter
 * (the other frameworks' reporters are read from $TRIALGATE_REPORTERS or are JUnit XML).
 */
async function codeStarterFiles(templates: string, language: Language): Promise<Written[]> {
  const dir = join(templates, language === 'node' ? 'code-starter' : `code-starter-${language}`);
  const ownSteps = (await lstat(join(dir, WORKFLOW_STEPS)).catch(() => null)) !== null;
  return [
    ...(await workflowFiles(templates, ownSteps ? dir : join(templates, 'starter', language))),
    ...(await listFiles(dir)).filter((f) => f !== WORKFLOW_STEPS).map((f) => ({ from: join(dir, f), to: f })),
    ...(language === 'node' ? [{ from: join(packageRoot(), 'reporters', 'node-test.mjs'), to: CODE_STARTER.reporter }] : []),
  ];
}

function testStarterNext(language: Language): string[] {
  const { framework, install, prepare } = TESTS[language];
  return [
    ...(install ? [`(the acceptor runs ${framework}, installed system-wide where the sandbox sees it; Debian/Ubuntu: ${install})`] : []),
    ...(prepare ? [prepare] : []),
    `npx trialgate validate fixtures/tally   # the acceptor (${framework}) tells the correct service from its defect`,
    'npx trialgate run --out .trialgate/base  # the trial set: the stand-in agent, 3 trials, isolated',
    ISOLATION_NOTE,
    'then edit agent/prompt.md and `npx trialgate gate --base .trialgate/base/results.json`: the head trials, confirmed where ambiguous, compared as the required check does',
  ];
}

/** A repository's package.json, as far as init reads it; undefined where there is none, or it is not JSON. */
interface Manifest {
  dependencies?: object;
  devDependencies?: object;
  scripts?: Record<string, unknown>;
  jest?: unknown;
}

async function readManifest(dir: string): Promise<Manifest | undefined> {
  try {
    return JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

/** The test runner a repository's package.json already uses (its dependencies or scripts), where the starter's node:test is not it. */
function nodeTestRunner(manifest: Manifest): 'Jest' | 'Vitest' | undefined {
  const uses = (name: string) =>
    [manifest.dependencies, manifest.devDependencies].some((deps) => deps && name in deps) ||
    Object.values(manifest.scripts ?? {}).some((script) => typeof script === 'string' && new RegExp(`\\b${name}\\b`).test(script));
  return uses('jest') ? 'Jest' : uses('vitest') ? 'Vitest' : undefined;
}

/** Where a repository's own test run finds tests itself: what it must leave out, and how (per runner). */
const OWN_SUITE_SCOPE = {
  node: (dir: string) => `name your own tests' directory: "test": "node --test ${dir}"`,
  Jest: () => 'add testPathIgnorePatterns: ["/node_modules/", "<rootDir>/fixtures/", "<rootDir>/agent/", "<rootDir>/.trialgate/"] to its config',
  Vitest: () => 'add exclude: [...configDefaults.exclude, "fixtures/**", "agent/**", ".trialgate/**"] to the test section of its config',
};

/**
 * Node's test runner, Jest and Vitest find test files anywhere but node_modules/ (node:test even in dot
 * directories), so the repository's `npm test` would also run the starter's tests and those of local runs'
 * trials, which run only under trialgate (they need the services it starts, or a candidate). Pytest (conftest.py) and Go (go.mod)
 * are kept out by files the starter writes; node:test has no such file, so init says what to change where the
 * test script does not already leave them out. Undefined: no test script, or one that does.
 */
async function ownSuiteNote(dir: string, manifest: Manifest): Promise<string | undefined> {
  const script = manifest.scripts?.test;
  if (typeof script !== 'string') return undefined;
  const said = (how: string) =>
    `(package.json: \`npm test\` would also run the tests in fixtures/, agent/ and .trialgate/, which run only under trialgate: ${how})`;
  for (const part of script.split(/&&|\|\||;/).map((p) => p.trim().split(/\s+/))) {
    const words = part[0] === 'npx' ? part.slice(1) : part;
    if (words[0] === 'node' && words.includes('--test') && !words.slice(1).some((w) => !w.startsWith('-'))) {
      const own = ['test', 'tests'].find((d) => existsSync(join(dir, d)));
      return said(OWN_SUITE_SCOPE.node(own ? `${own}/` : '<your tests’ directory>/'));
    }
    const runner = words[0] === 'jest' ? 'Jest' : words[0] === 'vitest' ? 'Vitest' : undefined;
    if (runner && !(await configLeavesOut(dir, runner, manifest.jest))) return said(OWN_SUITE_SCOPE[runner]());
  }
  return undefined;
}

/** Whether a Jest or Vitest config in `dir` (or package.json's "jest") already names fixtures/ among what it leaves out. */
async function configLeavesOut(dir: string, runner: 'Jest' | 'Vitest', inManifest: unknown): Promise<boolean> {
  const names = runner === 'Jest' ? ['jest.config'] : ['vitest.config', 'vite.config'];
  const texts = [JSON.stringify(inManifest ?? '')];
  for (const name of names)
    for (const ext of ['js', 'mjs', 'cjs', 'ts', 'mts', 'cts', 'json']) texts.push(await readFile(join(dir, `${name}.${ext}`), 'utf8').catch(() => ''));
  return texts.some((text) => /fixtures/.test(text));
}

/** The starter's tests are node:test whatever the repository uses: where its own runner becomes the acceptor. */
function ownRunnerNote(runner: 'Jest' | 'Vitest'): string {
  const where = runner === 'Jest' ? 'docs/report-format.md#jest (and "The Jest acceptor" in docs/first-task.md)' : 'docs/report-format.md#vitest-3-or-later';
  return `(package.json uses ${runner}; the starter's acceptor is node:test. To make your ${runner} suite the acceptor: ${where})`;
}

/** The git repository `dir` lies inside, below its top level (a `.git` above it, directory or file), or null. */
async function repositoryAbove(dir: string): Promise<string | null> {
  if (await lstat(join(dir, '.git')).catch(() => null)) return null;
  for (let up = dirname(dir); up !== dirname(up); up = dirname(up)) if (await lstat(join(up, '.git')).catch(() => null)) return up;
  return null;
}

/** What git must not track: local runs (`.trialgate/`) and installed packages (`node_modules/`, e.g. a Jest acceptor's). */
const IGNORED = [
  { pattern: '.trialgate/', why: 'trialgate: local run directories' },
  { pattern: 'node_modules/', why: 'installed packages' },
];

/**
 * Add each of IGNORED to .gitignore unless it is there. Returns the patterns it added. A .gitignore that
 * is a link is neither read nor written through: the user is told to add the lines.
 */
async function ignoreUntracked(target: string, io: Io): Promise<string[]> {
  const path = join(target, '.gitignore');
  let text = '';
  try {
    text = readInside(target, '.gitignore', 16 * 1024 * 1024)?.toString('utf8') ?? '';
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') {
      io.stderr(
        `trialgate init: ${path} is a symbolic link (to ${linkTarget(path)}): not changed; add ${IGNORED.map((i) => i.pattern).join(' and ')} to it yourself\n`,
      );
      return [];
    }
    if (code !== 'ENOENT') throw e;
  }
  const added: string[] = [];
  let next = text;
  for (const { pattern, why } of IGNORED) {
    const bare = pattern.replace(/\/$/, '').replace(/[.]/g, '\\.');
    if (new RegExp(`^/?${bare}/?$`, 'm').test(next)) continue;
    next += `${next && !next.endsWith('\n') ? '\n' : ''}# ${why}\n${pattern}\n`;
    added.push(pattern);
  }
  if (added.length) await writeInside(target, '.gitignore', next);
  return added;
}
