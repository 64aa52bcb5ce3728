// A strict, small zip reader for downloaded artefacts: those the action downloads, and one given to
// `trialgate failures` (which runs without GitHub). @actions/artifact can extract for us, but on a
// corrupt or truncated zip its extractor errors or stalls, and it then retries five times with 5 s
// (or 30 s stall timeout) pauses; we download the raw zip instead and fail here at once, naming why.
// Reads entry by entry through a file handle, so memory stays bounded by the largest entry.
import { mkdir, open, writeFile } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { dirname, isAbsolute, join, normalize, sep } from 'node:path';
import { inflateRawSync } from 'node:zlib';

export class CorruptZipError extends Error {
  override readonly name = 'CorruptZipError';
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_MIN = 22;
const MAX_COMMENT = 0xffff;

interface Entry {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** Extract every file of `zipPath` under `destination`; returns the relative paths written. */
export async function extractZip(zipPath: string, destination: string): Promise<string[]> {
  const handle = await open(zipPath, 'r');
  try {
    const { size } = await handle.stat();
    const entries = await readCentralDirectory(handle, size);
    const written: string[] = [];
    for (const entry of entries) {
      if (entry.name.endsWith('/')) continue;
      const target = safeTarget(destination, entry.name);
      const data = await readEntry(handle, entry, size);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, data);
      written.push(entry.name);
    }
    return written;
  } finally {
    await handle.close();
  }
}

async function readCentralDirectory(handle: FileHandle, fileSize: number): Promise<Entry[]> {
  if (fileSize < EOCD_MIN) throw new CorruptZipError(`not a zip: ${fileSize} bytes, shorter than an end-of-central-directory record`);
  const tailLength = Math.min(fileSize, EOCD_MIN + MAX_COMMENT);
  const tail = await readAt(handle, fileSize - tailLength, tailLength);
  let eocd = -1;
  for (let i = tail.length - EOCD_MIN; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new CorruptZipError('not a zip: no end-of-central-directory record (truncated or not a zip file)');
  const count = tail.readUInt16LE(eocd + 10);
  const cdSize = tail.readUInt32LE(eocd + 12);
  const cdOffset = tail.readUInt32LE(eocd + 16);
  if (cdOffset === 0xffffffff || count === 0xffff) throw new CorruptZipError('zip64 archives are not supported');
  if (cdOffset + cdSize > fileSize) throw new CorruptZipError('central directory lies outside the file (truncated zip)');
  const cd = await readAt(handle, cdOffset, cdSize);
  const entries: Entry[] = [];
  let at = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > cd.length || cd.readUInt32LE(at) !== CENTRAL_SIGNATURE) throw new CorruptZipError(`central directory entry ${n + 1} is damaged`);
    const nameLength = cd.readUInt16LE(at + 28);
    const extraLength = cd.readUInt16LE(at + 30);
    const commentLength = cd.readUInt16LE(at + 32);
    entries.push({
      method: cd.readUInt16LE(at + 10),
      crc: cd.readUInt32LE(at + 16),
      compressedSize: cd.readUInt32LE(at + 20),
      size: cd.readUInt32LE(at + 24),
      localOffset: cd.readUInt32LE(at + 42),
      name: cd.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

async function readEntry(handle: FileHandle, entry: Entry, fileSize: number): Promise<Buffer> {
  const header = await readAt(handle, entry.localOffset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_SIGNATURE) throw new CorruptZipError(`${entry.name}: local header is damaged`);
  const dataStart = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (dataStart + entry.compressedSize > fileSize) throw new CorruptZipError(`${entry.name}: data runs past the end of the file (truncated zip)`);
  const raw = await readAt(handle, dataStart, entry.compressedSize);
  let data: Buffer;
  if (entry.method === 0) data = raw;
  else if (entry.method === 8) {
    try {
      data = inflateRawSync(raw);
    } catch (error) {
      throw new CorruptZipError(`${entry.name}: cannot inflate (${(error as Error).message})`);
    }
  } else throw new CorruptZipError(`${entry.name}: compression method ${entry.method} is not supported`);
  if (data.length !== entry.size) throw new CorruptZipError(`${entry.name}: ${data.length} bytes, the directory says ${entry.size}`);
  if (crc32(data) !== entry.crc) throw new CorruptZipError(`${entry.name}: CRC mismatch`);
  return data;
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** An entry name may not escape the destination (zip-slip). */
function safeTarget(destination: string, name: string): string {
  const relative = normalize(name);
  if (isAbsolute(relative) || relative === '..' || relative.startsWith(`..${sep}`)) {
    throw new CorruptZipError(`${name}: entry path leaves the extraction directory`);
  }
  return join(destination, relative);
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 as zip stores it (zlib.crc32 exists only from Node 20.15/22.2). */
export function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
