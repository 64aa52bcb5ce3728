// Builds dist/: the bundled action entry and CLI, and the JSON Schema of every file format
// (src/schemas/formats.ts), generated from the zod schemas with their field descriptions, for editors
// (trialgate.yml, fixture.json) and for tools that read trialgate's files. dist/ is committed; CI rebuilds
// it and fails when the committed copy differs.
import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import { build, type Plugin } from 'esbuild';
import { FILE_FORMATS, jsonSchemaOf } from '../src/schemas/formats.ts';

// One build of both entries with code splitting: what a command or the action loads with `import()` (the
// engine, the REST and artefact clients) is a chunk of its own, read only when first used, and the two
// entries share every chunk. dist/index.js is the action's entry, dist/cli.js the `trialgate` bin.
/**
 * @actions/core imports its OIDC client (and through it @actions/http-client and undici, 0.8 MB) and its
 * platform helpers (@actions/exec) at the top of its module, though the action uses neither; none of these
 * packages does anything at import time, so declaring them free of side effects lets esbuild leave out
 * what is unused: the first steps of the action load @actions/core alone. Where the REST client needs
 * http-client and undici, they stay, in its chunk.
 */
const unusedImportsDropped: Plugin = {
  name: 'side-effect-free @actions dependencies',
  setup(b) {
    const pure = /[\\/]node_modules[\\/](@actions[\\/](core|http-client|io|exec)|undici|tunnel)[\\/]/;
    b.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData === 'resolving') return undefined;
      const resolved = await b.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'resolving' });
      return pure.test(resolved.path) ? { ...resolved, sideEffects: false } : undefined;
    });
  },
};

/**
 * zod's namespace carries all of its 48 locales (half of its code, parsed at every start); trialgate's
 * messages are English, the one locale zod configures itself with. The others are left out.
 */
const englishOnly: Plugin = {
  name: 'zod, English only',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer) ? { path: 'zod-locales', namespace: 'zod-locales' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'zod-locales' }, () => ({
      contents: "export { default as en } from 'zod/v4/locales/en.js';",
      resolveDir: process.cwd(),
    }));
  },
};

await rm('dist/chunks', { recursive: true, force: true });
await build({
  entryPoints: { index: 'src/index.ts', cli: 'src/cli/bin.ts' },
  outdir: 'dist',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [unusedImportsDropped, englishOnly],
  // Bundled CommonJS dependencies call require(); give every ESM file one.
  banner: { js: "import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);" },
});
// The `trialgate` bin: executable in the package and in git.
await chmod('dist/cli.js', 0o755);

await rm('dist/schemas', { recursive: true, force: true });
await mkdir('dist/schemas', { recursive: true });
for (const format of FILE_FORMATS) {
  await writeFile(`dist/schemas/${format.name}.schema.json`, JSON.stringify(jsonSchemaOf(format), null, 2) + '\n');
}
