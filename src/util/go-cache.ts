// The fix for Go that could not use its caches where trialgate runs it: a sandbox shows a build cache
// read-only (a cache the candidate's code could write would reach the next trial) and has no network, so
// a build cache must be warmed, and modules downloaded, outside it first (docs/first-task.md, docs/code-tasks.md).
// What Go said in, one sentence out, or undefined when it said nothing of its caches.
import { existsSync } from 'node:fs';
import { isAbsolute, join, normalize } from 'node:path';

const WARM = 'again after changing the code or the tests (docs/code-tasks.md)';

/** How to warm the cache `dir`: build what the command builds, its tests included, outside the sandbox. */
const warm = (dir: string) =>
  `warm it outside the sandbox by building what the command builds, its tests included (tests laid beside the code: ` +
  `t=$(mktemp -d) && cp -R <repository>/. "$t" && cp <hidden tests> "$t" && (cd "$t" && GOCACHE=${dir} go test -c -o /dev/null .); ` +
  `a service: GOCACHE=${dir} go build), ${WARM}`;

/**
 * The one command that warms the cache for an acceptance command that builds test files the fixture holds
 * (`GOCACHE="$PWD/../../.trialgate/go-build" … go test -json hidden/pages_test.go`, the code starter's): both
 * paths absolute, so it runs from anywhere. Undefined for any other shape (the tests laid beside the code in a
 * copy, the candidate's own files), whose command the general advice describes.
 */
export function warmCommand(command: string, fixtureDir: string): string | undefined {
  const cache = /\bGOCACHE=(?:"\$PWD\/([^"$]+)"|\$PWD\/(\S+)|"(\/[^"$]+)"|(\/\S+))/.exec(command);
  const test = /\bgo test\b([^|;&]*)/.exec(command);
  if (!cache || !test || /\bcd\b/.test(command.slice(0, test.index))) return undefined;
  const files = test[1]!.split(/\s+/).filter((word) => /^[\w./-]+_test\.go$/.test(word) && !isAbsolute(word));
  if (!files.length || !files.every((f) => existsSync(join(fixtureDir, f)))) return undefined;
  const relative = cache[1] ?? cache[2];
  const dir = relative ? join(fixtureDir, relative) : normalize((cache[3] ?? cache[4])!);
  return `GOCACHE=${dir} go test -c -o /dev/null ${files.map((f) => join(fixtureDir, f)).join(' ')}`;
}

/** What Go said in, the fix out; `warm`, the exact command that warms the cache (warmCommand), where it is known. */
export function goCacheFix(output: string, warmExactly?: string): string | undefined {
  const cold = /failed to initialize build cache at (\S+?): .*read-only file system/.exec(output);
  if (cold) {
    const dir = normalize(cold[1]!);
    return `Go's build cache ${dir} is read-only in the sandbox and was never warmed: ${warmExactly ? `warm it outside the sandbox: ${warmExactly}, ${WARM}` : warm(dir)}; or give the command a cache of its own, GOCACHE=$(mktemp -d)`;
  }
  // A standard package is always in GOROOT: Go says it is not when it must build it and cannot write the read-only
  // cache. Go says the same of an import that names no package at all (a dotless typo, "utils"): that one's
  // directory, which Go names, is not there (the sandbox shows GOROOT at the host's path).
  const std = /package ([a-z0-9]+(?:\/[a-z0-9]+)*) is not in GOROOT \(([^)\n]+)\)/.exec(output);
  if (std && existsSync(std[2]!))
    return `Go's build cache holds no build of the standard package ${std[1]!}, and the sandbox shows the cache read-only, so Go cannot build it there (it says "not in GOROOT"): ${warmExactly ? `warm it outside the sandbox: ${warmExactly}, ${WARM}` : warm('<the directory GOCACHE names>')}`;
  if (/build cache is required, but could not be located/.test(output))
    return (
      'Go finds no build cache where the code runs (no GOCACHE, no HOME): set GOCACHE in the command, to a warmed directory listed in ' +
      `fixture.json's "readable" (GOCACHE="$PWD/../../.trialgate/go-build", warmed outside the sandbox as docs/first-task.md shows; ${WARM}), or to $(mktemp -d)`
    );
  if (/go: downloading /.test(output) && /read-only file system|could not create module cache|dial tcp|no such host|GOPROXY/.test(output))
    return (
      'Go could not download a module where the code runs: the sandbox has no network and shows its caches read-only. Download the modules ' +
      'outside it (GOMODCACHE=<project>/.trialgate/go-mod go mod download, in the repository), list that directory in fixture.json\'s "readable" ' +
      'and set GOMODCACHE to it and GOFLAGS=-mod=mod GOPROXY=off in the command; or vendor them (go mod vendor) and build with -mod=vendor'
    );
  return undefined;
}
