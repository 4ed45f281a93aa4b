/** One e-mail the stack "sent" (CONTRACTS 2: `/_local/mail`). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every link in the message, so tests and people can follow them. */
  links: string[];
  sent_at: string;
}

export type OutgoingMail = Omit<MailMessage, 'sent_at' | 'links'> & { links?: string[] };

export interface Outbox {
  send(message: OutgoingMail): MailMessage;
  /** Newest first. */
  list(): MailMessage[];
  clear(): void;
}

/** Bounded so a long-running stack cannot grow without limit. */
const MAX_MESSAGES = 500;

const linksIn = (text: string): string[] => [
  ...new Set([...text.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) => m[0].replaceAll('&amp;', '&'))),
];

export function createOutbox(onSend?: (message: MailMessage) => void): Outbox {
  const messages: MailMessage[] = [];
  return {
    send(message) {
      const sent: MailMessage = {
        ...message,
        links: message.links ?? linksIn(`${message.text}\n${message.html}`),
        sent_at: new Date().toISOString(),
      };
      messages.unshift(sent);
      messages.length = Math.min(messages.length, MAX_MESSAGES);
      onSend?.(sent);
      return sent;
    },
    list: () => [...messages],
    clear: () => {
      messages.length = 0;
    },
  };
}
