import { css, type Theme } from '@emotion/react';
import { Card, displayHeading } from '@grouarock/ui';
import type { MessageId } from '@grouarock/i18n';
import { useId } from 'react';
import { useT } from '../../../lib/i18n';
import { itemList } from '../../../lib/panel-styles';

const benefits: readonly MessageId[] = [
  'auth.benefits.streams',
  'auth.benefits.playlists',
  'auth.benefits.interaction',
  'auth.benefits.community',
  'auth.benefits.earlyAccess',
];

const heading = (theme: Theme) => css`
  margin: 0;
  ${displayHeading(theme)}
  font-size: ${theme.fontSizes['2xl']};
  color: ${theme.colors.secondary};
`;


const item = (theme: Theme) => css`
  display: flex;
  align-items: flex-start;
  gap: ${theme.space[3]};

  & > svg {
    flex: none;
    margin-top: 0.2em;
    color: ${theme.colors.accentText};
  }
`;

/** Why an account is worth having: the product's five benefits. */
export function Benefits() {
  const t = useT();
  const headingId = useId();
  return (
    <Card as="aside" padding="lg" aria-labelledby={headingId}>
      <h2 id={headingId} css={heading}>
        {t('auth.benefits.title')}
      </h2>
      <ul css={itemList}>
        {benefits.map((benefit) => (
          <li key={benefit} css={item}>
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="3">
              <path d="M5 12.5l4.5 4.5L19 7.5" />
            </svg>
            {t(benefit)}
          </li>
        ))}
      </ul>
    </Card>
  );
}
