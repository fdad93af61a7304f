/**
 * The embed's look, inside its shadow root so the host page's styles and ours never mix. Hosts can
 * set the `--hedera-resolver-*` properties on the element to match their page.
 */
export const EMBED_STYLES = `
:host {
  display: block;
  max-width: 36rem;
  color: var(--hedera-resolver-text, #f2f3ff);
  background: var(--hedera-resolver-background, #181a33);
  border-radius: 10px;
  padding: 1rem;
  font: 1rem/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
}
h2 { margin: 0; font-size: 1.25rem; }
p { margin: 0.25rem 0 0; }
.tagline { color: var(--hedera-resolver-muted, #a5a8c8); }
form { display: flex; gap: 0.5rem; margin-top: 1rem; }
input {
  flex: 1 1 auto;
  min-width: 0;
  font: inherit;
  padding: 0.5rem 0.75rem;
  border-radius: 8px;
  border: 1px solid var(--hedera-resolver-border, #4a4e85);
  background: var(--hedera-resolver-input, #0f1020);
  color: inherit;
}
button {
  font: inherit;
  font-weight: 600;
  padding: 0.5rem 1.25rem;
  border: 0;
  border-radius: 8px;
  background: var(--hedera-resolver-accent, #5b3df0);
  color: #fff;
  cursor: pointer;
}
button:disabled { opacity: 0.6; cursor: progress; }
input:focus-visible, button:focus-visible {
  outline: 2px solid var(--hedera-resolver-focus, #b3a4ff);
  outline-offset: 2px;
}
.status { min-height: 1.5rem; margin-top: 0.5rem; }
.message { color: var(--hedera-resolver-danger, #ff8da1); }
.holder { margin: 0.25rem 0 0; overflow-wrap: anywhere; }
`;
