import { useState, type FormEvent } from 'react';
import { schedaFor, type Scheda } from '@sfida/core/user';
import { errorMessage } from '../../../lib/api-client';
import { completeOnboarding } from '../api/complete-onboarding';
import { questions, type OnboardingAnswers } from '../onboarding-questions';

const SELECT_AN_OPTION = 'Seleziona un\'opzione prima di continuare';
const ANSWER_ALL = 'Per favore rispondi a tutte le domande';
const SAVE_FAILED = 'Errore durante il salvataggio dell\'onboarding';

const noAnswers: OnboardingAnswers = { tempoAllenamento: null, luogoAllenamento: null, livelloAllenamento: null };

/**
 * The onboarding's questions, one at a time: the answers so far, moving on and back, and the
 * save on the last one, which assigns the scheda; `refresh` then re-reads the session.
 */
export function useOnboardingForm(refresh: () => Promise<unknown>) {
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState(noAnswers);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [assigned, setAssigned] = useState<Scheda | null>(null);

  const question = questions[step] ?? questions[0];
  const isLast = step === questions.length - 1;
  const current = answers[question.key];

  function choose(value: string) {
    setAnswers((previous) => ({ ...previous, [question.key]: value }));
    setError(null);
  }

  function next() {
    if (!current) {
      setError(SELECT_AN_OPTION);
      return;
    }
    setError(null);
    setStep((s) => s + 1);
  }

  function back() {
    setError(null);
    setStep((s) => Math.max(0, s - 1));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isLast) return next();
    const { tempoAllenamento, luogoAllenamento, livelloAllenamento } = answers;
    if (!tempoAllenamento || !luogoAllenamento || !livelloAllenamento) {
      setError(ANSWER_ALL);
      return;
    }
    setError(null);
    setSaving(true);
    const scheda = schedaFor(livelloAllenamento, luogoAllenamento);
    try {
      await completeOnboarding({ tempoAllenamento, luogoAllenamento, livelloAllenamento, schedaAssegnata: scheda });
      setAssigned(scheda);
      await refresh();
    } catch (caught) {
      setError(errorMessage(caught, SAVE_FAILED));
    } finally {
      setSaving(false);
    }
  }

  return { step, question, isLast, current, error, saving, assigned, choose, back, submit };
}
