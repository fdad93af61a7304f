import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { paths } from '@registry/contracts/routes';
import '@registry/ui/theme.css';
import { pages } from './pages';

// Standalone mount for this remote's own dev server: its pages under the same paths as in the shell.
const routes = [
  { path: paths.cart, page: 'cart' },
  { path: paths.checkout, page: 'checkout' },
];

const router = createBrowserRouter(
  routes.map(({ path, page }) => {
    const Page = pages[page]!;
    return { path, element: <Page /> };
  }),
);
const container = document.getElementById('root');
if (!container) throw new Error('missing #root element');
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
