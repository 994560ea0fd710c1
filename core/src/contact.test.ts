import { describe, expect, it } from 'vitest';
import { emptyTracker, trackerDataSchema } from './tracker';
import { rosterDigest } from './roster-digest';
import { contactKinds, contactReadsCheckIns, keysClearedByWriting, reasonsClearedBy, reasonsClearedOf } from './contact';
import { contacted, keyedReasonsOf, noHandling, triageViewOf } from './triage';
import { attentionCodeSchema } from './coach';

const ZONE = 'Europe/Rome';
const START = '2026-03-23';

/** A participant who started with the cohort, ticked nothing for days, saved no planner and sent a week-1 check-in of mood `mood`. */
function reasonsOn(today: string, mood: number) {
  const data = trackerDataSchema.parse({
    ...emptyTracker(ZONE, new Date('2026-03-20T10:00:00Z'), START),
    habits: [{ id: 'h1', name: 'Camminare', createdAt: '2026-03-20T10:00:00.000Z' }],
    checkIns: [{ id: 'c1', mood, reflection: 'Fatica', date: '2026-03-27', weekNumber: 1, submittedAt: '2026-03-27T18:00:00.000Z' }],
  });
  return keyedReasonsOf({ digest: rosterDigest(data, today), challengeStartDate: START, cohortStartDate: START, registeredAt: '2026-03-10', today });
}

describe('what a contact clears', () => {
  it('names every attention reason for a call, and only the mood for written contact', () => {
    expect([...reasonsClearedBy.call].sort()).toEqual([...attentionCodeSchema.options].sort());
    expect(reasonsClearedBy.checkInReply).toEqual(['lowMood', 'moodDrop']);
    expect(reasonsClearedBy.conversationMessage).toEqual(['lowMood', 'moodDrop']);
  });

  it('lets a message and a call count as reading the open check-ins; a reply answers its own alone', () => {
    expect(contactKinds.filter((kind) => contactReadsCheckIns[kind])).toEqual(['conversationMessage', 'call']);
  });

  it('leaves inactivity open after a reply: only the participant’s return or a snooze clears it', () => {
    const reasons = reasonsOn('2026-03-28', 1);
    expect(reasons.map((r) => r.code)).toEqual(['lowMood', 'noHabits2Days', 'noPlanner']);
    const handling = contacted(reasonsClearedOf('checkInReply', reasons), noHandling);
    expect(triageViewOf(reasons, handling, '2026-03-28').open.map((r) => r.code)).toEqual(['noHabits2Days', 'noPlanner']);
    expect(triageViewOf(reasons, contacted(reasonsClearedOf('call', reasons), noHandling), '2026-03-28').open).toEqual([]);
  });

  it('derives the keys of the latest check-in’s mood, which the triage’s own look then finds handled', () => {
    const reasons = reasonsOn('2026-03-28', 1);
    const keys = keysClearedByWriting('conversationMessage', 1);
    const view = triageViewOf(reasons, { ...noHandling, handled: keys }, '2026-03-28');
    expect(view.open.map((r) => r.code)).toEqual(['noHabits2Days', 'noPlanner']);
    expect(view.handling.handled).toEqual(['lowMood:w1']);
  });

  it('clears nothing for a reply to an older check-in than the latest, or without any check-in', () => {
    expect(keysClearedByWriting('checkInReply', 3, 2)).toEqual([]);
    expect(keysClearedByWriting('checkInReply', 3, 3)).toEqual(['lowMood:w3', 'moodDrop:w3']);
    expect(keysClearedByWriting('conversationMessage', null)).toEqual([]);
  });
});
