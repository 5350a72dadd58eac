import { useTheme } from '@emotion/react';
import { render, screen } from '@testing-library/react';
import { colors } from './colors';
import { breakpoints, mq } from './media';
import { theme } from './theme';
import { UiProvider } from './ui-provider';

/** WCAG 2.x relative luminance and contrast ratio of two #rrggbb colours. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const lin = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
}

function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

describe('theme colours', () => {
  // Text pairs the components actually use; AA needs 4.5:1 for normal text.
  const textPairs: [string, string, string][] = [
    ['text on bg', colors.text, colors.bg],
    ['text on surface', colors.text, colors.surface],
    ['text on raised', colors.text, colors.surfaceRaised],
    ['muted on bg', colors.textMuted, colors.bg],
    ['muted on surface', colors.textMuted, colors.surface],
    ['muted on raised', colors.textMuted, colors.surfaceRaised],
    ['accent text on bg', colors.accentText, colors.bg],
    ['accent text on surface', colors.accentText, colors.surface],
    ['on accent (primary button)', colors.onAccent, colors.accent],
    ['on accent hover', colors.onAccent, colors.accentHover],
    ['on secondary', colors.onSecondary, colors.secondary],
    ['on secondary hover', colors.onSecondary, colors.secondaryHover],
    ['on danger', colors.onDanger, colors.danger],
    ['on danger hover', colors.onDanger, colors.dangerHover],
    ['text on success toast', colors.text, colors.successTint],
    ['text on error toast', colors.text, colors.errorTint],
    ['text on info toast', colors.text, colors.infoTint],
  ];

  it.each(textPairs)('%s passes WCAG AA (4.5:1)', (_name, foreground, background) => {
    expect(contrast(foreground, background)).toBeGreaterThanOrEqual(4.5);
  });

  // Non-text contrast (WCAG 1.4.11): control outlines and the focus ring need 3:1.
  it.each([
    ['control border on surface', colors.borderStrong, colors.surface],
    ['control border on bg', colors.borderStrong, colors.bg],
    ['focus ring on bg', colors.focusRing, colors.bg],
    ['focus ring on surface', colors.focusRing, colors.surface],
  ])('%s reaches 3:1', (_name, foreground, background) => {
    expect(contrast(foreground, background)).toBeGreaterThanOrEqual(3);
  });
});

describe('media queries', () => {
  it('switches to mobile layouts below 768px', () => {
    expect(breakpoints.mobile).toBe(768);
    expect(mq.belowMobile).toBe('@media (max-width: 767.98px)');
    expect(mq.mobileUp).toBe('@media (min-width: 768px)');
    expect(mq.up('lg')).toBe('@media (min-width: 1024px)');
    expect(mq.below('sm')).toBe('@media (max-width: 479.98px)');
  });

  it('is reachable from the theme', () => {
    expect(theme.mq.belowMobile).toBe(mq.belowMobile);
  });
});

describe('UiProvider', () => {
  it('provides the theme to emotion', () => {
    function Probe() {
      return <span>{useTheme().colors.accent}</span>;
    }
    render(
      <UiProvider toastLabels={{ label: 'Powiadomienie', viewportLabel: 'Powiadomienia', closeLabel: 'Zamknij' }}>
        <Probe />
      </UiProvider>,
    );
    expect(screen.getByText(colors.accent)).toBeInTheDocument();
    // The toast region (and its code) arrives with the first toast (toast.spec.tsx).
    expect(screen.queryByRole('region', { name: 'Powiadomienia' })).not.toBeInTheDocument();
  });
});
