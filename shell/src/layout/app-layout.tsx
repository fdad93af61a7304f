import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { bus } from '@registry/bus';
import { clearStorageOnSessionExpiry } from '../session/session-expiry';
import { useWalletSession } from '../wallet/wallet-session';
import { startRateTicker } from './rate-ticker';
import { Footer } from './footer';
import { Header } from './header';

export function AppLayout() {
  const navigate = useNavigate();
  // Remotes never import the router of another app; they ask the shell to navigate.
  useEffect(
    () => bus.on('navigate', ({ to, replace }) => navigate(to, { replace: replace ?? false })),
    [navigate],
  );
  useEffect(() => clearStorageOnSessionExpiry(), []);
  useEffect(() => startRateTicker(), []);
  useEffect(() => void useWalletSession.getState().restore(), []);
  return (
    <div className="app">
      <Header />
      <main className="app-main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
