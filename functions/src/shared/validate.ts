import * as z from 'zod/mini';
import { badRequest } from './http-error';

const FIELD_LABELS: Record<string, string> = {
  tempoAllenamento: 'tempo di allenamento',
  luogoAllenamento: 'luogo di allenamento',
  livelloAllenamento: 'livello di allenamento',
  schedaAssegnata: 'scheda',
  challengeStartDate: 'data di inizio',
  startDate: 'data di inizio',
  registrationOpen: 'iscrizioni aperte',
};

/** Parses `value` with `schema`; on failure a 400 carrying the first issue's (Italian) message. */
export function parseOr400<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  // A field the caller may not send outranks a missing one: say what is refused.
  const issues = result.error.issues;
  const issue = issues.find((i) => i.code === 'unrecognized_keys') ?? issues[0];
  throw badRequest(italianMessage(issue));
}

function italianMessage(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'Richiesta non valida';
  if (issue.path.length === 0) {
    // An unknown key or a rule across fields: our schemas say what is wrong in Italian.
    return issue.code === 'unrecognized_keys' || issue.code === 'custom' ? issue.message : 'Richiesta non valida: il corpo deve essere un oggetto JSON';
  }
  // Our schemas carry Italian messages; zod's own defaults are English.
  if (!/^Invalid|^Too (big|small)|^Expected|^Unrecognized/.test(issue.message)) return issue.message;
  const field = String(issue.path[0]);
  return `Valore non valido per ${FIELD_LABELS[field] ?? field}`;
}
