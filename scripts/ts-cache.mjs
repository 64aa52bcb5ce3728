// trialgate's TypeScript compiled once per text: esbuild strips the types of a file (with an inline source
// map, so a failing assertion points at the .ts line) and the JavaScript is kept under
// node_modules/.cache/trialgate-ts, named by the hash of everything the output depends on. The test runs
// load it through ts-hooks.mjs; scripts/test.ts fills the cache in one batch before the test files start.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const CACHE_DIR = join(ROOT, 'node_modules', '.cache', 'trialgate-ts');
const TSCONFIG = readFileSync(join(ROOT, 'tsconfig.json'), 'utf8');
const ESBUILD_VERSION = JSON.parse(readFileSync(join(ROOT, 'node_modules', 'esbuild', 'package.json'), 'utf8')).version;

/** esbuild's options for one file: the running Node as the target, so nothing it supports is rewritten. */
export function transformOptions(path) {
  return {
    loader: 'ts',
    format: 'esm',
    target: `node${process.versions.node}`,
    sourcemap: 'inline',
    sourcefile: path,
    tsconfigRaw: TSCONFIG,
  };
}

/** Where the compiled text of `path` holding `source` is kept. */
export function cachedPath(path, source) {
  const key = createHash('sha256')
    .update(JSON.stringify([ESBUILD_VERSION, transformOptions(path)]))
    .update('\0')
    .update(source)
    .digest('hex');
  return join(CACHE_DIR, `${key.slice(0, 2)}`, `${key.slice(2)}.js`);
}

/** Keep `code` at `path`: written beside it and renamed, so a reader never sees half a file. */
export function keep(path, code) {
  mkdirSync(dirname(path), { recursive: true });
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, code);
  renameSync(partial, path);
}
