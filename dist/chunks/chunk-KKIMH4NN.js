import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  UserInputError
} from "./chunk-JUOIWDMS.js";

// src/util/safe-write.ts
import { closeSync, constants, lstatSync, mkdirSync, openSync, readlinkSync, realpathSync, rmSync, writeSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, sep } from "node:path";
async function writeInside(root, relPath, data, scrubber) {
  const bytes = typeof data === "string" ? Buffer.from(scrubber ? scrubber.text(data) : data) : scrubber ? scrubber.bytes(data) : data;
  const { fd, path } = openInside(root, relPath);
  try {
    writeAll(fd, bytes);
  } finally {
    closeSync(fd);
  }
  return path;
}
async function writeNamedFile(path, data, scrubber) {
  return writeInside(realpathSync(dirname(path)), basename(path), data, scrubber);
}
function makeOutputDir(dir, root, option) {
  const below = relative(root, dir);
  const inside = below !== "" && !below.startsWith("..") && !isAbsolute(below);
  let at = inside ? root : dirname(dir);
  for (const part of inside ? below.split(sep) : [basename(dir)]) {
    at = join(at, part);
    const stats = lstatSync(at, { throwIfNoEntry: false });
    if (stats?.isSymbolicLink())
      throw new UserInputError(
        at,
        option,
        `is a symbolic link (to ${readlinkSync(at)}): a run is never written through a link trialgate did not make; remove it, or name another directory`
      );
  }
  mkdirSync(dir, { recursive: true });
}
async function writePiecesInside(root, relPath, pieces, scrubber) {
  const { fd, path } = openInside(root, relPath);
  try {
    for await (const piece of pieces) writeAll(fd, Buffer.from(scrubber.text(piece)));
  } finally {
    closeSync(fd);
  }
  return path;
}
function writeAll(fd, bytes) {
  for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written, bytes.length - written);
}
function openInside(root, relPath) {
  if (!lstatSync(root).isDirectory()) throw new Error(`${root} is not a directory: refusing to write into it`);
  const parts = relPath.split("/");
  if (parts.some((part) => part === "" || part === "." || part === ".." || part.includes("\0")))
    throw new Error(`${JSON.stringify(relPath)} is not a path below ${root}: refusing to write it`);
  let dir = root;
  for (const part of parts.slice(0, -1)) {
    dir = join(dir, part);
    const stats = lstatSync(dir, { throwIfNoEntry: false });
    if (stats?.isDirectory()) continue;
    if (stats) rmSync(dir, { force: true });
    try {
      mkdirSync(dir);
    } catch (e) {
      if (e.code !== "EEXIST") throw e;
    }
    if (!lstatSync(dir).isDirectory()) throw new Error(`${dir} is not a directory: refusing to write into it`);
  }
  const path = join(dir, parts.at(-1));
  const existing = lstatSync(path, { throwIfNoEntry: false });
  if (existing && !existing.isFile()) rmSync(path, { recursive: true, force: true });
  return { fd: openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW, 420), path };
}

export {
  writeInside,
  writeNamedFile,
  makeOutputDir,
  writePiecesInside,
  openInside
};
