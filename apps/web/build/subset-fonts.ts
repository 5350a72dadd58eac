import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

export interface FontSubset {
  /** The font file as the stylesheets import it, e.g. @expo-google-fonts/bebas-neue/400Regular/BebasNeue_400Regular.ttf. */
  font: string;
  /** Every character the subset keeps. */
  text: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The name of the woff2 file `font` is cut to (before the build names it by its content). */
export const subsetFileName = (font: string): string => `${path.basename(font, path.extname(font))}.woff2`;

/**
 * Shrinks font files of the build to the characters the product's languages need from them: each subset is written
 * as woff2 to `outDir` before the build and the stylesheets' imports of the font are pointed at it, so the build names
 * it by its own content (the stylesheet's `src` names no format: the browser reads it from the file). A character a
 * subset lacks (a foreign name's letter, say) is drawn in the next font of the family's stack, as for any missing glyph.
 */
export function subsetFonts(subsets: readonly FontSubset[], outDir: string): Plugin {
  const require = createRequire(import.meta.url);
  return {
    name: 'grouarock:subset-fonts',
    apply: 'build',
    async config() {
      mkdirSync(outDir, { recursive: true });
      const alias = await Promise.all(
        subsets.map(async ({ font, text }) => {
          const subset = path.join(outDir, subsetFileName(font));
          writeFileSync(subset, await subsetFont(readFileSync(require.resolve(font)), text, { targetFormat: 'woff2' }));
          return { find: new RegExp(`^${escapeRegExp(font)}$`), replacement: subset };
        }),
      );
      return { resolve: { alias } };
    },
  };
}
