import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@registry/webpack-config/create-app-config';

export default createAppConfig({
  appDir: fileURLToPath(new URL('.', import.meta.url)),
  name: 'shell',
  kind: 'host',
  devPort: 3000,
  title: 'Hedera Domains',
});
