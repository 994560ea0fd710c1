import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { CohortResources } from '@sfida/core/resources';
import { fakeUser } from '../../testing/fake-user';
import { fakeServer, json, renderApp, resetTestState } from '../../testing/test-utils';
import ResourcesPage from './resources-page';

afterEach(resetTestState);

const user = fakeUser({ cohortId: 'autunno' });

function serve(resources: CohortResources) {
  return fakeServer(user, (call) => (call.path === '/api/cohorts/autunno/resources' ? json(resources) : undefined));
}

describe('Risorse', () => {
  it('says "In arrivo" for both sections while the cohort has none, and keeps the ricettario', async () => {
    const calls = serve({ guide: [], strumenti: [] });
    renderApp('/risorse', <ResourcesPage />);
    for (const name of ['Guide Pratiche', 'Strumenti']) {
      expect(await within(await screen.findByRole('region', { name })).findByText('In arrivo')).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Scarica il ricettario (PDF)' })).toHaveAttribute('href', '/downloads/ricettario-veloce.pdf');
    expect(calls.some((call) => call.path === '/api/cohorts/autunno/resources')).toBe(true);
  });

  it("lists a section's PDFs and links in order, and says \"In arrivo\" only where nothing was added", async () => {
    serve({
      guide: [
        { id: 'f1', section: 'guide', kind: 'file', title: 'Dormire bene', description: 'Sette abitudini per la sera', bytes: 1536 * 1024, access: 'BASE', mayOpen: true },
        { id: 'l1', section: 'guide', kind: 'link', title: 'Video sullo stress', url: 'https://video.esempio.it/stress', access: 'GUIDA', mayOpen: true },
      ],
      strumenti: [],
    });
    renderApp('/risorse', <ResourcesPage />);
    const guides = await screen.findByRole('region', { name: 'Guide Pratiche' });
    const items = within(await within(guides).findByRole('list', { name: 'Guide Pratiche' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const pdf = within(items[0]!).getByRole('link', { name: 'Dormire bene (PDF, 1,5 MB)' });
    expect(pdf).toHaveAttribute('href', '/api/cohorts/autunno/resources/f1/file');
    expect(pdf).toHaveAttribute('download');
    expect(items[0]).toHaveTextContent('Sette abitudini per la sera');
    const link = within(items[1]!).getByRole('link', { name: 'Video sullo stress (si apre in una nuova scheda)' });
    expect(link).toHaveAttribute('href', 'https://video.esempio.it/stress');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(guides).queryByText('In arrivo')).toBeNull();
    expect(within(guides).getByText('Disponibile')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Strumenti' })).getByText('In arrivo')).toBeInTheDocument();
  });

  it('a resource reserved to another package shows with what it takes, and no link', async () => {
    serve({
      guide: [{ id: 'f2', section: 'guide', kind: 'file', title: 'Piano Premium', bytes: 2048, access: 'PREMIUM', mayOpen: false }],
      strumenti: [],
    });
    renderApp('/risorse', <ResourcesPage />);
    const guides = await screen.findByRole('region', { name: 'Guide Pratiche' });
    const [item] = within(await within(guides).findByRole('list', { name: 'Guide Pratiche' })).getAllByRole('listitem');
    expect(item).toHaveTextContent('Piano Premium');
    expect(item).toHaveTextContent('Riservata: per aprirla serve il pacchetto Premium.');
    expect(within(item!).queryByRole('link')).toBeNull();
  });
});
