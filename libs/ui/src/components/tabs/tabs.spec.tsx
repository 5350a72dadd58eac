import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithUi } from '../../testing/render-with-ui';
import { Tabs, type TabItem } from './tabs';

const items: TabItem[] = [
  { value: 'live', label: 'Na żywo', content: 'Teraz gramy' },
  { value: 'schedule', label: 'Ramówka', content: 'Plan dnia' },
  { value: 'rec', label: 'Nagrania', content: 'Archiwum', disabled: true },
  { value: 'history', label: 'Historia', content: 'Ostatnio grane' },
];

describe('Tabs', () => {
  it('names the tab list and shows the first panel by default', () => {
    renderWithUi(<Tabs items={items} label="Widok radia" />);
    expect(screen.getByRole('tablist', { name: 'Widok radia' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Na żywo' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Teraz gramy');
  });

  it('moves with arrow keys, skips disabled tabs and wraps with Home/End', async () => {
    const user = userEvent.setup();
    const onValueChange = jest.fn();
    renderWithUi(<Tabs items={items} label="Widok radia" onValueChange={onValueChange} />);

    await user.tab();
    expect(screen.getByRole('tab', { name: 'Na żywo' })).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Ramówka' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Plan dnia');
    expect(onValueChange).toHaveBeenLastCalledWith('schedule');

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Historia' })).toHaveFocus();

    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Na żywo' })).toHaveAttribute('aria-selected', 'true');
  });

  it('selects a tab on click and respects defaultValue', async () => {
    const user = userEvent.setup();
    renderWithUi(<Tabs items={items} label="Widok radia" defaultValue="schedule" />);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Plan dnia');

    await user.click(screen.getByRole('tab', { name: 'Historia' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Ostatnio grane');
  });
});
