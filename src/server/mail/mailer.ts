import nodemailer from "nodemailer";
import type { Config } from "../config";

type Mail = { to: string; subject: string; text: string };
export type Mailer = { send(mail: Mail): Promise<void> };

/**
 * Sends mail through SMTP_URL (nodemailer). Without it, a self-hoster still gets the message:
 * it is written to the server log, links included.
 */
export const createMailer = (
  config: Config,
  log: (line: string) => void = (line) => console.log(line),
): Mailer => {
  if (!config.SMTP_URL) {
    return {
      async send(mail) {
        log(
          `[mail] SMTP_URL is not set, so this email was not sent. To: ${mail.to}\nSubject: ${mail.subject}\n${mail.text}`,
        );
      },
    };
  }
  const transport = nodemailer.createTransport(config.SMTP_URL);
  return {
    async send(mail) {
      await transport.sendMail({ from: config.MAIL_FROM, ...mail });
    },
  };
};
