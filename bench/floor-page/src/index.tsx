import { createRoot } from 'react-dom/client';

/** The page floor: React rendering one heading, built like the product's pages. */
createRoot(document.getElementById('root')!).render(<h1>Hedera Domains</h1>);
