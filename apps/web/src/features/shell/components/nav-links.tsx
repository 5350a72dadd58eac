import { css, type Theme } from '@emotion/react';
import { NavLink } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { navItems } from '../nav-items';
import { NewTabHint } from '../../../lib/new-tab-hint';

const list = (theme: Theme, vertical: boolean) => css`
  display: flex;
  flex-direction: ${vertical ? 'column' : 'row'};
  align-items: ${vertical ? 'stretch' : 'center'};
  gap: ${vertical ? theme.space[1] : theme.space[1]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const link = (theme: Theme, vertical: boolean) => css`
  display: flex;
  align-items: center;
  min-height: ${theme.touchTarget};
  padding: 0 ${theme.space[3]};
  border-radius: ${theme.radii.md};
  color: ${theme.colors.text};
  font-family: ${theme.fonts.display};
  font-size: ${vertical ? theme.fontSizes['2xl'] : theme.fontSizes.xl};
  letter-spacing: 0.05em;
  text-decoration: none;
  border-bottom: 3px solid transparent;

  &:hover {
    color: ${theme.colors.secondary};
  }

  &[aria-current='page'] {
    color: ${theme.colors.secondary};
    border-bottom-color: ${theme.colors.accent};
  }
`;

export interface NavLinksProps {
  vertical?: boolean;
  /** Called after any link is followed (the mobile drawer closes itself). */
  onNavigate?: () => void;
}

/** The header's links; the current route is marked (aria-current) and highlighted. */
export function NavLinks({ vertical = false, onNavigate }: NavLinksProps) {
  const t = useT();
  return (
    <ul css={(theme) => list(theme, vertical)}>
      {navItems.map((item) => (
        <li key={item.label}>
          {item.kind === 'route' ? (
            <NavLink to={item.to} css={(theme) => link(theme, vertical)} onClick={onNavigate}>
              {t(item.label)}
            </NavLink>
          ) : item.kind === 'anchor' ? (
            <a href={item.href} css={(theme) => link(theme, vertical)} onClick={onNavigate}>
              {t(item.label)}
            </a>
          ) : (
            <a href={item.href} target="_blank" rel="noopener noreferrer" css={(theme) => link(theme, vertical)}>
              {t(item.label)}
              <NewTabHint />
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
