import type { Transporter } from 'nodemailer';
import type { MailConfig } from '../../config';

/** One email as it leaves: the address is read from the account just before, never stored with it. */
export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** What the SMTP server said: its answer (an address inside is masked), and whether a retry can help. */
export type SendOutcome =
  | { ok: true; response: string }
  | { ok: false; permanent: boolean; response: string };

/** Sends one email by SMTP (nodemailer); never throws: a failure is an outcome. */
export interface Mailer {
  send(message: OutgoingMessage): Promise<SendOutcome>;
}

/** An SMTP answer or error with any email address in it masked, so it can be stored and logged. */
export function withoutAddresses(text: string): string {
  return text.replace(/[^\s<>@"']+@[^\s<>@"']+/g, '<indirizzo>').slice(0, 500);
}

/**
 * nodemailer over the configured SMTP server, from MAIL_FROM. A 5xx answer is permanent (a bounce:
 * the address is unknown, the message refused); anything else (a 4xx, no connection, a timeout)
 * is worth another attempt.
 */
export function smtpMailer(config: MailConfig): Mailer {
  let transport: Promise<Transporter> | undefined;
  // Loaded with the first email, not at every cold start of the API.
  const open = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url: config.smtpUrl, connectionTimeout: 20_000, greetingTimeout: 10_000, socketTimeout: 30_000 }, { from: config.from }),
    ));
  return {
    async send(message) {
      try {
        const info = (await (await open()).sendMail({ ...message })) as { response?: string };
        return { ok: true, response: withoutAddresses(info.response ?? '') };
      } catch (error) {
        const { responseCode, response, code, message: text } = error as { responseCode?: number; response?: string; code?: string; message?: string };
        const permanent = typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
        return { ok: false, permanent, response: withoutAddresses(response ?? [code, text].filter(Boolean).join(': ')) };
      }
    },
  };
}
