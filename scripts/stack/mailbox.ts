import { join } from 'node:path';
import { MailDev } from 'maildev';
import { registerStopper } from './cleanup';
import { mailboxUrl, type StackProfile } from './profiles';

export interface Mailbox {
  /** The web page (and, under /api, the REST API the tests read). */
  url: string;
  stop(): Promise<void>;
}

/**
 * The local stack's SMTP server and the page that shows what it received (maildev), both on
 * 127.0.0.1: the app sends to it through nodemailer exactly as to a provider's server in
 * production. Its mail is kept in the profile's data folder.
 */
export async function startMailbox(profile: StackProfile): Promise<Mailbox> {
  const maildev = new MailDev({
    smtp: profile.ports.smtp,
    ip: '127.0.0.1',
    web: profile.ports.mail,
    webIp: '127.0.0.1',
    mailDirectory: join(profile.dataDir, 'mail'),
    silent: true,
  });
  // maildev announces its address on console.info whatever `silent` says; the stack prints its own.
  const info = console.info;
  console.info = () => {};
  try {
    await maildev.start();
  } finally {
    console.info = info;
  }
  const stop = async () => {
    unregister();
    await maildev.stop();
  };
  const unregister = registerStopper(() => maildev.stop());
  return { url: mailboxUrl(profile), stop };
}
