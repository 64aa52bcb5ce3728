// The fix for an acceptor that could not run, read from what it said: most such failures are one of a
// few setup mistakes (a test runner installed where the sandbox cannot see it, a module not found, a
// program not on PATH, Go's caches). The acceptor's stderr and exit in, one sentence out; a program it could
// not find is looked up on this machine's PATH, to say where it is installed.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, delimiter, dirname, isAbsolute, join, relative } from 'node:path';
import { SYSTEM_DIRS } from '../../isolation/bubblewrap.ts';
import { goCacheFix } from '../../util/go-cache.ts';

const SANDBOX_SEES = 'isolated, the acceptor sees only the system directories (/usr, /bin, /lib, /etc, /opt), the fixture and its `readable` directories';

/** The candidate the acceptor ran on: its files, relative to it with `/`. What it holds is not a package to install. */
export type CandidateFiles = ReadonlySet<string> | ReadonlyMap<string, unknown>;

/** The temporary directory each acceptor run works in; the candidate's copy is its `candidate/`. */
export const ACCEPTOR_WORK_PREFIX = 'trialgate-acceptor-';
const IN_CANDIDATE_COPY = new RegExp(`/${ACCEPTOR_WORK_PREFIX}[^/]+/candidate/(.+)$`);

/** Lines of the cause kept at most: a compiler's error with its source line, a runtime's exception. */
const CAUSE_LINES = 3;
/** A compiler's or linter's located error: `X.java:24: error: …`, `./x_test.go:5:31: undefined: …`, `a.ts(3,1): error TS…`. */
const LOCATED = /^\S+?(?::\d+(?::\d+)?|\(\d+,\d+\)):? (?:error|fatal error|\w+ error|undefined|cannot|expected|syntax error)?/i;
/** A frame of a runtime's stack: `    at f (/a.js:1:1)`, `  File "/x.py", line 3`. */
const STACK_FRAME = /^\s+(?:at |File ")/;
/** A runtime's error line: `TypeError: …`, `java.lang.NoClassDefFoundError: …`, `panic: …`, `Error: …`. */
const THROWN = /^(?:[\w.$]*(?:Error|Exception)\b.*|panic: .*|fatal: .*|error: .*)$/;

/**
 * The first lines of what the compiler or runtime said, as a user reads them, from an acceptor's stderr:
 * a located compiler error with the lines under it (javac's source line, not its caret), else the
 * exception a Python traceback ends with or the first error line. Paths inside an acceptor run's candidate
 * copy are shown as `candidate/…`. Empty when nothing it said reads as an error (its tail is shown instead).
 */
export function causeOf(stderr: string): string {
  const lines = meaningful(stderr);
  if (!lines.length) return '';
  const located = lines.findIndex((l) => LOCATED.test(l) && /\.\w+\b/.test(l.split(':')[0]!));
  if (located >= 0) return lines.slice(located, located + CAUSE_LINES).join('\n');
  const traceback = lines.some((l) => /^Traceback \(most recent call last\)/.test(l));
  const thrown = (traceback ? [...lines].reverse() : lines).findIndex((l) => THROWN.test(l.trim()));
  if (thrown < 0) return '';
  const at = traceback ? lines.length - 1 - thrown : thrown;
  const first = lines[at]!.trim();
  if (!first.endsWith(':')) return first;
  // A message that goes on below its first line ("…based on provided values:" then the path Jest tried): what it says, not its stack.
  const next = lines.slice(at + 1, at + CAUSE_LINES);
  const frame = next.findIndex((l) => STACK_FRAME.test(l));
  return [first, ...(frame < 0 ? next : next.slice(0, frame)).map((l) => l.trim())].join('\n');
}

/** The end of what a process said, at most `chars`, from the start of a line: never a word cut in half ("igPathByTraversing"). */
export function outputTail(output: string, chars = 500): string {
  const text = output.trim();
  if (text.length <= chars) return text;
  const tail = text.slice(-chars);
  const lineStart = tail.indexOf('\n');
  return `…${lineStart >= 0 && lineStart < tail.length - 1 ? tail.slice(lineStart) : tail}`;
}

/** Whether `cause` shows all that `stderr` says (its meaningful lines are no more than the cause's). */
export function causeIsAll(stderr: string, cause: string): boolean {
  return Boolean(cause) && meaningful(stderr).length <= cause.split('\n').length;
}

/** The lines of a process's output worth reading: not blank, not a caret under a source line; candidate-copy paths shortened. */
function meaningful(stderr: string): string[] {
  return stderr
    .replace(new RegExp(`\\S*/${ACCEPTOR_WORK_PREFIX}[^/\\s]+/candidate/`, 'g'), 'candidate/')
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() && !/^\s*\^+\s*$/.test(l));
}

