import type { Meta, StoryObj } from '@storybook/react-vite';
import { CountryMark } from './country-mark';
import { drawnFlagCodes } from './flags';

const meta = {
  title: 'Components/CountryMark',
  component: CountryMark,
  args: { code: 'pl' },
  decorators: [
    (Story) => (
      <div style={{ fontSize: 24 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof CountryMark>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Poland: Story = {};

/** A country with no drawing of ours: its code in a badge of the flag's size, in the text's colour. */
export const CodeForAnUndrawnCountry: Story = { args: { code: 'cz' } };

/** Alone (no name beside it), the mark takes the country's name and reads as an image. */
export const Standalone: Story = { args: { code: 'gb', title: 'Wielka Brytania' } };

/** Beside a name, as the station library's headings and the station cards show it, at the sizes the app uses. */
export const BesideName: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 12 }}>
      {[12, 14, 18, 24].map((size) => (
        <p key={size} style={{ display: 'flex', alignItems: 'center', gap: '0.4em', margin: 0, fontSize: size }}>
          <CountryMark code="nl" />
          Holandia
          <CountryMark code="cz" />
          Czechy
        </p>
      ))}
    </div>
  ),
};

/** Every flag we draw, with its code; the last is a code we do not draw. */
export const AllMarks: Story = {
  render: () => (
    <ul style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(5em, 1fr))', gap: 12, margin: 0, padding: 0, listStyle: 'none' }}>
      {[...drawnFlagCodes, 'cz'].map((code) => (
        <li key={code} style={{ display: 'flex', alignItems: 'center', gap: '0.4em' }}>
          <CountryMark code={code} />
          <small>{code.toUpperCase()}</small>
        </li>
      ))}
    </ul>
  ),
};
