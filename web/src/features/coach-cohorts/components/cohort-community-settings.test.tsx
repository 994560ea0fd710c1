import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { CoachCohort } from '@sfida/core/coach';
import { cohortInfoQueryKey } from '../../../lib/cohort-info';
import { json, renderApp, resetTestState, type ApiCall } from '../../../testing/test-utils';
import { fakeCoachServer, fakeCohort } from '../../../testing/coach-fixtures';

afterEach(resetTestState);

const COHORT = '/api/coach/cohorts/cohort-1';

/** The coach's server: one cohort whose settings PATCH changes, refusing a link that is not https as the API does. */
function settingsServer(initial: Partial<CoachCohort> = {}) {
  let cohort = fakeCohort(initial);
  const calls = fakeCoachServer((call: ApiCall) => {
    if (call.path === '/api/coach/cohorts') return json([cohort]);
    if (call.path.startsWith(`${COHORT}/participants`)) return json({ rows: [], nextCursor: null });
    if (call.path === '/api/cohorts/cohort-1/events') return json({ events: [] });
    if (call.path === COHORT && call.method === 'PATCH') {
      const body = call.body as Pick<CoachCohort, 'communityLink' | 'reservedEventsText'>;
      if (body.communityLink !== null && !body.communityLink.startsWith('https://')) {
        return json({ message: 'Il link della community deve iniziare con https://' }, 400);
      }
      cohort = { ...cohort, ...body };
      const { participantCount: _count, ...answer } = cohort;
      return json(answer);
    }
    return undefined;
  });
  return { calls, patches: () => calls.filter((call) => call.method === 'PATCH' && call.path === COHORT).map((call) => call.body) };
}

const form = async () => within(await screen.findByRole('form', { name: 'Community ed eventi' }));

describe('the cohort’s community link and reserved events, in the console', { timeout: 20_000 }, () => {
  it('refuses a link that is not https with the Italian message, then saves the fixed one and marks the participants’ copy stale', async () => {
    const server = settingsServer();
    const { user, queryClient } = renderApp('/coach/cohort-1/impostazioni');
    queryClient.setQueryData(cohortInfoQueryKey('cohort-1'), { id: 'cohort-1' });
    const settings = await form();
    const link = settings.getByLabelText('Link della community');
    expect(link).toHaveValue('');
    expect(settings.getByLabelText('Come partecipare agli eventi riservati')).toHaveValue('');

    await user.type(link, 'http://chat.whatsapp.com/autunno');
    await user.click(settings.getByRole('button', { name: 'Salva impostazioni' }));
    expect(await settings.findByRole('alert')).toHaveTextContent('Il link della community deve iniziare con https://');

    await user.clear(link);
    await user.type(link, 'https://chat.whatsapp.com/autunno');
    await user.click(settings.getByRole('button', { name: 'Salva impostazioni' }));
    expect(await screen.findByText('Impostazioni salvate')).toBeInTheDocument();
    expect(settings.queryByRole('alert')).toBeNull();
    expect(server.patches().at(-1)).toEqual({ communityLink: 'https://chat.whatsapp.com/autunno', reservedEventsText: null });
    expect(queryClient.getQueryState(cohortInfoQueryKey('cohort-1'))?.isInvalidated).toBe(true);
  });

  it('writes what it takes to join a reserved event, in the coach’s words, then clears it and the link', async () => {
    const server = settingsServer({ communityLink: 'https://t.me/autunno' });
    const { user } = renderApp('/coach/cohort-1/impostazioni');
    const settings = await form();
    expect(settings.getByLabelText('Link della community')).toHaveValue('https://t.me/autunno');
    // Who may join is each event's own: no switch for the whole cohort.
    expect(settings.queryByRole('checkbox')).toBeNull();

    const text = settings.getByLabelText('Come partecipare agli eventi riservati');
    await user.type(text, 'Scrivici su WhatsApp per passare al pacchetto Premium.');
    await user.click(settings.getByRole('button', { name: 'Salva impostazioni' }));
    expect(await screen.findByText('Impostazioni salvate')).toBeInTheDocument();
    expect(server.patches().at(-1)).toEqual({ communityLink: 'https://t.me/autunno', reservedEventsText: 'Scrivici su WhatsApp per passare al pacchetto Premium.' });

    await user.clear(text);
    await user.clear(settings.getByLabelText('Link della community'));
    await user.click(settings.getByRole('button', { name: 'Salva impostazioni' }));
    await expect.poll(() => server.patches()).toHaveLength(2);
    expect(server.patches().at(-1)).toEqual({ communityLink: null, reservedEventsText: null });
  });
});
