import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  packageRoot
} from "./chunk-OMHBE2A7.js";

// src/cli/paths.ts
import { join, relative } from "node:path";
function builtinFixture(name) {
  return join(packageRoot(), "fixtures", name);
}
function runDirName(prefix, now = /* @__PURE__ */ new Date()) {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace(/\..*$/, "").replace("T", "-");
  return `${prefix}-${stamp}-${Math.random().toString(36).slice(2, 6)}`;
}
function displayPath(path, cwd) {
  return path.startsWith(cwd + "/") ? relative(cwd, path) : path;
}

export {
  builtinFixture,
  runDirName,
  displayPath
};
