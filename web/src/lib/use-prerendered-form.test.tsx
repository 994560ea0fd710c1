import { useRef, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePrerenderedForm } from './use-prerendered-form';

function SignInForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const started = usePrerenderedForm(form, (typed) => {
    if (typed.email) setEmail(typed.email);
    if (typed.password) setPassword(typed.password);
  });
  return (
    <form ref={form}>
      <input name="email" aria-label="Email" value={email} onChange={(event) => setEmail(event.target.value)} />
      <input name="password" aria-label="Password" value={password} onChange={(event) => setPassword(event.target.value)} />
      <button type="submit" disabled={!started}>
        Accedi
      </button>
    </form>
  );
}

/** The prerendered markup, typed into before the app runs; hydrating it records the fields each time the button changes. */
async function hydrateAfterTyping(typed: { email: string; password: string }) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<SignInForm />);
  document.body.append(container);
  const field = (name: string) => container.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
  const button = container.querySelector('button')!;
  field('email').value = typed.email;
  field('password').value = typed.password;
  expect(button.disabled).toBe(true);

  const seenWhenEnabled: { email: string; password: string }[] = [];
  const observer = new MutationObserver(() => {
    if (!button.disabled) seenWhenEnabled.push({ email: field('email').value, password: field('password').value });
  });
  observer.observe(button, { attributes: true, attributeFilter: ['disabled'] });
  const root = hydrateRoot(container, <SignInForm />);
  await waitForRenders(button);
  observer.disconnect();
  return { field, button, seenWhenEnabled, unmount: () => root.unmount() };
}

/**
 * Lets React finish its renders as a browser would, on its own schedule, task by task: until the
 * button turns on (a loaded machine may take longer than any fixed pause), then one task more for
 * any commit that would follow it.
 */
async function waitForRenders(button: HTMLButtonElement) {
  await vi.waitFor(() => {
    if (button.disabled) throw new Error('the button is still off');
  }, { timeout: 5000, interval: 10 });
  await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('usePrerenderedForm', () => {
  // jsdom commits these renders together; the browser's order, where enabling first emptied the
  // fields, is checked end to end (tests/e2e/account.e2e.ts, a tap the moment the button turns on).
  // Not inside act(): act would batch every update into one commit and hide the order of commits this is about.
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  let wasActEnvironment: boolean | undefined;
  beforeEach(() => {
    wasActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  });
  afterEach(() => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasActEnvironment;
  });

  it('takes what was typed before the app ran into the state, and enables the button with those values in the fields', async () => {
    const typed = { email: 'giulia@example.it', password: 'segreta123' };
    const { field, button, seenWhenEnabled, unmount } = await hydrateAfterTyping(typed);
    expect(button.disabled).toBe(false);
    expect(seenWhenEnabled).toEqual([typed]);
    expect(field('email').value).toBe(typed.email);
    expect(field('password').value).toBe(typed.password);
    unmount();
  });

  it('starts an untouched prerendered form with empty fields', async () => {
    const { button, seenWhenEnabled, unmount } = await hydrateAfterTyping({ email: '', password: '' });
    expect(button.disabled).toBe(false);
    expect(seenWhenEnabled).toEqual([{ email: '', password: '' }]);
    unmount();
  });
});
