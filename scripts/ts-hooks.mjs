// Module hooks (node:module register) that load a .ts file as the JavaScript ts-cache.mjs keeps for its
// text, compiling it on a miss. Resolution is Node's own: trialgate's imports name their .ts files.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cachedPath, keep, transformOptions } from './ts-cache.mjs';

let esbuild;

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.endsWith('.ts') || url.includes('/node_modules/')) return nextLoad(url, context);
  const path = fileURLToPath(url);
  const source = readFileSync(path, 'utf8');
  const cached = cachedPath(path, source);
  let code;
  try {
    code = readFileSync(cached, 'utf8');
  } catch {
    esbuild ??= await import('esbuild');
    code = (await esbuild.transform(source, transformOptions(path))).code;
    keep(cached, code);
  }
  return { format: 'module', source: code, shortCircuit: true };
}
