/*
 * Light or dark: the system's setting (prefers-color-scheme) unless this device chose one in the
 * profile. The choice stays in this browser's storage, not on the server, and survives sign-out:
 * it is about the screen, not the person.
 */

export type ColourMode = 'system' | 'light' | 'dark';

export const COLOUR_MODES: readonly ColourMode[] = ['system', 'light', 'dark'];

/** Where this device's choice is kept (absent: follow the system). */
export const COLOUR_MODE_KEY = 'sfida8:colour-mode';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * The pages' first inline script (web/index.html, kept equal by a test): it puts the `dark` class
 * and the colour scheme on <html> before any style or module loads, so a dark page never flashes
 * white, and follows the system's setting while the page is open. Plain ES5, no module.
 */
export const COLOUR_MODE_SCRIPT = `(function(){var d=document.documentElement,m=window.matchMedia&&window.matchMedia('${DARK_QUERY}');function a(){var c=null;try{c=localStorage.getItem('${COLOUR_MODE_KEY}')}catch(e){}var k=c==='dark'||(c!=='light'&&!!m&&m.matches);d.classList.toggle('dark',k);d.style.colorScheme=k?'dark':'light'}a();if(m&&m.addEventListener)m.addEventListener('change',a)})();`;

function isColourMode(value: unknown): value is ColourMode {
  return COLOUR_MODES.includes(value as ColourMode);
}

/** This device's choice; 'system' when none is stored or storage is blocked. */
export function storedColourMode(): ColourMode {
  try {
    const stored = localStorage.getItem(COLOUR_MODE_KEY);
    return isColourMode(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

/** Whether the system asks for dark (false where it cannot be asked). */
export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** Puts the mode `choice` resolves to on <html>, as the inline script does. */
export function applyColourMode(choice: ColourMode, root: HTMLElement = document.documentElement): void {
  const dark = choice === 'dark' || (choice === 'system' && systemPrefersDark());
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
}

/** Keeps `choice` on this device ('system' forgets it) and applies it at once. */
export function chooseColourMode(choice: ColourMode): void {
  try {
    if (choice === 'system') localStorage.removeItem(COLOUR_MODE_KEY);
    else localStorage.setItem(COLOUR_MODE_KEY, choice);
  } catch {
    // Storage blocked: the choice holds for this page only.
  }
  applyColourMode(choice);
}
