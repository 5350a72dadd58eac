import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The repository's root: the nearest folder above this file with nx.json. Found rather than counted, because the
 * benchmarks bundle these helpers into tmp/bench, where this file's folder is another depth.
 */
export function repoRoot(from = __dirname): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'nx.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No nx.json above ${from}`);
  }
}
