// A variant report as an acceptor writes it, from its records alone: for tests of the judge and of what is
// shown of its judgements (the hashes empty: a standalone report, not bound to a trial).
import type { Report, ReportRecord } from '../../src/schemas/report.ts';

export function variantReport(fault: string, records: ReportRecord[]): Report {
  return {
    fault,
    planned: records.length,
    executed: records.length,
    complete: true,
    blocked: false,
    records,
    candidate_sha256: '',
    variant_sha256: '',
    fixture_sha256: '',
    started_at: '',
  };
}
