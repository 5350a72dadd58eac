import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithUi } from '../../testing/render-with-ui';
import { TextArea } from './text-area';

describe('TextArea', () => {
  it('labels the text area and takes several lines', async () => {
    renderWithUi(<TextArea label="Opis" />);
    const area = screen.getByRole('textbox', { name: 'Opis' });
    await userEvent.type(area, 'Nowe numery{enter}i stare hity');
    expect(area).toHaveValue('Nowe numery\ni stare hity');
  });

  it('is invalid with an error, described by it first and then by its hint', () => {
    renderWithUi(<TextArea label="Opis" hint="Do 500 znaków" error="Za długi opis" />);
    const area = screen.getByRole('textbox', { name: 'Opis' });
    expect(area).toHaveAttribute('aria-invalid', 'true');
    expect(area).toHaveAccessibleDescription('Za długi opis Do 500 znaków');
  });
});
