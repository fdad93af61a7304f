import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@registry/webpack-config/create-app-config';

export default createAppConfig({
  appDir: fileURLToPath(new URL('.', import.meta.url)),
  name: 'my_domains',
  kind: 'remote',
  exposes: { './pages': './src/pages.tsx' },
  devPort: 3003,
  title: 'My Domains',
});
