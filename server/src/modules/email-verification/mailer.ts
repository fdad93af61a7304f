import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export type Mail = { to: string; subject: string; text: string };

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

const FROM = 'Hedera Domains <no-reply@hedera-domains.local>';

/** SMTP delivery through nodemailer (`SMTP_URL`). */
export function smtpMailer(smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: FROM, ...mail });
    },
  };
}

/** Development delivery: each message becomes an .eml file in `folder`, and is logged. */
export function fileMailer(folder: string, log: (line: string) => void): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: FROM, ...mail });
      await mkdir(folder, { recursive: true });
      const file = path.join(folder, `${Date.now()}-${mail.to.replace(/[^a-z0-9@.]/gi, '_')}.eml`);
      await writeFile(file, info.message as Buffer);
      log(`mail to ${mail.to} written to ${file}: ${mail.text}`);
    },
  };
}