export function acceptorFix(stderr: string, code: number | null, candidate?: CandidateFiles, command?: string): string {
  const go = goCacheFix(stderr);
  if (go) return go;
  const python = /No module named '?([\w.]+)'?/.exec(stderr);
  if (python?.[1] === 'trialgate_pytest')
    return (
      "trialgate_pytest is trialgate's pytest reporter, shipped in $TRIALGATE_REPORTERS: put that directory on python's path in the command " +
      '(PYTHONPATH="$TRIALGATE_REPORTERS" python3 -m pytest -p trialgate_pytest -p no:cacheprovider "$TRIALGATE_CANDIDATE"; docs/report-format.md)'
    );
  if (python) {
    const module = python[1]!.split('.')[0]!;
    if (candidate && [...candidate.keys()].some((p) => p === `${module}.py` || p.startsWith(`${module}/`)))
      return (
        `python cannot import ${module}, which is the candidate's own code, not a package to install: the acceptor runs from the fixture, so ` +
        `put the candidate on python's path in its command (PYTHONPATH="$TRIALGATE_REPORTERS:$TRIALGATE_CANDIDATE" python3 -m pytest …)`
      );
    return (
      `python cannot import ${module} where the acceptor runs: ${SANDBOX_SEES} (a pyenv or a user's site-packages is not there). ` +
      `Install it system-wide (Debian/Ubuntu: sudo apt-get install -y python3-${module.replace(/_/g, '-')}), or make a virtualenv ` +
      `and list it in fixture.json's "readable" (e.g. "readable": ["../../.venv"], command "../../.venv/bin/python -m pytest …")`
    );
  }
  const java = javacFix(stderr, candidate);
  if (java) return java;
  const node = /Cannot find (?:module|package) '([^']+)'/.exec(stderr);
  if (node && /(?:^|\/)(?:jest\.cjs|vitest\.mjs|node-test\.mjs)$/.test(node[1]!))
    return `node cannot find ${node[1]}: trialgate's reporters are in $TRIALGATE_REPORTERS; name them through the variable (e.g. --reporters="$TRIALGATE_REPORTERS/jest.cjs"; docs/report-format.md)`;
  const inCopy = node && IN_CANDIDATE_COPY.exec(node[1]!);
  if (inCopy) {
    return (
      `node cannot find ${inCopy[1]} in the candidate ($TRIALGATE_CANDIDATE), which the acceptor imports: the reference (in a code task, ` +
      `the reference fix after code.build) holds no such file. Make the build produce it, or import the path the candidate has`
    );
  }
  if (node) {
    return (
      `node cannot find ${node[1]} where the acceptor runs: ${SANDBOX_SEES}. List the node_modules that holds it in fixture.json's ` +
      `"readable" (e.g. "readable": ["../../node_modules"]) and call the runner by its path (node ../../node_modules/jest/bin/jest.js …)`
    );
  }
  if (/Could not find a config file based on provided values/.test(stderr))
    return (
      'Jest, even given --config FILE, looks for a package.json or jest.config.* from the directory it runs in upwards, and ' +
      `${SANDBOX_SEES}: nothing of the project above the fixture (where the command run by hand finds your package.json). ` +
      "Put jest.config.cjs (or a package.json) in the fixture directory itself, protected, or pass the configuration as JSON (--config '{…}'; docs/report-format.md#jest)"
    );
  // The shell's word for a program it cannot find, or a script's that started it (Python's subprocess, node's spawn).
  const missing =
    /(?:^|\n)(?:sh: \d+: )?([^\s:]+): (?:command )?not found/.exec(stderr) ??
    /FileNotFoundError: \[Errno 2\] No such file or directory: '([^'/]+)'/.exec(stderr) ??
    /\bspawn(?:Sync)? ([^\s/]+) ENOENT/.exec(stderr);
  if (missing || code === 127) {
    const program = missing?.[1];
    const found = program ? outsideSandbox(program) : undefined;
    if (program && found) return foundOutside(program, found);
    return (
      `${program ? `${program} is` : 'a program the command runs is'} not on PATH where the acceptor runs: ${SANDBOX_SEES}. ` +
      `Install it system-wide, or call it by its path inside a "readable" directory (e.g. node ../../node_modules/jest/bin/jest.js)`
    );
  }
  const runner = command ? reporterMissing(command) : undefined;
  if (runner) return runner;
  return BY_HAND;
}

