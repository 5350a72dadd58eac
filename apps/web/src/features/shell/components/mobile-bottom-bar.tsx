import { css, type Theme } from '@emotion/react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { bottomBarItems } from '../bottom-bar-items';
import { NewTabHint } from '../../../lib/new-tab-hint';

const barHeight = '4rem';

const bar = (theme: Theme) => css`
  display: none;

  ${theme.mq.belowMobile} {
    display: block;
    position: fixed;
    left: ${theme.space[2]};
    right: ${theme.space[2]};
    bottom: calc(${theme.space[2]} + env(safe-area-inset-bottom, 0px));
    z-index: ${theme.zIndices.sticky};
    border: 2px solid ${theme.colors.accent};
    border-radius: ${theme.radii.lg};
    /* Opaque, as the header (header.tsx): no backdrop blur to redraw under it on every frame. */
    background: ${theme.colors.bg};
    box-shadow: ${theme.shadows.lg};
  }
`;

/** Keeps the end of the page (the footer) scrollable out from under the floating bar. */
const spacer = (theme: Theme) => css`
  display: none;

  ${theme.mq.belowMobile} {
    display: block;
    height: calc(${barHeight} + ${theme.space[4]} + env(safe-area-inset-bottom, 0px));
  }
`;

const list = css`
  display: grid;
  grid-template-columns: repeat(4, 1fr);
  margin: 0;
  padding: 0;
  list-style: none;
`;

const link = (theme: Theme) => css`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 2px;
  min-height: ${barHeight};
  color: ${theme.colors.text};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.bold};
  text-decoration: none;

  &[aria-current='page'],
  &:hover {
    color: ${theme.colors.secondary};
  }

  svg {
    color: ${theme.colors.accentText};
  }
`;

function Icon({ d }: { d: string }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={d} />
    </svg>
  );
}

const icons: Record<string, ReactNode> = {
  'bottomBar.radio': <Icon d="M3 9h18v11H3zM7 9l10-5M8 13h3M8 16h3M16 14.5h.01" />,
  'bottomBar.live': <Icon d="M12 12h.01M8 8a5.5 5.5 0 0 0 0 8M16 8a5.5 5.5 0 0 1 0 8M5 5a10 10 0 0 0 0 14M19 5a10 10 0 0 1 0 14" />,
  'bottomBar.community': <Icon d="M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7ZM2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6M17 7a2.5 2.5 0 1 1 0 5M17.5 14.5c2.3.5 4 2.4 4 5" />,
  'bottomBar.aiStudio': <Icon d="M4 7h16v13H4zM12 3v4M9 13h.01M15 13h.01M9.5 17h5" />,
};

/** The floating bar at the bottom of the home page below 768 px: Radio, Live, the community site and Studio AI. */
export function MobileBottomBar() {
  const t = useT();
  return (
    <>
      <div css={spacer} aria-hidden="true" />
      <nav css={bar} aria-label={t('bottomBar.label')}>
        <ul css={list}>
          {bottomBarItems.map((item) => (
            <li key={item.label}>
              {item.kind === 'route' ? (
                <NavLink to={item.to} css={link}>
                  {icons[item.label]}
                  {t(item.label)}
                </NavLink>
              ) : item.kind === 'anchor' ? (
                <a href={item.href} css={link}>
                  {icons[item.label]}
                  {t(item.label)}
                </a>
              ) : (
                <a href={item.href} target="_blank" rel="noopener noreferrer" css={link}>
                  {icons[item.label]}
                  {t(item.label)}
                  <NewTabHint />
                </a>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
