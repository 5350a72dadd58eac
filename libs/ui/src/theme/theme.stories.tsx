import { useTheme } from '@emotion/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge } from '../components/badge/badge';
import { UiProvider } from './ui-provider';
import { type ColorToken } from './colors';

const swatches: ColorToken[] = ['bg', 'surface', 'surfaceRaised', 'text', 'textMuted', 'accent', 'accentText', 'secondary', 'success', 'info', 'focusRing'];

function Palette() {
  const theme = useTheme();
  return (
    <section>
      <h2 style={{ fontSize: theme.fontSizes['3xl'], marginBottom: 16 }}>Kolory sceny</h2>
      <ul style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 12, padding: 0, listStyle: 'none' }}>
        {swatches.map((token) => (
          <li key={token} style={{ border: `2px solid ${theme.colors.border}`, borderRadius: 8, overflow: 'hidden' }}>
            <div style={{ height: 56, background: theme.colors[token] }} />
            <div style={{ padding: 8, fontSize: theme.fontSizes.sm }}>
              <strong>{token}</strong>
              <br />
              <code style={{ color: theme.colors.textMuted }}>{theme.colors[token]}</code>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TypeScale() {
  const theme = useTheme();
  return (
    <section style={{ marginTop: 32, display: 'grid', gap: 12 }}>
      <h2 style={{ fontSize: theme.fontSizes['5xl'] }}>GrouaRock <Badge tone="live">LIVE</Badge></h2>
      <p style={{ fontFamily: theme.fonts.display, fontSize: theme.fontSizes['2xl'], letterSpacing: theme.letterSpacings.display }}>
        Bebas Neue – nagłówki, przyciski i plakietki
      </p>
      <p style={{ maxWidth: '60ch' }}>
        Krój systemowy – tekst główny. Radio online, mikser DJ i koncerty na żywo dla fanów rocka i punka. Zażółć gęślą jaźń.
      </p>
      <p style={{ color: theme.colors.textMuted, fontSize: theme.fontSizes.sm }}>Tekst pomocniczy, np. podpowiedzi w formularzach.</p>
    </section>
  );
}

const meta = {
  title: 'Foundations/Theme',
  component: UiProvider,
  args: { toastLabels: { label: 'Powiadomienie', viewportLabel: 'Powiadomienia ({hotkey})', closeLabel: 'Zamknij' } },
  // The preview decorator already wraps every story in UiProvider; this page only shows its tokens.
  render: () => (
    <>
      <Palette />
      <TypeScale />
    </>
  ),
} satisfies Meta<typeof UiProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Tokens: Story = {};
