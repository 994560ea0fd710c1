/** `text` cut to `length` characters (whole characters, never half an emoji), with "…" when cut. */
export function cutWithEllipsis(text: string, length: number): string {
  const characters = Array.from(text);
  return characters.length <= length ? text : `${characters.slice(0, length).join('')}…`;
}
