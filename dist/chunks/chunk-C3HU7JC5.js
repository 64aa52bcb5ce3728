import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);

// src/util/unzip.ts
import { mkdir, open, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, join, normalize, sep } from "node:path";
import { inflateRawSync } from "node:zlib";
var CorruptZipError = class extends Error {
  name = "CorruptZipError";
};
var EOCD_SIGNATURE = 101010256;
var CENTRAL_SIGNATURE = 33639248;
var LOCAL_SIGNATURE = 67324752;
var EOCD_MIN = 22;
var MAX_COMMENT = 65535;
async function extractZip(zipPath, destination) {
  const handle = await open(zipPath, "r");
  try {
    const { size } = await handle.stat();
    const entries = await readCentralDirectory(handle, size);
    const written = [];
    for (const entry of entries) {
      if (entry.name.endsWith("/")) continue;
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
async function readCentralDirectory(handle, fileSize) {
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
  if (eocd < 0) throw new CorruptZipError("not a zip: no end-of-central-directory record (truncated or not a zip file)");
  const count = tail.readUInt16LE(eocd + 10);
  const cdSize = tail.readUInt32LE(eocd + 12);
  const cdOffset = tail.readUInt32LE(eocd + 16);
  if (cdOffset === 4294967295 || count === 65535) throw new CorruptZipError("zip64 archives are not supported");
  if (cdOffset + cdSize > fileSize) throw new CorruptZipError("central directory lies outside the file (truncated zip)");
  const cd = await readAt(handle, cdOffset, cdSize);
  const entries = [];
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
      name: cd.toString("utf8", at + 46, at + 46 + nameLength)
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
async function readEntry(handle, entry, fileSize) {
  const header = await readAt(handle, entry.localOffset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_SIGNATURE) throw new CorruptZipError(`${entry.name}: local header is damaged`);
  const dataStart = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (dataStart + entry.compressedSize > fileSize) throw new CorruptZipError(`${entry.name}: data runs past the end of the file (truncated zip)`);
  const raw = await readAt(handle, dataStart, entry.compressedSize);
  let data;
  if (entry.method === 0) data = raw;
  else if (entry.method === 8) {
    try {
      data = inflateRawSync(raw);
    } catch (error) {
      throw new CorruptZipError(`${entry.name}: cannot inflate (${error.message})`);
    }
  } else throw new CorruptZipError(`${entry.name}: compression method ${entry.method} is not supported`);
  if (data.length !== entry.size) throw new CorruptZipError(`${entry.name}: ${data.length} bytes, the directory says ${entry.size}`);
  if (crc32(data) !== entry.crc) throw new CorruptZipError(`${entry.name}: CRC mismatch`);
  return data;
}
async function readAt(handle, position, length) {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}
function safeTarget(destination, name) {
  const relative = normalize(name);
  if (isAbsolute(relative) || relative === ".." || relative.startsWith(`..${sep}`)) {
    throw new CorruptZipError(`${name}: entry path leaves the extraction directory`);
  }
  return join(destination, relative);
}
var CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 3988292384 ^ c >>> 1 : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();
function crc32(data) {
  let crc = 4294967295;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 255] ^ crc >>> 8;
  return (crc ^ 4294967295) >>> 0;
}

export {
  CorruptZipError,
  extractZip,
  crc32
};
