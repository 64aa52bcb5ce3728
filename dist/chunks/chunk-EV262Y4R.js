import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);

// src/cli/paths.ts
import { existsSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
function packageRoot() {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "fixtures", "inventory", "fixture.json"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error("trialgate: cannot find its built-in fixtures/ next to the package");
    dir = parent;
  }
  return dir;
}
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
  packageRoot,
  builtinFixture,
  runDirName,
  displayPath
};
