/**
 * The cohorts migration: the INVITE_CODE secret becomes the code of a first cohort
 * (INVITE_COHORT_ID, every OWNER as its coach), users without a cohort join it, and the
 * leaderboard's weekly scores are written from the stored summaries (backfillWeeklyScores), and
 * participants without a roster digest get their tracker's (backfillRosterDigests), and those the
 * coaches' triage has never looked at are marked for its next look (backfillTriage), and the cohorts'
 * weekly figures ("Andamento") are rebuilt from every participant's tracker (rebuildWeekStats), and
 * every cohort's member index is built from the users (buildMemberIndexes), and voice notes stored
 * before their first deletable day was get it (backfillVoiceNoteRetention), and accounts stored before
 * their retention days were get them (backfillAccountRetention), and events stored before they said who
may join get it from their cohort's old "eventi riservati" switch (backfillEventAccess), and every
 * event's start is listed for the event-day email (backfillEventStarts), and every name gets the
 * coach's search's copy (backfillSearchNames), and every participant gets the row the coach's roster
 * reads (backfillRosterRows, after the digests it copies):
 *   INVITE_CODE=… GOOGLE_CLOUD_PROJECT=<project-id> npm run migrate-cohorts      a real project
 *   npm run migrate-cohorts -- --local                                          the stack of `npm start`
 * Idempotent: running it again changes nothing. Registration creates the cohort by itself the
 * first time INVITE_CODE is used, so this is needed only to move users without a cohort.
 */
import { loadConfig } from '../functions/src/config';
import { createDeps } from '../functions/src/deps';
import { ensureDefaultCohort } from '../functions/src/shared/default-cohort';
import { buildMemberIndexes } from '../functions/src/shared/member-index-repository';
import { backfillRosterRows } from '../functions/src/shared/roster-row-repository';
import { backfillRosterDigests, backfillWeeklyScores } from '../functions/src/features/tracker/migrations';
import { backfillTriage } from '../functions/src/features/triage/migrations';
import { backfillSearchNames } from '../functions/src/features/coach/migrations';
import { rebuildWeekStats } from '../functions/src/features/cohort-progress/migrations';
import { backfillVoiceNoteRetention } from '../functions/src/features/voice-notes/retention-job';
import { backfillAccountRetention } from '../functions/src/features/privacy/retention-job';
import { backfillEventAccess, backfillEventStarts } from '../functions/src/features/events/migrations';
import { emulatorEnv, LOCAL_INVITE_CODE, profiles } from './stack/profiles';

if (process.argv.includes('--local')) Object.assign(process.env, emulatorEnv(profiles.dev), { INVITE_CODE: LOCAL_INVITE_CODE });

try {
  const config = loadConfig({ WEB_API_KEY: 'unused-by-migrate-cohorts', ...process.env });
  const deps = await createDeps(config);
  const { cohortCreated, usersAssigned } = await ensureDefaultCohort(deps);
  const cohort = cohortCreated ? `creata la coorte ${config.inviteCohortId}` : `la coorte ${config.inviteCohortId} c'era già`;
  // After the cohorts: a summary counts for the cohort its user is in.
  const { summaries, scores } = await backfillWeeklyScores(deps);
  const digests = await backfillRosterDigests(deps);
  const triage = await backfillTriage(deps);
  const weekStats = await rebuildWeekStats(deps);
  const members = await buildMemberIndexes(deps);
  const voiceNotes = await backfillVoiceNoteRetention(deps);
  const accounts = await backfillAccountRetention(deps);
  const eventAccess = await backfillEventAccess(deps);
  const eventStarts = await backfillEventStarts(deps);
  const searchNames = await backfillSearchNames(deps);
  const rosterRows = await backfillRosterRows(deps);
  console.log(`${cohort}; utenti senza coorte spostati: ${usersAssigned} (progetto ${config.projectId}).`);
  console.log(`classifica: ${summaries} riepiloghi, ${scores} punteggi settimanali scritti.`);
  console.log(`elenco partecipanti: ${digests.written} riepiloghi scritti su ${digests.participants} partecipanti senza.`);
  console.log(`da fare oggi: ${triage.marked} partecipanti su ${triage.participants} da valutare alla prossima apertura.`);
  console.log(`andamento: ${weekStats.participants} partecipanti contati in ${weekStats.cohorts} coorti.`);
  console.log(`elenchi dei membri: ${members.participants} partecipanti in ${members.cohorts} coorti.`);
  console.log(`note vocali: ${voiceNotes.written} su ${voiceNotes.notes} con il giorno da cui si possono cancellare.`);
  console.log(`account: ${accounts.written} su ${accounts.users} con il giorno dell'avviso e dell'eliminazione.`);
  console.log(`eventi: ${eventAccess.events} con chi può partecipare, in ${eventAccess.cohorts} coorti; ${eventStarts.events} inizi elencati per le email del giorno.`);
  console.log(`ricerca: ${searchNames.written} nomi su ${searchNames.users} account pronti per la ricerca del coach.`);
  console.log(`elenco partecipanti: ${rosterRows.written} righe scritte su ${rosterRows.participants} partecipanti.`);
  process.exit(0);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
