import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PAGE_HEADINGS, type PageHeadingText } from '@registry/contracts/page-headings';
import { pageSkeleton } from '../../../server/src/plugins/page-skeleton';
import { PagePlaceholder } from './page-placeholder';

const element = (html: string, selector: string) => {
  const found = new DOMParser().parseFromString(html, 'text/html').querySelector(selector);
  if (!found) throw new Error(`no ${selector} in ${html}`);
  return found;
};

describe('the first HTML and the shell draw a page before its code the same way', () => {
  const headings: Array<PageHeadingText | undefined> = [...Object.values(PAGE_HEADINGS), undefined];
  it.each(headings.map((heading) => [heading?.title ?? 'no fixed title', heading] as const))(
    '%s',
    (_, heading) => {
      const server = element(
        pageSkeleton({ pathname: '/gui/cart', search: '', known: true, heading }),
        '.page-placeholder',
      );
      const shell = element(renderToStaticMarkup(<PagePlaceholder heading={heading} />), '.page-placeholder');
      // Same elements, attributes (in any order) and text: React's first render changes nothing on screen.
      expect(server.isEqualNode(shell), `${server.outerHTML}\n${shell.outerHTML}`).toBe(true);
      expect(server.querySelector('h1')?.textContent ?? null).toBe(heading?.title ?? null);
    },
  );
});
