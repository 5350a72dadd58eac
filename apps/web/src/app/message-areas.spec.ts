/** @jest-environment node */
import { areas, loadArea, withIncludedAreas, type Area } from '@grouarock/i18n';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const src = path.resolve(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) ? [full] : [];
  });
}

/**
 * A screen renders once its own dictionary area is loaded (lib/locale-messages.ts, withMessages), and the shell
 * with only the core area: so code in features/<area> (or a folder inside a feature named after its own area, as radio/mixer) may use ids of core, of that area and of the areas it includes,
 * everything else only core ids, or it would show a message id instead of its text.
 */
describe('message ids by dictionary area', () => {
  it('every file uses only the ids of core and of its own area', async () => {
    const ids = new Map<string, Area>();
    for (const area of areas) for (const id of Object.keys(await loadArea('pl', area))) ids.set(id, area);
    const idLiteral = /['"`]([a-zA-Z]+\.[A-Za-z0-9_.-]+)['"`]/g;

    let checked = 0;
    const misplaced = sources(src).flatMap((file) => {
      const relative = path.relative(src, file);
      // The innermost folder under features/ that names an area (features/radio/mixer/… is the mixer's).
      const folders = relative.startsWith(`features${path.sep}`) ? relative.split(path.sep).slice(1, -1) : [];
      const feature = folders.reverse().find((folder) => (areas as readonly string[]).includes(folder));
      const allowed = new Set<Area>(['core', ...withIncludedAreas(areas.filter((area) => area === feature))]);
      return [...readFileSync(file, 'utf8').matchAll(idLiteral)]
        .map((match) => match[1])
        .filter((id) => ids.has(id) && ++checked > 0 && !allowed.has(ids.get(id) as Area))
        .map((id) => `${relative}: ${id} (${ids.get(id)})`);
    });

    expect(checked).toBeGreaterThan(500);
    expect(misplaced).toEqual([]);
  });
});
