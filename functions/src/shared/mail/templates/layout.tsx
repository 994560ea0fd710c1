// @jsxRuntime automatic
// (esbuild's pragma: tsx, which runs the scripts, compiles these files with the tsconfig of the
// directory it starts in, not functions/'s, and would otherwise expect a global React.)
import type { ReactNode } from 'react';
import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';

// The frame of every email: Italian, one column at most 600 px wide that narrows with the screen
// (360 px phones), the cohort's name on top and who writes at the bottom. Light and dark both
// read well: the colour-scheme metas let the clients that honour them pick, and the media query
// repaints the few colours for the others that read <style>.

/** Who writes and for which cohort: every email names both. */
export interface Sender {
  cohortName: string;
  coachName: string;
}

export interface LayoutProps extends Sender {
  /** The line clients show after the subject. */
  preview: string;
  children: ReactNode;
  /** Why the person gets this email; with an unsubscribe link where the email is not essential. */
  footer: { why: string; unsubscribeUrl?: string | undefined };
}

const DARK_MODE = `
  :root { color-scheme: light dark; supported-color-schemes: light dark; }
  @media (prefers-color-scheme: dark) {
    .sfida-body { background-color: #101418 !important; color: #e6e8eb !important; }
    .sfida-card { background-color: #1b2128 !important; color: #e6e8eb !important; }
    .sfida-muted { color: #a9b1ba !important; }
    .sfida-link { color: #7cc4ff !important; }
  }
`;

export const colours = { text: '#1a202c', muted: '#4a5568', link: '#0b5cad', accent: '#0b5cad' } as const;

export function EmailLayout({ preview, cohortName, coachName, children, footer }: LayoutProps) {
  return (
    <Html lang="it" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <style>{DARK_MODE}</style>
      </Head>
      <Preview>{preview}</Preview>
      <Body className="sfida-body" style={{ backgroundColor: '#f4f6f8', color: colours.text, fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif', margin: 0, padding: '16px 8px' }}>
        <Container className="sfida-card" style={{ backgroundColor: '#ffffff', maxWidth: '600px', width: '100%', borderRadius: '8px', padding: '20px 16px' }}>
          <Text className="sfida-muted" style={{ color: colours.muted, fontSize: '14px', margin: '0 0 12px' }}>
            Sfida 8 settimane · {cohortName}
          </Text>
          <Section>{children}</Section>
          <Hr style={{ borderColor: '#d5dbe1', margin: '24px 0 12px' }} />
          <Text className="sfida-muted" style={{ color: colours.muted, fontSize: '13px', lineHeight: '20px', margin: 0 }}>
            {coachName}, coach di {cohortName}. {footer.why}
          </Text>
          {footer.unsubscribeUrl && (
            <Text className="sfida-muted" style={{ color: colours.muted, fontSize: '13px', lineHeight: '20px', margin: '8px 0 0' }}>
              <Link className="sfida-link" href={footer.unsubscribeUrl} style={{ color: colours.link }}>
                Non voglio più ricevere queste email
              </Link>
            </Text>
          )}
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph of the email's body. */
export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={{ fontSize: '16px', lineHeight: '24px', margin: '0 0 16px', overflowWrap: 'break-word' }}>{children}</Text>;
}

/** The email's one action: a link as a button, wide enough for a thumb. */
export function Action({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Text style={{ margin: '8px 0 16px' }}>
      <Link href={href} className="sfida-link" style={{ backgroundColor: colours.accent, color: '#ffffff', borderRadius: '6px', display: 'inline-block', fontSize: '16px', fontWeight: 600, padding: '12px 20px', textDecoration: 'none' }}>
        {children}
      </Link>
    </Text>
  );
}
