/**
 * The words an on/off setting takes, in any case: the `1`/`0` of our own examples and Docker Compose files, and the
 * `true`/`false`, `yes`/`no` and `on`/`off` that S3 guides, SDKs and YAML write. scripts/backup-common.mjs reads
 * S3_FORCE_PATH_STYLE with the same words (config.spec.ts checks that both agree).
 */
export const SWITCH_WORDS = { on: ['1', 'true', 'yes', 'on'], off: ['0', 'false', 'no', 'off'] } as const;

/** How an error names the accepted words. */
export const SWITCH_FORMS = '1/0, true/false, yes/no or on/off (any case)';

/** An on/off setting's value (trimmed, any case) as a boolean; undefined when it is none of SWITCH_WORDS. */
export function parseSwitch(value: string): boolean | undefined {
  const word = value.trim().toLowerCase();
  if ((SWITCH_WORDS.on as readonly string[]).includes(word)) return true;
  if ((SWITCH_WORDS.off as readonly string[]).includes(word)) return false;
  return undefined;
}
