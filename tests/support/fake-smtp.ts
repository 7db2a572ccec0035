// A real SMTP server on loopback (the smtp-server package): nodemailer delivers to it over SMTP and
// tests read each message as mailparser parses it.
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type FakeSmtp = Awaited<ReturnType<typeof startFakeSmtp>>;

export const startFakeSmtp = async () => {
  const received: ParsedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Resolves with the nth message (0-based) once it has arrived. */
    async message(n: number, timeoutMs = 10_000): Promise<ParsedMail> {
      const deadline = Date.now() + timeoutMs;
      while (!received[n]) {
        if (Date.now() > deadline) throw new Error(`no email #${n + 1} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return received[n] as ParsedMail;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
