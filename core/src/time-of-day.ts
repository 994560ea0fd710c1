import * as z from 'zod/mini';

/** A time of day, "HH:MM" (24 h): a reminder's time, a planned action's. */
export const timeOfDaySchema = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Orario non valido (usa il formato HH:MM)'));

/** Minutes since midnight of an "HH:MM" time. */
export function minutesOfTime(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}
