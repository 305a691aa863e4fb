import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The SMTP envelope: who the server was asked to deliver to (a Bcc injected into headers would show here). */
  envelopeTo: string[];
  parsed: ParsedMail;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:<port> (no TLS: a loopback test server). */
  url: string;
  received: ReceivedMail[];
  /** Resolves when `count` messages have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Answers RCPT TO for these addresses with 550 (a permanent refusal). */
  rejectRecipients: Set<string>;
  /** While set, DATA is never answered: a delivery stays in flight (a process kill mid-job). */
  holdData: boolean;
  /** Messages whose DATA was read in full, answered or held: a delivery held by `holdData` counts here. */
  dataSeen: number;
  /** How long DATA waits for its answer (a mail server that takes its time); 0 answers at once. */
  answerDelayMs: number;
  /** Stops listening (an outage); `start()` listens again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) that parses what it receives with `mailparser`,
 * for tests of the product's mail as a receiving server sees it.
 */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => boolean>();
  let server: SMTPServer;
  let boundPort = port;

  const sink: SmtpSink = {
    url: '',
    received,
    rejectRecipients: new Set(),
    holdData: false,
    dataSeen: 0,
    answerDelayMs: 0,
    waitFor(count, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length >= count) {
            clearTimeout(timer);
            resolve(received.slice(0, count));
            return true;
          }
          return false;
        };
        const timer = setTimeout(
          () => reject(new Error(`expected ${count} emails within ${timeoutMs} ms, got ${received.length}`)),
          timeoutMs,
        );
        if (!check()) waiters.add(check);
      });
    },
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async start() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onRcptTo(address, _session, callback) {
          if (sink.rejectRecipients.has(address.address.toLowerCase())) {
            const error = new Error('No such mailbox here') as Error & { responseCode: number };
            error.responseCode = 550;
            callback(error);
            return;
          }
          callback();
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', async () => {
            sink.dataSeen += 1;
            if (sink.holdData) return; // never answered: the client waits until it gives up or dies
            if (sink.answerDelayMs > 0) await new Promise((r) => setTimeout(r, sink.answerDelayMs));
            const parsed = await simpleParser(Buffer.concat(chunks));
            received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), parsed });
            for (const check of waiters) if (check()) waiters.delete(check);
            callback();
          });
        },
      });
      server.on('error', () => {});
      await new Promise<void>((resolve) => server.listen(boundPort, '127.0.0.1', () => resolve()));
      boundPort = (server.server.address() as AddressInfo).port;
      sink.url = `smtp://127.0.0.1:${boundPort}`;
    },
  };
  await sink.start();
  return sink;
}

/** The first link in a text part that starts with `prefix`. */
export function linkIn(text: string, prefix: string): string {
  const found = text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!found) throw new Error(`no link starting with ${prefix} in:\n${text}`);
  return found;
}
