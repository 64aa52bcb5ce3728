// The task kinds by name: the one place that knows every implementation of the contract, binds a kind
// to its task's settings and picks a fixture's default kind.
import type { Fixture } from '../fixture/load.ts';
import { Acceptance, type AcceptanceSpec } from '../schemas/acceptance.ts';
import { sectionOf } from '../schemas/kinds.ts';
import { codeKind } from './code/kind.ts';
import { commandKind } from './command/kind.ts';
import type { AcceptorCheckOptions, BoundKind, KindName, SettingsOf, TaskKind } from './contract.ts';
import { httpCasesKind } from './http-cases/kind.ts';
import { toolsKind } from './tools/kind.ts';

const KINDS: { [K in KindName]: TaskKind<SettingsOf<K>> } = {
  'http-cases': httpCasesKind,
  command: commandKind,
  'reservation-tools': toolsKind,
  code: codeKind,
};

/** The kind of `settings`, bound to them. */
export function kindOf<K extends KindName>(settings: SettingsOf<K>): BoundKind {
  const kind: TaskKind<SettingsOf<K>> = KINDS[settings.kind as K];
  return {
    name: kind.name,
    capabilities: kind.capabilities,
    settings,
    acceptorVersion: kind.acceptorVersion(settings),
    passEnv: kind.passEnv(settings),
    checkFixture: (fixture) => kind.checkFixture(fixture, settings),
    checkLabels: (fixture) => kind.checkLabels(fixture, settings),
    run: (trial) => kind.run(trial, settings),
    validate: (options) => kind.validate(options, settings),
    ...(kind.evidenceAuthor ? { evidenceAuthor: (path: string) => kind.evidenceAuthor!(path) } : {}),
    ...(kind.checkAcceptor ? { checkAcceptor: (options: AcceptorCheckOptions) => kind.checkAcceptor!(options, settings) } : {}),
    ...(kind.replayableUse ? { replayableUse: (fixture: Fixture, candidateDir?: string) => kind.replayableUse!(fixture, settings, candidateDir) } : {}),
  };
}

/** A fixture's acceptor when no task names one: its own, else the kind whose section it has, else http-cases. */
export function defaultAcceptance(fixture: Fixture): AcceptanceSpec {
  const { manifest } = fixture;
  if (manifest.acceptance) return manifest.acceptance;
  return Acceptance.parse(sectionOf(manifest)?.kind.name ?? 'http-cases');
}
