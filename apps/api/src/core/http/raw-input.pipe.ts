import { type ArgumentMetadata, BadRequestException, type PipeTransform } from '@nestjs/common';

/** Deeper than any request of ours: the deepest DTO nests two levels. */
export const MAX_INPUT_DEPTH = 16;

/** A UTF-16 surrogate half without its partner: not text, and validators that decode it throw. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function problemWith(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain the NUL character (\\u0000)';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode text (it holds a lone UTF-16 surrogate)';
  return undefined;
}

/**
 * What every body, query and path parameter must be before any validation looks at it: no deeper than
 * MAX_INPUT_DEPTH (class-transformer and class-validator recurse, and a deep enough body overflows the
 * stack), and text PostgreSQL and the validators can take (no NUL, no lone surrogate), in keys and values
 * alike. The walk is iterative and stops at the first problem, so hostile input costs little.
 */
export class RawInputPipe implements PipeTransform {
  transform(value: unknown, { type }: ArgumentMetadata): unknown {
    if (type === 'custom') return value;
    const pending: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
    for (let item = pending.pop(); item; item = pending.pop()) {
      const field = item.path || type;
      if (typeof item.value === 'string') {
        const problem = problemWith(item.value);
        if (problem) throw new BadRequestException({ message: [`${field} ${problem}`], fields: [field] });
        continue;
      }
      if (typeof item.value !== 'object' || item.value === null) continue;
      if (item.depth >= MAX_INPUT_DEPTH) {
        throw new BadRequestException({ message: [`${field} is nested too deeply (at most ${MAX_INPUT_DEPTH} levels)`], fields: [field] });
      }
      for (const [key, child] of Object.entries(item.value)) {
        const path = item.path ? `${item.path}.${key}` : key;
        const problem = problemWith(key);
        if (problem) throw new BadRequestException({ message: [`The name of a field ${problem}`], fields: [item.path || type] });
        pending.push({ value: child, path, depth: item.depth + 1 });
      }
    }
    return value;
  }
}
