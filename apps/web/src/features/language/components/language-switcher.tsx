import { css, type Theme } from '@emotion/react';
import { locales, type Locale } from '@grouarock/i18n';
import { useAtom } from 'jotai';
import { useT } from '../../../lib/i18n';
import { localeAtom } from '../atoms';

const group = (theme: Theme) => css`
  display: inline-flex;
  align-self: flex-start;
  border: 2px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radii.md};
  overflow: hidden;
`;

const option = (theme: Theme) => css`
  min-width: 2.75rem;
  min-height: 2.25rem;
  padding: 0 ${theme.space[2]};
  border: 0;
  background: transparent;
  color: ${theme.colors.textMuted};
  font-family: ${theme.fonts.display};
  font-size: ${theme.fontSizes.lg};
  letter-spacing: 0.06em;
  cursor: pointer;

  &:hover {
    color: ${theme.colors.text};
  }

  &[aria-pressed='true'] {
    background: ${theme.colors.secondary};
    color: ${theme.colors.onSecondary};
  }

  ${theme.mq.coarsePointer} {
    min-height: ${theme.touchTarget};
  }
`;

const shortNames: Record<Locale, string> = { pl: 'PL', en: 'EN', nl: 'NL' };

/** PL / EN / NL: a group of toggle buttons, each named by its language in that language. */
export function LanguageSwitcher() {
  const [locale, setLocale] = useAtom(localeAtom);
  const t = useT();
  return (
    <div role="group" aria-label={t('language.label')} css={group}>
      {locales.map((l) => (
        <button
          key={l}
          type="button"
          css={option}
          lang={l}
          aria-pressed={l === locale}
          title={t(`language.${l}`)}
          onClick={() => setLocale(l)}
        >
          {shortNames[l]}
        </button>
      ))}
    </div>
  );
}
