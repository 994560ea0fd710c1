import { EMAIL_CHOICES, type EmailPreferences } from '@sfida/core/email-preferences';
import type { User } from '@sfida/core/user';
import type { Deps } from '../../deps';
import { notFound } from '../../shared/http-error';
import { readEmailPreferences, turnOffEmailKind, writeEmailPreferences } from '../../shared/mail/preferences-repository';
import { readUnsubscribeToken, type UnsubscribeTarget } from '../../shared/mail/unsubscribe';

type ServiceDeps = Pick<Deps, 'db' | 'clock' | 'config'>;

export async function emailPreferencesOf(deps: ServiceDeps, caller: User): Promise<{ preferences: EmailPreferences }> {
  return { preferences: await readEmailPreferences(deps.db, caller.id) };
}

export async function saveEmailPreferences(deps: ServiceDeps, caller: User, preferences: EmailPreferences): Promise<{ preferences: EmailPreferences }> {
  return { preferences: await writeEmailPreferences(deps.db, caller.id, preferences, deps.clock()) };
}

/** Who an unsubscribe link is for, and what its kind is called; 404 for a link that is not ours. */
export function unsubscribeTargetOf(deps: ServiceDeps, token: string): UnsubscribeTarget & { label: string } {
  const target = deps.config.emailTokenKey ? readUnsubscribeToken(deps.config.emailTokenKey, token) : null;
  if (!target) throw notFound('Questo link per disiscriverti non è valido.');
  return { ...target, label: EMAIL_CHOICES.find((choice) => choice.kind === target.kind)!.label };
}

/** Turns the link's kind off for its person, with no session: the link is the proof. Doing it twice changes nothing. */
export async function unsubscribe(deps: ServiceDeps, token: string): Promise<UnsubscribeTarget & { label: string }> {
  const target = unsubscribeTargetOf(deps, token);
  await turnOffEmailKind(deps.db, target.uid, target.kind, 'unsubscribed', deps.clock());
  return target;
}
