// @jsxRuntime automatic
// (esbuild's pragma: tsx, which runs the scripts, compiles these files with the tsconfig of the
// directory it starts in, not functions/'s, and would otherwise expect a global React.)
import { Action, EmailLayout, Paragraph, type Sender } from './layout';

export interface AccountNoticeProps extends Sender {
  firstName: string;
  preview: string;
  /** What the notice says, a paragraph each. */
  paragraphs: string[];
  action: { label: string; href: string };
}

/** A notice about the account itself (its address to verify, its deletion coming): essential, so no unsubscribe link. */
export function AccountNoticeEmail({ firstName, preview, paragraphs, action, ...sender }: AccountNoticeProps) {
  return (
    <EmailLayout {...sender} preview={preview} footer={{ why: 'Ti scriviamo per un avviso sul tuo account di Sfida 8 settimane.' }}>
      <Paragraph>Ciao {firstName},</Paragraph>
      {paragraphs.map((text, index) => (
        <Paragraph key={index}>{text}</Paragraph>
      ))}
      <Action href={action.href}>{action.label}</Action>
    </EmailLayout>
  );
}
