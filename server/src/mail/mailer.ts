import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

const FROM = 'Hedera Domains <no-reply@hedera-domains.local>';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  /** Files sent along, e.g. a calendar entry. */
  attachments?: Array<{ filename: string; content: string; contentType: string }>;
  /** One-click unsubscribe (RFC 8058): `List-Unsubscribe` and `List-Unsubscribe-Post` headers. */
  unsubscribeUrl?: string;
  /** The same id for a mail sent again after a crash, so that mail programs show it once. */
  messageId?: string;
};

/** The mail as nodemailer takes it. */
function message(mail: Mail) {
  const { unsubscribeUrl, ...rest } = mail;
  return {
    from: FROM,
    ...rest,
    ...(unsubscribeUrl
      ? {
          list: { unsubscribe: { url: unsubscribeUrl, comment: 'Unsubscribe' } },
          headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        }
      : {}),
  };
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP delivery through nodemailer (`SMTP_URL`). */
export function smtpMailer(smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail(message(mail));
    },
  };
}

/** Development delivery: each message becomes an .eml file in `folder`, and is logged. */
export function fileMailer(folder: string, log: (line: string) => void): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail(message(mail));
      await mkdir(folder, { recursive: true });
      const file = path.join(folder, `${Date.now()}-${mail.to.replace(/[^a-z0-9@.]/gi, '_')}.eml`);
      await writeFile(file, info.message as Buffer);
      log(`mail to ${mail.to} written to ${file}: ${mail.text}`);
    },
  };
}