/**
 * What javac could not find for the tests it compiles: the candidate's own classes (a project's suite used
 * unedited calls them directly; the acceptor compiles from the fixture, where they are only if the command
 * puts them on the classpath) before a library the tests import that the command's classpath lacks (AssertJ, Mockito).
 */
function javacFix(stderr: string, candidate?: CandidateFiles): string | undefined {
  const packages = [...stderr.matchAll(/error: package ([\w.]+) does not exist/g)].map((m) => m[1]!);
  const symbols = [...stderr.matchAll(/^\s*symbol:\s+(?:class|variable) (\w+)$/gm)].map((m) => m[1]!);
  if (!packages.length && !symbols.length) return undefined;
  const sources = candidate ? [...candidate.keys()].filter((p) => p.endsWith('.java')) : [];
  for (const name of [...packages, ...symbols]) {
    const own = packages.includes(name)
      ? sources.find((p) => `/${dirname(p)}`.endsWith(`/${name.replaceAll('.', '/')}`))
      : sources.find((p) => basename(p) === `${name}.java`);
    if (own)
      return (
        `javac cannot find ${packages.includes(name) ? `package ${name}` : name}, which is the candidate's own code (${own}), not a library: ` +
        'the hidden tests compile in the fixture, where its classes are only on the classpath the command gives. In a library task (no code.service) ' +
        'code.build compiles them first (e.g. javac -d build/classes $(find src/main/java -name \'*.java\')): put "$TRIALGATE_CANDIDATE/build/classes" ' +
        "on both javac's and the launcher's -cp; a service's hidden tests call it over HTTP instead (docs/code-tasks.md#in-other-languages)"
      );
  }
  const library = packages.find((p) => !/^(org\.junit\.(jupiter|platform)|org\.opentest4j|org\.apiguardian)(\.|$)/.test(p));
  if (!library) return undefined;
  return (
    `javac cannot find package ${library}, a library the tests import that the classpath the command gives does not hold. ` +
    "Put the library's jar on both javac's and the launcher's -cp (…:/usr/share/java/<its jar>), installed system-wide " +
    `(Debian/Ubuntu package Java libraries as lib…-java, into /usr/share/java) or in a directory listed in fixture.json's "readable"`
  );
}

/** Where `program` is on this machine's PATH outside the directories a sandbox shows (rustup's ~/.cargo/bin, ~/.local/bin), if it is. */
function outsideSandbox(program: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!isAbsolute(dir) || SYSTEM_DIRS.some((system) => dir === system || dir.startsWith(`${system}/`))) continue;
    const path = join(dir, program);
    if (existsSync(path)) return path;
  }
  return undefined;
}

