import type { ReactElement } from 'react';
import type { RenderedEmail } from './email-repository';

/**
 * An email's two parts from one template: the HTML React Email renders, and the plain text it
 * derives from that HTML (links written out), so the two always say the same.
 */
export async function renderEmail(subject: string, element: ReactElement, headers?: Record<string, string>): Promise<RenderedEmail> {
  // Loaded with the first email, not at every cold start of the API.
  const { render } = await import('@react-email/components');
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text, ...(headers ? { headers } : {}) };
}
