import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { bus } from '@registry/bus';
import { startCartSync } from '@registry/cart/cart-store';
import { clearStorageOnSessionExpiry } from '../session/session-expiry';
import { useWalletSession } from '@registry/wallet/wallet-session';
import { api } from '../api';
import { startRateTicker } from './rate-ticker';
import { showsExtensionBanner } from './blade-mode';
import { Footer } from './footer';
import { FramePart, lazyPart } from './frame-part';
import { Header } from './header';
import { Toasts } from './toasts';

// Shown on some pages only (not the search page most visits start on): loaded with the first of them.
const ExtensionBanner = lazyPart(() => import('./extension-banner').then((module) => module.ExtensionBanner));

export function AppLayout() {
  const navigate = useNavigate();
  const location = useLocation();
  const banner = showsExtensionBanner(location);
  // Remotes never import the router of another app; they ask the shell to navigate.
  useEffect(
    () => bus.on('navigate', ({ to, replace }) => navigate(to, { replace: replace ?? false })),
    [navigate],
  );
  useEffect(() => clearStorageOnSessionExpiry(), []);
  // The shell owns the cart: it restores it, persists it and applies the remotes' bus events.
  useEffect(() => startCartSync(), []);
  useEffect(() => startRateTicker(api.getRate), []);
  useEffect(() => void useWalletSession.getState().restore(), []);
  return (
    // The page's top padding follows the fixed header's height: 92 px, 176 px with the banner, 70 px on phones.
    <div className="app" data-banner={banner ? 'shown' : 'hidden'}>
      <div className="app-top">
        <Header />
        {banner ? (
          <FramePart quiet>
            <ExtensionBanner />
          </FramePart>
        ) : null}
      </div>
      <main className="app-main">
        <Outlet />
      </main>
      <Footer />
      <Toasts />
    </div>
  );
}
