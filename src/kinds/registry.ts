// The task kinds by name: the one place that knows every implementation of the contract.
import type { AcceptanceSpec } from '../schemas/acceptance.ts';
import { commandKind } from './command/kind.ts';
import type { TaskKind } from './contract.ts';
import { httpCasesKind } from './http-cases/kind.ts';
import { toolsKind } from './tools/kind.ts';

const KINDS: Record<AcceptanceSpec['kind'], TaskKind> = {
  'http-cases': httpCasesKind,
  command: commandKind,
  tools: toolsKind,
};

export function kindOf(acceptance: AcceptanceSpec): TaskKind {
  return KINDS[acceptance.kind];
}
