import { attentionCodeSchema, type AttentionReason, type RosterRow } from '@sfida/core/coach';

/** The contract lists the codes most urgent first. */
const URGENCY: readonly string[] = attentionCodeSchema.options;

const urgencyOf = (reason: AttentionReason) => URGENCY.indexOf(reason.code);

/** A row's reasons, most urgent first. */
export function sortedReasons(row: RosterRow): AttentionReason[] {
  return [...row.attention].sort((a, b) => urgencyOf(a) - urgencyOf(b));
}

/**
 * "Da contattare oggi": the participants still in the cohort with a reason, the one with the
 * most urgent reason first, then the one with more reasons, then by name.
 */
export function needingAttention(rows: RosterRow[]): RosterRow[] {
  const top = (row: RosterRow) => Math.min(...row.attention.map(urgencyOf));
  return rows
    .filter((row) => !row.withdrawn && row.attention.length > 0)
    .sort((a, b) => top(a) - top(b) || b.attention.length - a.attention.length || a.name.localeCompare(b.name, 'it'));
}
