export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="app-footer">
      <span>© {year} Hedera Domains. All rights reserved.</span>
      <nav className="app-footer__links">
        <a href="/privacy">Privacy</a>
        <a href="/terms">Terms</a>
        <a href="/faqs">FAQs</a>
        <a href="/contact">Contact</a>
      </nav>
      <span className="app-footer__powered">
        Powered by{' '}
        <a href="https://hedera.com" target="_blank" rel="noreferrer">
          Hedera
        </a>
      </span>
    </footer>
  );
}
