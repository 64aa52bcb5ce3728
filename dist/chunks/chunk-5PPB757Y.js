import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  require_tar_stream
} from "./chunk-2EN6TGGC.js";
import {
  openInside
} from "./chunk-KKIMH4NN.js";
import {
  listEntries
} from "./chunk-EYKO5LXT.js";
import {
  UserInputError
} from "./chunk-JUOIWDMS.js";
import {
  __toESM
} from "./chunk-HZGLYA5U.js";

// src/holdout/seal.ts
var import_tar_stream = __toESM(require_tar_stream(), 1);
import { closeSync, createReadStream, createWriteStream, writeSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
var age = () => import("./dist-KQHWLSFT.js");
var SEALED_FILE = "holdout.tar.gz.age";
async function sealDirectory(dir, recipients, file) {
  const { Encrypter } = await age();
  const encrypter = new Encrypter();
  for (const recipient of recipients) encrypter.addRecipient(recipient);
  const tar = (0, import_tar_stream.pack)();
  const filling = (async () => {
    const skipped = [];
    for (const entry of await listEntries(dir)) {
      if (entry.kind === "dir") tar.entry({ name: entry.path, type: "directory", mode: 493 });
      else if (entry.kind === "file") {
        const sink = tar.entry({ name: entry.path, size: entry.size, mode: 420 });
        await pipeline(createReadStream(join(dir, entry.path), { flags: "r" }), sink);
      } else skipped.push(`${entry.path} (${entry.kind === "link" ? "a symbolic link" : "not a regular file"}: not followed)`);
    }
    if (skipped.length) tar.entry({ name: "SEALED.txt" }, `Left out of the sealed holdout detail:
${skipped.join("\n")}
`);
    tar.finalize();
  })();
  filling.catch((e) => tar.destroy(e));
  const gzipped = Readable.toWeb(tar.pipe(createGzip()));
  const encrypted = await encrypter.encrypt(gzipped);
  await pipeline(Readable.fromWeb(encrypted), createWriteStream(file, { flags: "wx", mode: 420 }));
  await filling;
}
async function readIdentities(path) {
  const text = await readFile(path, "utf8").catch((e) => {
    throw new UserInputError(
      path,
      "--identity",
      `cannot be read (${e.code ?? e.message}): name an age identity file, as made by age-keygen or trialgate holdout keygen`
    );
  });
  const identities = text.split("\n").map((l) => l.trim()).filter((l) => l && !l.startsWith("#"));
  if (!identities.length || identities.some((l) => !l.startsWith("AGE-SECRET-KEY-")))
    throw new UserInputError(path, "--identity", "holds no age identity (a line AGE-SECRET-KEY-1\u2026): name the private key the holdout was sealed to");
  return identities;
}
async function openSealed(file, identities, out) {
  const { Decrypter } = await age();
  const decrypter = new Decrypter();
  for (const identity of identities) decrypter.addIdentity(identity);
  let plain;
  try {
    plain = await decrypter.decrypt(Readable.toWeb(createReadStream(file)));
  } catch (e) {
    throw new UserInputError(
      file,
      "",
      `cannot be opened with the identity given (${e.message}): it was sealed to another key, or is not an age file`
    );
  }
  await mkdir(out, { recursive: true });
  const written = [];
  const entries = (0, import_tar_stream.extract)();
  entries.on("entry", (header, stream, next) => {
    const name = header.name.replace(/\/+$/, "");
    const fail = (why) => {
      stream.on("error", () => {
      });
      stream.resume();
      next(new UserInputError(file, name, why));
    };
    if (header.type === "directory") {
      stream.resume();
      return next();
    }
    if (header.type !== "file") return fail(`is a ${header.type} entry: the sealed detail holds only files and directories`);
    let handle;
    try {
      handle = openInside(out, name);
    } catch (e) {
      return fail(e.message);
    }
    written.push(name);
    const sink = new Writable({
      write(chunk, _encoding, done) {
        try {
          for (let n = 0; n < chunk.length; ) n += writeSync(handle.fd, chunk, n, chunk.length - n);
          done();
        } catch (e) {
          done(e);
        }
      },
      final(done) {
        closeSync(handle.fd);
        done();
      }
    });
    pipeline(stream, sink).then(
      () => next(),
      (e) => entries.destroy(e)
    );
  });
  await pipeline(Readable.fromWeb(plain), createGunzip(), entries);
  return written;
}

export {
  SEALED_FILE,
  sealDirectory,
  readIdentities,
  openSealed
};
