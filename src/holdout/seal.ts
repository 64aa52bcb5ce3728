// The holdout detail, sealed for the people who maintain the holdout: a directory (the holdout tasks' whole
// results.json under their own names, their trial directories) as a gzipped tar, encrypted with age to the
// public keys the trial set names. Standard formats, so that `age -d -i key.txt holdout.tar.gz.age | tar xz`
// opens it as well as `trialgate holdout open` does. Written as a stream: a long run is never one buffer.
import { closeSync, createReadStream, createWriteStream, writeSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { extract, pack } from 'tar-stream';
import { UserInputError } from '../util/errors.ts';
import { listEntries } from '../util/files.ts';
import { openInside } from '../util/safe-write.ts';

/**
 * age and its post-quantum curves, loaded when a holdout is sealed or opened: set up at every start they
 * were ~20 ms of CPU before the first agent of every run, which has no holdout nearly always.
 */
const age = () => import('age-encryption');

/** The sealed detail's file name in a run directory (and in each confirmation round's). */
export const SEALED_FILE = 'holdout.tar.gz.age';

/**
 * Seal `dir` into `file`, readable only with an identity of one of `recipients`. Regular files and
 * directories are kept; a link or special file an agent left is not followed, and is listed in SEALED.txt.
 */
export async function sealDirectory(dir: string, recipients: readonly string[], file: string): Promise<void> {
  const { Encrypter } = await age();
  const encrypter = new Encrypter();
  for (const recipient of recipients) encrypter.addRecipient(recipient);
  const tar = pack();
  const filling = (async () => {
    const skipped: string[] = [];
    for (const entry of await listEntries(dir)) {
      if (entry.kind === 'dir') tar.entry({ name: entry.path, type: 'directory', mode: 0o755 });
      else if (entry.kind === 'file') {
        const sink = tar.entry({ name: entry.path, size: entry.size, mode: 0o644 });
        await pipeline(createReadStream(join(dir, entry.path), { flags: 'r' }), sink);
      } else skipped.push(`${entry.path} (${entry.kind === 'link' ? 'a symbolic link' : 'not a regular file'}: not followed)`);
    }
    if (skipped.length) tar.entry({ name: 'SEALED.txt' }, `Left out of the sealed holdout detail:\n${skipped.join('\n')}\n`);
    tar.finalize();
  })();
  filling.catch((e: unknown) => tar.destroy(e as Error));
  const gzipped = Readable.toWeb(tar.pipe(createGzip())) as ReadableStream<Uint8Array>;
  const encrypted = await encrypter.encrypt(gzipped);
  await pipeline(Readable.fromWeb(encrypted as never), createWriteStream(file, { flags: 'wx', mode: 0o644 }));
  await filling;
}

/** Identities from an age identity file (`age-keygen`'s output; comments and blank lines ignored). */
export async function readIdentities(path: string): Promise<string[]> {
  const text = await readFile(path, 'utf8').catch((e: NodeJS.ErrnoException) => {
    throw new UserInputError(
      path,
      '--identity',
      `cannot be read (${e.code ?? e.message}): name an age identity file, as made by age-keygen or trialgate holdout keygen`,
    );
  });
  const identities = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  if (!identities.length || identities.some((l) => !l.startsWith('AGE-SECRET-KEY-')))
    throw new UserInputError(path, '--identity', 'holds no age identity (a line AGE-SECRET-KEY-1…): name the private key the holdout was sealed to');
  return identities;
}

/**
 * Open `file` with `identities` into `out` (an empty or new directory). Entries are written only below
 * `out`, as regular files and directories: a name that climbs out or a link in the archive is refused.
 */
export async function openSealed(file: string, identities: readonly string[], out: string): Promise<string[]> {
  const { Decrypter } = await age();
  const decrypter = new Decrypter();
  for (const identity of identities) decrypter.addIdentity(identity);
  let plain: ReadableStream<Uint8Array>;
  try {
    plain = await decrypter.decrypt(Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>);
  } catch (e) {
    throw new UserInputError(
      file,
      '',
      `cannot be opened with the identity given (${(e as Error).message}): it was sealed to another key, or is not an age file`,
    );
  }
  await mkdir(out, { recursive: true });
  const written: string[] = [];
  const entries = extract();
  entries.on('entry', (header, stream, next) => {
    const name = header.name.replace(/\/+$/, '');
    const fail = (why: string) => {
      stream.on('error', () => {});
      stream.resume();
      next(new UserInputError(file, name, why));
    };
    if (header.type === 'directory') {
      stream.resume();
      return next();
    }
    if (header.type !== 'file') return fail(`is a ${header.type} entry: the sealed detail holds only files and directories`);
    let handle: { fd: number; path: string };
    try {
      handle = openInside(out, name);
    } catch (e) {
      return fail((e as Error).message);
    }
    written.push(name);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        try {
          for (let n = 0; n < chunk.length;) n += writeSync(handle.fd, chunk, n, chunk.length - n);
          done();
        } catch (e) {
          done(e as Error);
        }
      },
      final(done) {
        closeSync(handle.fd);
        done();
      },
    });
    pipeline(stream, sink).then(
      () => next(),
      (e: Error) => entries.destroy(e),
    );
  });
  await pipeline(Readable.fromWeb(plain as never), createGunzip(), entries);
  return written;
}
