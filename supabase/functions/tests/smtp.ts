/** A real SMTP server on loopback (smtp-server), recording every mail it receives, for the Deno tests. */
import { SMTPServer } from 'smtp-server';

export async function smtpServer() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (chunk: Uint8Array) => (raw += new TextDecoder().decode(chunk)));
      stream.on('end', () => {
        received.push(raw);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  return {
    received,
    port,
    /** Resolves once `count` mails have arrived (the test's own timeout bounds the wait). */
    async waitFor(count: number): Promise<string[]> {
      while (received.length < count) await new Promise((resolve) => setTimeout(resolve, 20));
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
