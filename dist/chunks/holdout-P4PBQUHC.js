import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  generateX25519Identity,
  identityToRecipient
} from "./chunk-QPX4YP7G.js";
import {
  SEALED_FILE,
  openSealed,
  readIdentities
} from "./chunk-5PPB757Y.js";
import "./chunk-2EN6TGGC.js";
import {
  extractZip
} from "./chunk-C3HU7JC5.js";
import {
  displayPath
} from "./chunk-BILKXZIS.js";
import {
  EXIT,
  HOLDOUT,
  parseCommand
} from "./chunk-GPT4AU5Q.js";
import "./chunk-OMHBE2A7.js";
import "./chunk-KKIMH4NN.js";
import "./chunk-EYKO5LXT.js";
import {
  UserInputError
} from "./chunk-JUOIWDMS.js";
import "./chunk-HZGLYA5U.js";

// src/cli/holdout.ts
import { readdir, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
async function runHoldoutCli(argv, io) {
  const parsed = parseCommand(HOLDOUT, argv, io);
  if (typeof parsed === "number") return parsed;
  const values = parsed.values;
  const [verb, target] = parsed.positionals;
  if (verb === "keygen") return keygen(values.out, io);
  if (verb !== "open") throw new UserInputError(HOLDOUT.usage, verb ?? "", "open or keygen");
  if (!target) throw new UserInputError(HOLDOUT.usage, "open", "name a run directory, a holdout.tar.gz.age or a downloaded artefact (.zip)");
  if (!values.identity) throw new UserInputError(HOLDOUT.usage, "--identity", "name the age identity file of a key the holdout is sealed to");
  const input = resolve(io.cwd, target);
  const out = resolve(io.cwd, values.out ?? `${input.replace(/\.(zip|age)$/, "")}-holdout`);
  if ((await readdir(out).catch(() => [])).length) throw new UserInputError(out, "--out", "exists and is not empty: name a new directory");
  const identities = await readIdentities(resolve(io.cwd, values.identity));
  const unzipped = input.endsWith(".zip") ? await mkdtemp(join(tmpdir(), "trialgate-holdout-open-")) : null;
  try {
    if (unzipped) await extractZip(input, unzipped);
    const root = unzipped ?? input;
    const sealed = root.endsWith(".age") ? [root] : await findSealed(root);
    if (!sealed.length)
      throw new UserInputError(input, "", `holds no ${SEALED_FILE}: the run had no holdout task, or its trial set names no holdout.recipients`);
    for (const file of sealed) {
      const where = root.endsWith(".age") ? out : join(out, relative(root, dirname(file)));
      const files = await openSealed(file, identities, where);
      io.stdout(`${displayPath(file, io.cwd)}: ${files.length} files \u2192 ${displayPath(where, io.cwd)}
`);
    }
    return EXIT.ok;
  } finally {
    if (unzipped) await rm(unzipped, { recursive: true, force: true });
  }
}
async function findSealed(dir) {
  if (!(await stat(dir).catch(() => null))?.isDirectory())
    throw new UserInputError(dir, "", "not found: name a run directory, a holdout.tar.gz.age or an artefact .zip");
  const found = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name === SEALED_FILE) found.push(join(entry.parentPath, entry.name));
  }
  return found.sort();
}
async function keygen(out, io) {
  if (!out) throw new UserInputError(HOLDOUT.usage, "--out", "name the identity file to write, e.g. --out holdout-key.txt (keep it out of the repository)");
  const path = resolve(io.cwd, out);
  const identity = await generateX25519Identity();
  const recipient = await identityToRecipient(identity);
  await writeFile(path, `# created: ${(/* @__PURE__ */ new Date()).toISOString()}
# public key: ${recipient}
${identity}
`, { flag: "wx", mode: 384 }).catch(
    (e) => {
      throw new UserInputError(path, "--out", e.code === "EEXIST" ? "exists: an identity is never overwritten" : `cannot be written (${e.code})`);
    }
  );
  io.stdout(
    `wrote ${displayPath(path, io.cwd)} (the private key: keep it out of the repository)
add the public key to trialgate.yml:

holdout:
  recipients: [${recipient}]
`
  );
  return EXIT.ok;
}
export {
  runHoldoutCli
};
