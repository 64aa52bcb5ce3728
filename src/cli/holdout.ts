// `trialgate holdout`: the holdout maintainers' side. `open` decrypts a run's sealed holdout detail (the run
// directory's holdout.tar.gz.age and each confirmation round's) with their age identity; `keygen` makes an
// X25519 age key pair, the public half for the trial set's holdout.recipients (docs/holdout.md).
import { readdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { generateX25519Identity, identityToRecipient } from 'age-encryption';
import { openSealed, readIdentities, SEALED_FILE } from '../holdout/seal.ts';
import { UserInputError } from '../util/errors.ts';
import { extractZip } from '../util/unzip.ts';
import { parseCommand } from './args.ts';
import { HOLDOUT } from './commands.ts';
import { EXIT, type Io } from './io.ts';
import { displayPath } from './paths.ts';

export async function runHoldoutCli(argv: string[], io: Io): Promise<number> {
  const parsed = parseCommand(HOLDOUT, argv, io);
  if (typeof parsed === 'number') return parsed;
  const values = parsed.values as { identity?: string; out?: string };
  const [verb, target] = parsed.positionals;
  if (verb === 'keygen') return keygen(values.out, io);
  if (verb !== 'open') throw new UserInputError(HOLDOUT.usage, verb ?? '', 'open or keygen');
  if (!target) throw new UserInputError(HOLDOUT.usage, 'open', 'name a run directory, a holdout.tar.gz.age or a downloaded artefact (.zip)');
  if (!values.identity) throw new UserInputError(HOLDOUT.usage, '--identity', 'name the age identity file of a key the holdout is sealed to');
  const input = resolve(io.cwd, target);
  const out = resolve(io.cwd, values.out ?? `${input.replace(/\.(zip|age)$/, '')}-holdout`);
  if ((await readdir(out).catch(() => [])).length) throw new UserInputError(out, '--out', 'exists and is not empty: name a new directory');
  const identities = await readIdentities(resolve(io.cwd, values.identity));
  const unzipped = input.endsWith('.zip') ? await mkdtemp(join(tmpdir(), 'trialgate-holdout-open-')) : null;
  try {
    if (unzipped) await extractZip(input, unzipped);
    const root = unzipped ?? input;
    const sealed = root.endsWith('.age') ? [root] : await findSealed(root);
    if (!sealed.length)
      throw new UserInputError(input, '', `holds no ${SEALED_FILE}: the run had no holdout task, or its trial set names no holdout.recipients`);
    for (const file of sealed) {
      const where = root.endsWith('.age') ? out : join(out, relative(root, dirname(file)));
      const files = await openSealed(file, identities, where);
      io.stdout(`${displayPath(file, io.cwd)}: ${files.length} files → ${displayPath(where, io.cwd)}\n`);
    }
    return EXIT.ok;
  } finally {
    if (unzipped) await rm(unzipped, { recursive: true, force: true });
  }
}

/** Every sealed file below a run directory: the run's own and each confirmation round's. */
async function findSealed(dir: string): Promise<string[]> {
  if (!(await stat(dir).catch(() => null))?.isDirectory())
    throw new UserInputError(dir, '', 'not found: name a run directory, a holdout.tar.gz.age or an artefact .zip');
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name === SEALED_FILE) found.push(join(entry.parentPath, entry.name));
  }
  return found.sort();
}

async function keygen(out: string | undefined, io: Io): Promise<number> {
  if (!out) throw new UserInputError(HOLDOUT.usage, '--out', 'name the identity file to write, e.g. --out holdout-key.txt (keep it out of the repository)');
  const path = resolve(io.cwd, out);
  const identity = await generateX25519Identity();
  const recipient = await identityToRecipient(identity);
  await writeFile(path, `# created: ${new Date().toISOString()}\n# public key: ${recipient}\n${identity}\n`, { flag: 'wx', mode: 0o600 }).catch(
    (e: NodeJS.ErrnoException) => {
      throw new UserInputError(path, '--out', e.code === 'EEXIST' ? 'exists: an identity is never overwritten' : `cannot be written (${e.code})`);
    },
  );
  io.stdout(
    `wrote ${displayPath(path, io.cwd)} (the private key: keep it out of the repository)\nadd the public key to trialgate.yml:\n\nholdout:\n  recipients: [${recipient}]\n`,
  );
  return EXIT.ok;
}
