/**
 * A real SMTP server on 127.0.0.1 for tests (smtp-server, nodemailer's own), whose received
 * messages are parsed with mailparser. `respond` decides each message's answer: accept (null),
 * or an SMTP error code (451: try again later; 550: refused for good).
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type FakeSmtp = {
  url: string;
  /** Messages accepted, parsed, in order. */
  received: ParsedMail[];
  /** How many DATA commands arrived (accepted or not). */
  attempts: () => number;
  /** The answer to the next messages: null accepts; a number refuses with that code. */
  respond: (answer: (attempt: number) => number | null) => void;
  close(): Promise<void>;
};

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const received: ParsedMail[] = [];
  let attempts = 0;
  let answer: (attempt: number) => number | null = () => null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      attempts += 1;
      const attempt = attempts;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const code = answer(attempt);
        if (code !== null) {
          callback(Object.assign(new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: code }));
          return;
        }
        simpleParser(Buffer.concat(chunks)).then(
          (mail) => {
            received.push(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    attempts: () => attempts,
    respond: (next) => {
      answer = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
