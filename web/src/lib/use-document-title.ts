import { useEffect } from 'react';

export const APP_NAME = 'Sfida 8 settimane';

/** Sets the browser tab's title to "<title> · Sfida 8 settimane" while the page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${APP_NAME}`;
  }, [title]);
}
