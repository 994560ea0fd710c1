import type { Mood } from '@sfida/core/tracker';

/** The mood scale of the weekly check-in (the participant's form and history, the coach's view). */
export const MOODS: ReadonlyArray<{ value: Mood; emoji: string; label: string }> = [
  { value: 1, emoji: '😣', label: 'Molto difficile' },
  { value: 2, emoji: '😕', label: 'Difficile' },
  { value: 3, emoji: '😐', label: 'Normale' },
  { value: 4, emoji: '🙂', label: 'Bene' },
  { value: 5, emoji: '😄', label: 'Eccellente' },
];

export function moodOf(value: number) {
  return MOODS.find((mood) => mood.value === value) ?? MOODS[2]!;
}

/** Border colour by mood: 1-2 red, 3 amber, 4-5 green. */
export function moodColor(value: number): string {
  if (value <= 2) return 'red.500';
  if (value === 3) return 'accent.400';
  return 'green.600';
}
