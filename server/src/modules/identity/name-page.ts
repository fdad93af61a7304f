import type { DomainRecords } from '@registry/contracts/records';
import { escapeHtml } from '../../plugins/escape-html';
import { RECORD_FLAG, RECORDS_STATUS } from '@registry/contracts/records';

/** Only http(s) addresses become links; anything else (`javascript:`, `data:`) stays text. */
function safeUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export type NamePageData = {
  name: string;
  owner: string;
  ownerPrimaryName: string | null;
  expiresAt: Date;
  /** Set once expired: until then only the owner may extend it. */
  graceEndsAt: Date | null;
  delivered: boolean;
  records: DomainRecords;
  /** Absolute URLs: a shared link's preview fetches them from elsewhere. */
  pageUrl: string;
  avatarUrl: string;
};

const SOCIALS = [
  ['twitter', 'X (Twitter)'],
  ['linkedIn', 'LinkedIn'],
  ['facebook', 'Facebook'],
  ['instagram', 'Instagram'],
] as const;

const STYLES = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
body { margin: 0; padding: 1rem; display: flex; justify-content: center; }
main { width: 100%; max-width: 40rem; }
header { display: flex; gap: 1rem; align-items: center; }
header img { width: 4rem; height: 4rem; border-radius: 50%; flex: none; }
h1 { margin: 0; font-size: 1.6rem; overflow-wrap: anywhere; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.4rem 1rem; margin: 1.5rem 0; }
dt { font-weight: 600; }
dd { margin: 0; overflow-wrap: anywhere; min-width: 0; }
ul { margin: 0; padding: 0; list-style: none; }
a { color: #1558b0; }
@media (prefers-color-scheme: dark) { a { color: #8ab4f8; } }
footer { margin-top: 2rem; font-size: 0.9rem; }
@media (max-width: 30rem) { dl { grid-template-columns: 1fr; } dd { margin-bottom: 0.5rem; } }
`;

const day = (date: Date) => date.toISOString().slice(0, 10);

function statusText(data: NamePageData, now: Date) {
  if (!data.delivered) return 'Registered, waiting for delivery to its owner';
  if (data.graceEndsAt && data.expiresAt <= now)
    return `Expired: in its grace period until ${day(data.graceEndsAt)}`;
  return 'Active';
}

const link = (url: string, text: string) =>
  `<a href="${escapeHtml(url)}" rel="noopener nofollow ugc">${escapeHtml(text)}</a>`;

/** A record as a link when it is a web address, else as text; a dash when unset. */
function recordValue(value: string | null) {
  if (!value) return '—';
  const url = safeUrl(value);
  return url ? link(url, value) : escapeHtml(value);
}

function page(head: string, body: string) {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    ${head}
    <style>${STYLES}</style>
  </head>
  <body>
    <main>
${body}
    </main>
  </body>
</html>
`;
}

/**
 * `/n/{name}`: a name's public page, plain HTML and CSS (no script), with Open Graph tags so a
 * shared link previews: owner, expiry, status, records and socials.
 */
export function renderNamePage(data: NamePageData, now = new Date()): string {
  const name = escapeHtml(data.name);
  const ownerShown = data.ownerPrimaryName ?? data.owner;
  const description = `${data.name} on Hedera, owned by ${ownerShown}, registered until ${day(data.expiresAt)}.`;
  const siteAddress = data.records.status === RECORDS_STATUS.active ? data.records.siteAddress : null;
  const assetsActive = data.records.statusAssets === RECORD_FLAG.on;
  const socials = SOCIALS.map(([field, label]) => {
    const url = assetsActive ? safeUrl(data.records.assetsMap[field]) : null;
    return url ? `<li>${link(url, label)}</li>` : '';
  }).join('');
  const owner = data.ownerPrimaryName
    ? `${escapeHtml(data.ownerPrimaryName)} (${escapeHtml(data.owner)})`
    : escapeHtml(data.owner);
  return page(
    `<title>${name} · Hedera Domains</title>
    <meta name="description" content="${escapeHtml(description)}" />
    <meta property="og:type" content="profile" />
    <meta property="og:title" content="${name}" />
    <meta property="og:description" content="${escapeHtml(description)}" />
    <meta property="og:url" content="${escapeHtml(data.pageUrl)}" />
    <meta property="og:image" content="${escapeHtml(data.avatarUrl)}" />
    <meta name="twitter:card" content="summary" />
    <link rel="canonical" href="${escapeHtml(data.pageUrl)}" />`,
    `      <header>
        <img src="${escapeHtml(data.avatarUrl)}" alt="" width="64" height="64" />
        <h1>${name}</h1>
      </header>
      <dl>
        <dt>Owner</dt><dd>${owner}</dd>
        <dt>Expires</dt><dd><time datetime="${data.expiresAt.toISOString()}">${day(data.expiresAt)}</time></dd>
        <dt>Status</dt><dd>${escapeHtml(statusText(data, now))}</dd>
        <dt>Web2 address</dt><dd>${recordValue(siteAddress)}</dd>
        <dt>Web3 address</dt><dd>${assetsActive ? recordValue(data.records.assetsMap.web3Asset) : '—'}</dd>
        <dt>Socials</dt><dd>${socials ? `<ul>${socials}</ul>` : '—'}</dd>
      </dl>
      <footer><a href="/resolver">Resolve another name</a> · <a href="/gui/domains/web3">Find your own name</a></footer>`,
  );
}

/** An unknown or released name: 404, with the way to look for it. */
export function renderUnknownNamePage(name: string): string {
  const safe = escapeHtml(name);
  return page(
    `<title>${safe} · Hedera Domains</title>
    <meta name="robots" content="noindex" />`,
    `      <h1>${safe}</h1>
      <p>No one holds this name.</p>
      <p><a href="/gui/domains/web3">Search for it</a></p>`,
  );
}
