/** Spec: the browser-extension download banner of the pages that show it. */
export function ExtensionBanner() {
  return (
    <aside className="extension-banner" aria-label="Wallet extensions">
      <p>Buy and manage your domains with a browser wallet extension:</p>
      <a href="https://www.hashpack.app/download" target="_blank" rel="noreferrer">
        Get HashPack
      </a>
      <a href="https://bladewallet.io/" target="_blank" rel="noreferrer">
        Get Blade
      </a>
    </aside>
  );
}
