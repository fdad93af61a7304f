import { bannerPageAt, opensBladeMode, paths } from '@registry/contracts/routes';
import type { PageHeadingText } from '@registry/contracts/page-headings';

const escapeText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (value: string) => escapeText(value).replace(/"/g, '&quot;');

/** The title block as the UI kit's `PageHeading` draws it. */
function headingMarkup({ title, tagline, back }: PageHeadingText) {
  return [
    '<header class="page-heading">',
    `<h1>${escapeText(title)}</h1>`,
    tagline ? `<p class="page-heading__tagline">${escapeText(tagline)}</p>` : '',
    back
      ? `<a class="page-heading__back" href="${escapeAttribute(back.to)}">${escapeText(back.label)}</a>`
      : '',
    '</header>',
  ].join('');
}

/** The shell's `PagePlaceholder`: the title block, when the page has a fixed one, then the spinner. */
function placeholderMarkup(heading: PageHeadingText | undefined) {
  return [
    '<div class="page-placeholder" data-page-placeholder="">',
    heading ? headingMarkup(heading) : '',
    '<div class="spinner" role="status" aria-live="polite"><span class="spinner__dot" aria-hidden="true"></span><span>Loading…</span></div>',
    '</div>',
  ].join('');
}

export type SkeletonPage = {
  /** Where the shell shows the page: the address itself, or the search page it is sent to. */
  pathname: string;
  search: string;
  /** Whether the address is a page of the app (unknown ones show "Page not found" instead). */
  known: boolean;
  heading?: PageHeadingText | undefined;
};

/**
 * The frame and the first page's title block as the shell draws them (`AppLayout`, `Header`,
 * `PagePlaceholder`), for `#root` of the first HTML: a phone paints them with the first bytes and the
 * stylesheet, before any script has run. React's first render replaces them with the same markup
 * in the same places, so nothing moves; the page's own title then takes the placeholder's place.
 */
export function pageSkeleton({ pathname, search, known, heading }: SkeletonPage): string {
  const banner = !opensBladeMode(pathname, search) && bannerPageAt(pathname);
  return [
    `<div class="app" data-banner="${banner ? 'shown' : 'hidden'}">`,
    '<div class="app-top"><header class="app-header">',
    `<a class="app-header__logo" href="${escapeAttribute(paths.home)}"><span aria-hidden="true">◈</span> Hedera Domains</a>`,
    '</header></div>',
    `<main class="app-main">${known ? placeholderMarkup(heading) : ''}</main>`,
    '</div>',
  ].join('');
}
