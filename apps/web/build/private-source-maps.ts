import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Moves the build's source maps out of the directory the server serves, into `privateDir` (same relative
 * paths), so they exist for reading error reports but are never public: they hold the original sources.
 * Pair it with `build.sourcemap: 'hidden'`, which leaves the bundles without a link to them.
 */
export function keepSourceMapsPrivate(privateDir: string): Plugin {
  return {
    name: 'grouarock:private-source-maps',
    apply: 'build',
    writeBundle(output) {
      const outDir = output.dir as string;
      rmSync(privateDir, { recursive: true, force: true });
      const maps = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.map'));
      for (const file of maps) {
        mkdirSync(path.dirname(path.join(privateDir, file)), { recursive: true });
        renameSync(path.join(outDir, file), path.join(privateDir, file));
      }
    },
  };
}
