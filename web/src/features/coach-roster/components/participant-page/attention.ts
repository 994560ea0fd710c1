import { attentionCodeSchema, type AttentionReason, type RosterRow } from '@sfida/core/coach';

/** The contract lists the codes most urgent first. */
const URGENCY: readonly string[] = attentionCodeSchema.options;

const urgencyOf = (reason: AttentionReason) => URGENCY.indexOf(reason.code);

/** A row's reasons, most urgent first. */
export function sortedReasons(row: RosterRow): AttentionReason[] {
  return [...row.attention].sort((a, b) => urgencyOf(a) - urgencyOf(b));
}
