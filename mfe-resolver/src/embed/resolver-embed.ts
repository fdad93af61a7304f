import { checkResolverName, RESOLVER_MAX_LENGTH } from '@registry/contracts/domain-name';
import { createResolver } from '@registry/resolver';
import { resolveName } from '../features/resolver/api/resolve-name';
import { EMBED_STYLES } from './embed-styles';

/** The element a page places where the resolver should appear. */
export const EMBED_ELEMENT = 'hedera-resolver';

/** The server this script was loaded from: the embed calls it across origins, without cookies. */
const scriptOrigin = (() => {
  const script = document.currentScript;
  return script instanceof HTMLScriptElement && script.src ? new URL(script.src).origin : location.origin;
})();

/** Where the browser goes: a seam for the element's tests. */
export const navigation = { go: (url: string) => window.location.assign(url) };

const TEMPLATE = `
<style>${EMBED_STYLES}</style>
<section aria-labelledby="title">
  <h2 id="title">Resolve Hedera Domains</h2>
  <p class="tagline">Humanizing Internet, Safely.</p>
  <form role="search" novalidate>
    <input type="text" aria-label="Domain name" placeholder="alice.hbar" autocomplete="off" spellcheck="false" />
    <button type="submit">Go</button>
  </form>
  <div class="status" aria-live="polite">
    <p class="progress" hidden>Resolving…</p>
    <p class="message" id="message" role="alert" hidden></p>
    <p class="holder" hidden></p>
  </div>
</section>`;

/**
 * `<hedera-resolver>`: the public resolver for any page (spec sections 2, 4, 5 and 8), with no
 * framework. The `server` attribute points it at another server than the script's own.
 */
export class HederaResolverElement extends HTMLElement {
  connectedCallback() {
    if (this.shadowRoot) return;
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML = TEMPLATE;
    // Across origins and without cookies: the library sends none.
    const resolver = createResolver({ registryUrl: this.getAttribute('server') ?? scriptOrigin });
    const form = root.querySelector('form')!;
    const input = root.querySelector('input')!;
    const button = root.querySelector('button')!;
    const message = root.querySelector<HTMLParagraphElement>('.message')!;
    const progress = root.querySelector<HTMLParagraphElement>('.progress')!;
    const holder = root.querySelector<HTMLParagraphElement>('.holder')!;
    const showHolder = (text: string | null) => {
      holder.textContent = text ?? '';
      holder.hidden = text === null;
    };
    const busy = (resolving: boolean) => {
      button.disabled = resolving;
      progress.hidden = !resolving;
    };
    input.maxLength = RESOLVER_MAX_LENGTH;

    const say = (text: string | null) => {
      // Text only: names and answers are never read as markup.
      message.textContent = text ?? '';
      message.hidden = text === null;
      if (text === null) {
        input.removeAttribute('aria-invalid');
        input.removeAttribute('aria-describedby');
      } else {
        input.setAttribute('aria-invalid', 'true');
        input.setAttribute('aria-describedby', 'message');
      }
    };

    input.addEventListener('input', () => {
      say(null);
      showHolder(null);
    });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const check = checkResolverName(input.value);
      if (check.kind === 'empty') return;
      if (check.kind === 'invalid') return say(check.message);
      say(null);
      showHolder(null);
      busy(true);
      void resolveName(check.name, resolver).then((outcome) => {
        busy(false);
        if (outcome.kind === 'redirect') navigation.go(outcome.url);
        else {
          say(outcome.message);
          showHolder(outcome.holder ?? null);
        }
      });
    });
  }
}

if (!customElements.get(EMBED_ELEMENT)) customElements.define(EMBED_ELEMENT, HederaResolverElement);
