// Starts the loopback GitHub and points this process's environment at it. Call it before importing
// anything that imports @actions/* (they read GITHUB_API_URL and the event at import time; see the
// header of fake-github.ts), then `await import()` the modules under test.
import { after } from 'node:test';
import { startFakeGitHub } from './fake-github.ts';
import type { FakeGitHub } from './fake-github.ts';

export async function useFakeGitHub(): Promise<FakeGitHub> {
  const fake = await startFakeGitHub();
  Object.assign(process.env, fake.env());
  after(() => fake.close());
  return fake;
}
