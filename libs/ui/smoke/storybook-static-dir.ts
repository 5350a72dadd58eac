import { existsSync } from 'node:fs';
import path from 'node:path';

/** Where `nx run ui:build-storybook` writes the static Storybook this smoke run checks. */
export const storybookStaticDir = path.resolve(__dirname, '..', 'storybook-static');

/** Fails early, with the command to run, when the Storybook has not been built. */
export function assertStorybookBuilt(): void {
  if (!existsSync(path.join(storybookStaticDir, 'index.json'))) {
    throw new Error(
      `No built Storybook in ${storybookStaticDir}. Build it first: ` +
        'npx storybook build -c libs/ui/.storybook -o libs/ui/storybook-static (or nx run ui:build-storybook).',
    );
  }
}
