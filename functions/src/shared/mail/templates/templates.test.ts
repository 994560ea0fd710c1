import { createElement } from 'react';
import { describe, expect, test } from 'vitest';
import { renderEmail } from '../render';
import { CoachMessageEmail, coachMessageSubject } from './coach-message';
import { EventDayEmail, eventDaySubject } from './event-day';

const props = {
  cohortName: 'Primavera 2026',
  coachName: 'Giulia Coach',
  firstName: 'Paola',
  text: 'Ciao Paola, come va la settimana?\n\nSono qui se ti serve.',
  url: 'https://sfida.example.it/messaggi',
  unsubscribeUrl: 'https://sfida.example.it/api/email/unsubscribe/token-di-prova',
};

describe('the email templates', () => {
  test('a coach message: Italian, both parts, the cohort and the coach, readable on a phone and in dark mode', async () => {
    const email = await renderEmail(coachMessageSubject(props), createElement(CoachMessageEmail, props));
    expect(email.subject).toBe('Un messaggio da Giulia Coach');
    expect(email.html).toMatch(/<html [^>]*lang="it"/);
    expect(email.html).toContain('<meta name="color-scheme" content="light dark"');
    expect(email.html).toContain('prefers-color-scheme: dark');
    expect(email.html).toContain('max-width:600px');
    // No fixed width wider than the column: it narrows to a 360 px screen.
    const widths = [...email.html.matchAll(/(?<![-\w])width:\s*(\d+)px/g)].map((match) => Number(match[1]));
    expect(widths.filter((width) => width > 600)).toEqual([]);
    expect([...email.html.matchAll(/width="(\d+)"/g)].map((match) => Number(match[1])).filter((width) => width > 600)).toEqual([]);
    for (const part of [email.html, email.text]) {
      expect(part).toContain('Primavera 2026');
      expect(part).toContain('Giulia Coach');
      expect(part).toContain('Sono qui se ti serve.');
    }
    expect(email.text).toContain('https://sfida.example.it/messaggi');
    expect(email.text).toContain('https://sfida.example.it/api/email/unsubscribe/token-di-prova');
    expect(email.text).not.toContain('<');
  });

  test('a reply to a check-in says so; without an unsubscribe link the footer has none', async () => {
    const { unsubscribeUrl: _none, ...essential } = props;
    const email = await renderEmail(coachMessageSubject({ ...essential, reply: true }), createElement(CoachMessageEmail, { ...essential, reply: true }));
    expect(email.subject).toBe('Giulia Coach ha risposto al tuo check-in');
    expect(email.text).toContain('Apri il check-in');
    expect(email.html).not.toContain('Non voglio più ricevere');
  });

  test('the event of the day: title, day and time, speaker, cohort and coach, the app page in both parts', async () => {
    const event = { ...props, title: 'Kick-off', when: 'giovedì 10 dicembre 2026 alle 19:00', speaker: 'Martina Rossi', url: 'https://sfida.example.it/eventi/e1' };
    const email = await renderEmail(eventDaySubject(event), createElement(EventDayEmail, event));
    expect(email.subject).toBe('Kick-off, giovedì 10 dicembre 2026 alle 19:00');
    for (const part of [email.html, email.text]) {
      for (const words of ['Kick-off', 'giovedì 10 dicembre 2026 alle 19:00', 'Martina Rossi', 'Primavera 2026', 'Giulia Coach', 'https://sfida.example.it/eventi/e1']) expect(part).toContain(words);
    }
    expect(email.text).toContain('https://sfida.example.it/api/email/unsubscribe/token-di-prova');
  });
});
