import { schedaFor, type OnboardingRequest, type User } from '@sfida/core/user';
import type { ApiDeps } from '../../deps';
import { badRequest, conflict, notFound } from '../../shared/http-error';
import { changeUser } from '../../shared/user-repository';

const onboardingMessages = {
  alreadyCompleted: 'Hai già completato il questionario: le risposte non possono essere modificate',
  schedaMismatch: 'La scheda indicata non corrisponde a livello e luogo di allenamento',
} as const;

/**
 * Saves the onboarding answers. The sheet is derived from level and place
 * here, never taken from the client; a participant answers once.
 */
export async function completeOnboarding(deps: Pick<ApiDeps, 'db'>, user: User, answers: OnboardingRequest): Promise<User> {
  const { db } = deps;
  const scheda = schedaFor(answers.livelloAllenamento, answers.luogoAllenamento);
  if (answers.schedaAssegnata !== undefined && answers.schedaAssegnata !== scheda) throw badRequest(onboardingMessages.schedaMismatch);
  const changed = await changeUser(db, user.id, ({ user: current }) => {
    if (current.onboardingCompletato && current.role !== 'OWNER') throw conflict(onboardingMessages.alreadyCompleted);
    const fields = {
      tempoAllenamento: answers.tempoAllenamento,
      luogoAllenamento: answers.luogoAllenamento,
      livelloAllenamento: answers.livelloAllenamento,
      schedaAssegnata: scheda,
      onboardingCompletato: true,
    };
    return { fields, result: { ...current, ...fields } };
  });
  if (!changed) throw notFound('Utente non trovato');
  return changed.result;
}
