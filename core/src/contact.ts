import type { AttentionCode } from './coach';
import { checkInOccurrence, reasonKey, type KeyedReason } from './triage';

// What counts as a coach's contact with a participant, and what it settles, wherever the coach
// made it: a reply to a check-in, a message in the conversation, or "Contattato" in the triage (a
// call, a chat outside the app). Every path of contact on the server applies this rule in the same
// write as the contact itself, so the person leaves "Da fare oggi" for what was handled and their
// check-ins leave "Check-in da leggere".

export const contactKinds = ['checkInReply', 'conversationMessage', 'call'] as const;
/** How a coach reached a participant. */
export type ContactKind = (typeof contactKinds)[number];

/**
 * The triage reasons each kind of contact clears. Writing to someone answers how they feel (a low
 * or falling mood); it does not make them active again: inactivity, a missing check-in or planner
 * and a start not chosen wait for the participant's own return (their next sync works them out
 * again) or for a "Rimanda a…". "Contattato" is the coach saying the item itself is dealt with, so
 * it clears every reason the item shows, as it always did.
 */
export const reasonsClearedBy: Record<ContactKind, readonly AttentionCode[]> = {
  checkInReply: ['lowMood', 'moodDrop'],
  conversationMessage: ['lowMood', 'moodDrop'],
  call: ['lowMood', 'moodDrop', 'noActivity', 'noHabits2Days', 'missingCheckIn', 'noPlanner', 'notStarted'],
};

/**
 * Whether a contact of this kind counts as the coach having read the participant's open check-ins.
 * A reply answers one check-in (it is then replied, not just read) and says nothing of the others.
 */
export const contactReadsCheckIns: Record<ContactKind, boolean> = {
  checkInReply: false,
  conversationMessage: true,
  call: true,
};

/** The reasons of `reasons` a contact of `kind` clears. */
export function reasonsClearedOf(kind: ContactKind, reasons: readonly KeyedReason[]): KeyedReason[] {
  const cleared = reasonsClearedBy[kind];
  return reasons.filter((reason) => cleared.includes(reason.code));
}

/**
 * The keys a written contact marks handled, without working the triage out: the mood reasons the
 * latest check-in (of `latestWeek`) may have raised. A reply to an older check-in (`repliedWeek`
 * before the latest) clears nothing: the mood the triage shows is a later one's.
 */
export function keysClearedByWriting(kind: Exclude<ContactKind, 'call'>, latestWeek: number | null, repliedWeek: number | null = null): string[] {
  if (latestWeek === null) return [];
  if (kind === 'checkInReply' && repliedWeek !== latestWeek) return [];
  return reasonsClearedBy[kind].map((code) => reasonKey(code, checkInOccurrence(latestWeek)));
}
