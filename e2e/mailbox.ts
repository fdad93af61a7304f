import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';

/**
 * The mail the e2e server sent: without SMTP_URL it writes each message to DATA_DIR/mail as an .eml
 * file, as a developer's machine does. With `subject`, the latest one of that subject.
 */
export async function latestMailTo(
  address: string,
  subject?: string,
): Promise<{ subject: string; text: string }> {
  const folder = path.join(process.env.E2E_DATA_DIR!, 'mail');
  let found: { subject: string; text: string } | null = null;
  await expect
    .poll(async () => {
      const files = (await readdir(folder).catch(() => [] as string[]))
        .filter((file) => file.endsWith('.eml'))
        .sort();
      for (const file of files.reverse()) {
        const message = await simpleParser(await readFile(path.join(folder, file)));
        const to = message.to && 'text' in message.to ? message.to.text : '';
        if (to === address && (subject === undefined || message.subject === subject)) {
          found = { subject: message.subject ?? '', text: message.text ?? '' };
          return true;
        }
      }
      return false;
    })
    .toBe(true);
  return found!;
}
