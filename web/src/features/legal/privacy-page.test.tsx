import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { privacyTexts } from '@sfida/core/privacy-texts';
import {
  ACCOUNT_RETENTION_MONTHS,
  BACKUP_DAYS,
  DEVICE_TOKEN_RETENTION_DAYS,
  PROGRAMME_MAINTENANCE_MONTHS,
  RETENTION_NOTICE_MONTHS,
  VOICE_NOTE_RETENTION_DAYS,
} from '@sfida/core/retention';
import { fakeServer, renderApp, resetTestState } from '../../testing/test-utils';

afterEach(resetTestState);

async function pageText(): Promise<string> {
  fakeServer(null);
  renderApp('/privacy');
  return (await screen.findByRole('article')).textContent ?? '';
}

describe('the privacy page', { timeout: 20_000 }, () => {
  it('states every retention figure the code enforces, read from core', async () => {
    const text = await pageText();
    expect(text).toContain(`per altri ${ACCOUNT_RETENTION_MONTHS} mesi`);
    expect(text).toContain(`${PROGRAMME_MAINTENANCE_MONTHS} mesi della fase di mantenimento`);
    expect(text).toContain(`Te lo diciamo ${RETENTION_NOTICE_MONTHS} ${RETENTION_NOTICE_MONTHS === 1 ? 'mese' : 'mesi'} prima`);
    expect(text).toContain(`${VOICE_NOTE_RETENTION_DAYS} giorni dopo la fine del tuo percorso`);
    expect(text).toContain(`per ${DEVICE_TOKEN_RETENTION_DAYS} giorni dall’ultimo accesso`);
    expect(text).toContain(`per al massimo ${BACKUP_DAYS} giorni`);
  });

  it('states no other duration than core’s', async () => {
    const text = await pageText();
    const figures = new Set([ACCOUNT_RETENTION_MONTHS, BACKUP_DAYS, DEVICE_TOKEN_RETENTION_DAYS, PROGRAMME_MAINTENANCE_MONTHS, RETENTION_NOTICE_MONTHS, VOICE_NOTE_RETENTION_DAYS]);
    const stated = [...text.matchAll(/(\d+) (?:giorni|giorno|mesi|mese)\b/g)].map((match) => Number(match[1]));
    expect(stated.length).toBeGreaterThanOrEqual(6);
    expect(stated.filter((figure) => !figures.has(figure))).toEqual([]);
  });

  it('links to the profile’s Privacy e dati', async () => {
    await pageText();
    expect(screen.getByRole('link', { name: 'Profilo → Privacy e dati' })).toHaveAttribute('href', '/profilo#privacy-e-dati');
    expect(screen.queryByText(privacyTexts.accountDeleted)).toBeNull();
  });

  // The goodbye to an account just deleted is the profile's test: it lands here after the deletion.
});
