import type { Preview } from '@storybook/react-vite';
import { UiProvider, colors, type ToastLabels } from '../src/index';

// Stories use Polish sample copy, like the product; tell assistive tech which language it is.
document.documentElement.lang = 'pl';

const toastLabels: ToastLabels = {
  label: 'Powiadomienie',
  viewportLabel: 'Powiadomienia ({hotkey})',
  closeLabel: 'Zamknij powiadomienie',
};

const preview: Preview = {
  decorators: [
    (Story) => (
      <UiProvider toastLabels={toastLabels}>
        <Story />
      </UiProvider>
    ),
  ],
  parameters: {
    layout: 'padded',
    backgrounds: {
      options: {
        stage: { name: 'Stage', value: colors.bg },
        surface: { name: 'Surface', value: colors.surface },
      },
    },
    controls: { matchers: { color: /(background|color)$/i } },
    // Fail the Storybook a11y panel's test run on violations instead of only listing them.
    a11y: { test: 'error' },
  },
  initialGlobals: {
    backgrounds: { value: 'stage' },
  },
};

export default preview;
