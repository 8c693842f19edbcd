import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';

/**
 * Keeps the browser bundle light: Docusaurus' theme imports prism-react-renderer from a client module on every
 * page, but our code is highlighted at build time, so the import resolves to a small stub instead.
 */
export default function lightClient(context: LoadContext): Plugin {
  return {
    name: 'switchyard-light-client',
    configureWebpack() {
      return {
        resolve: { alias: { 'prism-react-renderer$': path.join(context.siteDir, 'src', 'prism-stub.tsx') } },
      };
    },
  };
}
