import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { paths } from '@registry/contracts/routes';
import '@registry/ui/theme.css';
import { pages } from './pages';

// Standalone mount for this remote's own dev server: its pages under the same paths as in the shell.
const routes = [
  { path: '/gui/domain/:type/detail', page: 'domain-detail' },
  { path: '/gui/domain/:type/manage', page: 'domain-manage' },
  { path: '/gui/odomain/web3/detail', page: 'other-domain-detail' },
  { path: '/gui/odomain/web3/manage', page: 'other-domain-manage' },
  { path: paths.myDomains, page: 'my-domains' },
  { path: '/gui/w3mysubdomains/:domain', page: 'my-subdomains' },
  { path: paths.pending, page: 'pending' },
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
