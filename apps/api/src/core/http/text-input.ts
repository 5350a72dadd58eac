/** class-transformer's @Transform that trims a string (anything else passes as it came, for the validators to refuse). */
export const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** One line of text: no control characters at all (a title, a name). */
export const ONE_LINE = /^[^\p{Cc}]*$/u;

/** Text that may have line breaks and tabs, but no other control characters (a description, a prompt). */
export const TEXT = /^[^\p{Cc}]*(?:[\r\n\t][^\p{Cc}]*)*$/u;