/** A program the sandbox does not show, found where it is installed: list that installation in `readable`. */
function foundOutside(program: string, path: string): string {
  const bin = dirname(path);
  const installed = dirname(bin);
  // rustup's cargo and rustc are proxies that read their toolchains from RUSTUP_HOME, beside CARGO_HOME.
  const rustup = /\/\.cargo$/.test(installed) ? [join(dirname(installed), '.rustup')] : [];
  const found = `${program} is at ${path} on this machine, which the acceptor's sandbox does not show (${SANDBOX_SEES}): `;
  const underHome = relative(homedir(), installed);
  if (underHome && !underHome.startsWith('..') && !isAbsolute(underHome)) {
    // Under the home directory: one entry that works on every machine, shown where this one has it (on the PATH
    // the acceptor keeps) and under the sandbox's own HOME, where rustup and cargo look for themselves.
    const readable = [installed, ...rustup].map((d) => JSON.stringify(`~/${relative(homedir(), d)}`)).join(', ');
    return `${found}list it in fixture.json's "readable" ("readable": [${readable}]; ~ is the home of whichever machine runs it), or install it system-wide`;
  }
  const readable = [installed, ...rustup].map((d) => JSON.stringify(d)).join(', ');
  return (
    `${found}list its installation in fixture.json's "readable" ("readable": [${readable}]) and put ${bin} on PATH in the command ` +
    `(PATH="${bin}:$PATH" ${rustup.length ? `RUSTUP_HOME=${rustup[0]} ` : ''}…), or install it system-wide`
  );
}

/** The fix when nothing the acceptor said names a known setup mistake. */
export const BY_HAND =
  'run the acceptance command by hand in the fixture directory, with TRIALGATE_CANDIDATE set to the reference answers (in a code task, ' +
  'a copy of the repository with the reference fix applied and built) and ' +
  'TRIALGATE_REPORT to a file, until it writes its report there (docs/report-format.md)';

/**
 * The fix for an acceptor that could not report on a candidate other than the reference answers: the
 * setup's mistake only when what it said names one, else the candidate's own error (the cause shown first).
 * `proven`: it ran on the reference answers in this run already.
 */
export function candidateFix(stderr: string, code: number | null, proven: boolean, candidate?: CandidateFiles, command?: string): string {
  const setup = acceptorFix(stderr, code, candidate, command);
  if (setup !== BY_HAND && !proven) return setup;
  return proven
    ? "none in the setup: the acceptor ran on the reference answers earlier in this run, so this is the candidate's own error (its first lines above: code that does not compile or run, or that ends the tests' process)"
    : "when the reference answers pass (trialgate validate without --candidate), this is the candidate's own error (its first lines above)";
}

/**
 * A test runner that writes trialgate's report only through a reporter the command does not name: the
 * first mistake with each of them (the runner passes, and no report appears).
 */
function reporterMissing(command: string): string | undefined {
  const see = 'docs/report-format.md';
  if (/\bpytest\b/.test(command) && !/trialgate_pytest/.test(command))
    return `pytest writes a report only through trialgate's plugin: PYTHONPATH="$TRIALGATE_REPORTERS" python3 -m pytest -p trialgate_pytest … (${see})`;
  if (/\bjest\b/.test(command) && !/jest\.cjs/.test(command))
    return `Jest writes a report only through trialgate's reporter: add --reporters="$TRIALGATE_REPORTERS/jest.cjs" (${see})`;
  if (/\bvitest\b/.test(command) && !/vitest\.mjs/.test(command))
    return `Vitest writes a report only through trialgate's reporter: add --reporter="$TRIALGATE_REPORTERS/vitest.mjs" (${see})`;
  if (/\bcargo\b[^;&|]*\btest\b/.test(command) && !/cargo-test\.mjs/.test(command))
    return `cargo test writes a report only through trialgate's reader: cargo test --no-fail-fast 2>&1 | node "$TRIALGATE_REPORTERS/cargo-test.mjs" (${see})`;
  if (/\bnode\b[^;&|]*--test\b/.test(command) && !/node-test\.mjs/.test(command))
    return `node --test writes a report only through trialgate's reporter: --test-reporter="$TRIALGATE_REPORTERS/node-test.mjs" --test-reporter-destination="$TRIALGATE_REPORT" (${see})`;
  return undefined;
}
