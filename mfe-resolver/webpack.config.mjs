import { createRemoteConfig } from '@registry/webpack-config/create-app-config';

export default createRemoteConfig(import.meta.url, {
  // Other sites' pages: <script src=".../embed/resolver/resolver.js"> and <hedera-resolver>.
  embeds: { 'resolver.js': './src/embed/resolver-embed.ts' },
});
