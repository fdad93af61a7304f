import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import '@registry/ui/theme.css';
import './shell.css';
import { appRoutes } from './routes';

const router = createBrowserRouter(appRoutes);
const container = document.getElementById('root');
if (!container) throw new Error('missing #root element');
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
