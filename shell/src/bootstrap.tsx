import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import '@registry/ui/theme.css';
import './shell.css';
import { appRoutes, redirectBareAddress } from './routes';

// The declarative router: the shell needs no loaders or actions, and this keeps the data router out of
// the first load.
function AppRoutes() {
  return useRoutes(appRoutes);
}

redirectBareAddress();
const container = document.getElementById('root');
if (!container) throw new Error('missing #root element');
const root = createRoot(container);
// A transition renders in slices that give the main thread back between them, so the first render
// (the frame and the page a phone opens on) never holds a tap or a paint for its whole length.
startTransition(() =>
  root.render(
    <StrictMode>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </StrictMode>,
  ),
);
