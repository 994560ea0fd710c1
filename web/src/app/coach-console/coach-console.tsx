import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, Route, Routes } from 'react-router-dom';
import { rememberCoachUnread } from '../../lib/coach-unread';
import { useUnreadConversations } from '../../features/coach-conversations/api/conversations';
import { CoachEventsPage } from '../../features/coach-events/components/coach-events-page';
import { CheckInsPage } from './check-ins-page';
import { CohortLayout } from './cohort-layout';
import {
  CohortEventsTab,
  CohortMessagesTab,
  CohortParticipantsTab,
  CohortProgressTab,
  CohortResourcesTab,
  CohortSettingsTab,
  CohortTeamsTab,
  CohortTodayTab,
} from './cohort-tabs';
import { CohortsPage } from '../../features/coach-cohorts/components/cohorts-page';
import { ConversationListPage } from '../../features/coach-conversations/components/conversation-list-page';
import { ConversationThreadPage } from '../../features/coach-conversations/components/conversation-thread-page';
import { ParticipantCheckIns } from '../../features/coach-check-ins/components/participant-check-ins';
import { ParticipantPage } from '../../features/coach-roster/components/participant-page/participant-page';
import { TodayPage } from './today-page';

/**
 * The coach console (/coach/*): one lazily loaded chunk with its own routes, so participants never
 * download it. The app's router lets only coaches (OWNER) in. It composes the pages of the coach
 * features (features/coach-*), which never import one another. Its named pages (coorti, eventi, …)
 * come before a cohort's id, which never takes those names. A cohort is a layout with a tab per
 * part, each part a screen with its own address; a participant's page is a screen of its own.
 */
export default function CoachConsole() {
  return (
    <>
      <UnreadConversationsCount />
      <ConsoleRoutes />
    </>
  );
}

/** Gives the navigation's "Conversazioni" its count whenever the console learns it. */
function UnreadConversationsCount() {
  const queryClient = useQueryClient();
  const unread = useUnreadConversations();
  useEffect(() => {
    if (unread !== undefined) rememberCoachUnread(queryClient, unread);
  }, [queryClient, unread]);
  return null;
}

function ConsoleRoutes() {
  return (
    <Routes>
      <Route index element={<TodayPage />} />
      <Route path="coorti" element={<CohortsPage />} />
      <Route path="eventi" element={<CoachEventsPage />} />
      <Route path="conversazioni" element={<ConversationListPage />} />
      <Route path="conversazioni/:cohortId/:userId" element={<ConversationThreadPage />} />
      <Route path="check-in" element={<CheckInsPage />} />
      <Route path=":cohortId/partecipanti/:userId" element={<ParticipantPage CheckIns={ParticipantCheckIns} />} />
      <Route path=":cohortId" element={<CohortLayout />}>
        <Route index element={<CohortTodayTab />} />
        <Route path="partecipanti" element={<CohortParticipantsTab />} />
        <Route path="andamento" element={<CohortProgressTab />} />
        <Route path="messaggi" element={<CohortMessagesTab />} />
        <Route path="eventi" element={<CohortEventsTab />} />
        <Route path="risorse" element={<CohortResourcesTab />} />
        <Route path="squadre" element={<CohortTeamsTab />} />
        <Route path="impostazioni" element={<CohortSettingsTab />} />
      </Route>
      <Route path="*" element={<Navigate to="/coach" replace />} />
    </Routes>
  );
}
