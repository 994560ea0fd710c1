// No zod here: the participant's resources page shows sizes without loading a schema library.

/** A file's size in words ("1,2 MB", "340 kB"). */
export function fileSizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toLocaleString('it-IT', { maximumFractionDigits: 1 })} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} kB`;
}
