// The bare React page of the page figures, compiled as the apps are (webpack, swc, production mode).
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

export default {
  mode: 'production',
  context: import.meta.dirname,
  entry: './src/index.tsx',
  output: { path: path.join(import.meta.dirname, 'dist'), filename: 'main.js', clean: true },
  resolve: { extensions: ['.tsx', '.ts', '.js'] },
  module: {
    rules: [
      {
        test: /\.tsx?$/,
        exclude: /node_modules/,
        use: {
          loader: require.resolve('swc-loader'),
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic' } },
              target: 'es2022',
            },
          },
        },
      },
    ],
  },
};
