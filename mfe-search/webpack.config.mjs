import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@registry/webpack-config/create-app-config';

export default createAppConfig({
  appDir: fileURLToPath(new URL('.', import.meta.url)),
  name: 'search',
  kind: 'remote',
  exposes: { './pages': './src/pages.tsx' },
  devPort: 3001,
  title: 'Search',
});
