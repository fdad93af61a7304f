import { escapeHtml } from '../../plugins/escape-html';

const STYLES = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
body { margin: 0; padding: 1rem; display: flex; justify-content: center; }
main { width: 100%; max-width: 32rem; }
button { font: inherit; padding: 0.5rem 1rem; border-radius: 0.5rem; border: 1px solid; cursor: pointer; }
`;

function page(title: string, body: string) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Hedera Domains</title>
<style>${STYLES}</style>
</head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body>
</html>`;
}

/** A link in a mail only asks: mail scanners open links, so the change needs the button (a POST). */
export const confirmPage = (accountId: string, action: string) =>
  page(
    'Stop expiry reminders',
    `<p>Stop the mails sent before the names of ${escapeHtml(accountId)} expire?</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">Unsubscribe</button></form>`,
  );

export const doneHtml = (accountId: string, profileUrl: string) =>
  page(
    'Unsubscribed',
    `<p>${escapeHtml(accountId)} gets no more expiry reminders. You can turn them on again in <a href="${escapeHtml(profileUrl)}">your profile</a>.</p>`,
  );

export const invalidLinkPage = () =>
  page(
    'Link not valid',
    '<p>This unsubscribe link is not valid. Turn expiry reminders off in your profile instead.</p>',
  );
