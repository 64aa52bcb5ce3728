// What the tools of a language write beside the code they run, and never read as an input: a missing one is
// rebuilt, a stale one changes nothing a test can see. Python's bytecode (`__pycache__`, written whenever
// the code is imported), the caches of pytest, mypy and ruff, and `node_modules/.cache`, where JavaScript
// build tools (babel-loader, eslint, terser, …, by the find-cache-dir convention) keep theirs. An author who
// ran the tests leaves them in a fixture, an agent in its candidate; a fresh checkout has none. So they are
// no part of a fixture's hash, its acceptance copy, a code task's snapshot or its diff. Environments
// (`.venv`, `node_modules` itself, `.tox`) are not caches: a fixture may run from them (`readable`).
const CACHE_DIRECTORIES = new Set(['__pycache__', '.pytest_cache', '.mypy_cache', '.ruff_cache']);

/** Whether a relative path (`/`-separated) lies inside a tool's cache. */
export function inToolCache(path: string): boolean {
  const parts = path.split('/');
  return parts.some((part, i) => CACHE_DIRECTORIES.has(part) || (part === '.cache' && parts[i - 1] === 'node_modules'));
}
