import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';

/** The version data of the docs plugin (`.docusaurus/docusaurus-plugin-content-docs/<id>/p/<version>.json`). */
export const VERSION_DATA = /docusaurus-plugin-content-docs[\\/][^\\/]+[\\/]p[\\/][^\\/]+\.json$/;

/**
 * Keeps the browser bundle light: Docusaurus' theme imports prism-react-renderer from a client module on every
 * page, but our code is highlighted at build time, so the import resolves to a small stub instead; and the version
 * data every page loads goes without the doc descriptions nothing on the site reads.
 */
export default function lightClient(context: LoadContext): Plugin {
  return {
    name: 'switchyard-light-client',
    configureWebpack() {
      return {
        resolve: { alias: { 'prism-react-renderer$': path.join(context.siteDir, 'src', 'prism-stub.tsx') } },
        module: {
          rules: [
            {
              test: VERSION_DATA,
              loader: path.join(context.siteDir, 'plugins', 'lean-version-data-loader.cjs'),
            },
          ],
        },
      };
    },
  };
}
