/**
 * `text` cut to `length` characters (whole characters, never half an emoji), ending in `ellipsis`
 * when cut (none by default).
 */
export function cutText(text: string, length: number, ellipsis = ''): string {
  // A string of at most `length` UTF-16 units has at most `length` characters: nothing to cut.
  if (text.length <= length) return text;
  const characters = Array.from(text);
  return characters.length <= length ? text : `${characters.slice(0, length).join('')}${ellipsis}`;
}
