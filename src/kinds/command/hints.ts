// The fix for an acceptor that could not run, read from what it said: most such failures are one of a
// few setup mistakes (a test runner installed where the sandbox cannot see it, a module not found, a
// program not on PATH). Pure: the acceptor's stderr and exit in, one sentence out.

const SANDBOX_SEES = 'isolated, the acceptor sees only the system directories (/usr, /bin, /lib, /etc, /opt), the fixture and its `readable` directories';

/** The candidate the acceptor ran on: its files, relative to it with `/`. What it holds is not a package to install. */
export type CandidateFiles = ReadonlySet<string> | ReadonlyMap<string, unknown>;

/** The temporary directory each acceptor run works in; the candidate's copy is its `candidate/`. */
export const ACCEPTOR_WORK_PREFIX = 'trialgate-acceptor-';
const IN_CANDIDATE_COPY = new RegExp(`/${ACCEPTOR_WORK_PREFIX}[^/]+/candidate/(.+)$`);

export function acceptorFix(stderr: string, code: number | null, candidate?: CandidateFiles): string {
  const python = /No module named '?([\w.]+)'?/.exec(stderr);
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
  const node = /Cannot find (?:module|package) '([^']+)'/.exec(stderr);
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
  const missing = /(?:^|\n)(?:sh: \d+: )?([^\s:]+): (?:command )?not found/.exec(stderr);
  if (missing || code === 127) {
    return (
      `${missing ? `${missing[1]} is` : 'a program the command runs is'} not on PATH where the acceptor runs: ${SANDBOX_SEES}. ` +
      `Install it system-wide, or call it by its path inside a "readable" directory (e.g. node ../../node_modules/jest/bin/jest.js)`
    );
  }
  return 'run `trialgate validate <fixture>` to see the acceptor run on the reference answers, and fix what it says';
}
