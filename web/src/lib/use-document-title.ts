import { useEffect } from 'react';

export const APP_NAME = 'Sfida 8 settimane';

/** The title the page rendered last at build time (effects do not run there). */
let prerenderedTitle: string | null = null;

/** Sets the browser tab's title to "<title> · Sfida 8 settimane" while the page is shown. */
export function useDocumentTitle(title: string): void {
  if (import.meta.env.SSR) prerenderedTitle = `${title} · ${APP_NAME}`;
  useEffect(() => {
    document.title = `${title} · ${APP_NAME}`;
  }, [title]);
}

/** For the prerender: the tab title of the page just rendered, once. */
export function takePrerenderedTitle(): string | null {
  const title = prerenderedTitle;
  prerenderedTitle = null;
  return title;
}
