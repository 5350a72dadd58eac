import { screen, within } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app';
import { featuredConcerts } from '../featured-concerts';
import { FeaturedConcertsList } from './featured-concerts-list';

function entries() {
  return within(screen.getByRole('list', { name: 'Legendarne koncerty' })).getAllByRole('listitem');
}

describe('FeaturedConcertsList', () => {
  it('lists the 7 featured concerts under their heading, the first one large', () => {
    renderApp(<FeaturedConcertsList />);
    expect(screen.getByRole('heading', { level: 3, name: 'Legendarne koncerty' })).toBeInTheDocument();
    const items = entries();
    expect(items).toHaveLength(7);
    expect(items.map((item) => item.dataset['size'])).toEqual(['large', ...Array(6).fill('regular')]);
    expect(within(items[0]).getByRole('link')).toHaveAccessibleName('Nirvana Live at Reading (otwiera się w nowej karcie)');
  });

  it('links each entry to a YouTube search for the recording, in a new tab', () => {
    renderApp(<FeaturedConcertsList />);
    const links = entries().map((item) => within(item).getByRole('link'));
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://www.youtube.com/results?search_query=Nirvana%20Live%20at%20Reading',
      'https://www.youtube.com/results?search_query=Queen%20Live%20at%20Wembley%20Stadium',
      'https://www.youtube.com/results?search_query=The%20Clash%20Live%20at%20Shea%20Stadium',
      "https://www.youtube.com/results?search_query=Ramones%20It's%20Alive",
      'https://www.youtube.com/results?search_query=Sex%20Pistols%20Live%20at%20Winterland',
      "https://www.youtube.com/results?search_query=Green%20Day%20Woodstock%20'94",
      'https://www.youtube.com/results?search_query=Rage%20Against%20the%20Machine%20Live%20at%20Finsbury%20Park',
    ]);
    for (const [i, link] of links.entries()) {
      const { artist, title } = featuredConcerts[i];
      expect(link).toHaveAccessibleName(`${artist} ${title} (otwiera się w nowej karcie)`);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('shows the venue, the city in Polish, the date in Polish and the description', () => {
    renderApp(<FeaturedConcertsList />);
    const [nirvana, queen, , ramones] = entries();
    expect(nirvana).toHaveTextContent('Reading Festival, Reading');
    expect(within(nirvana).getByText('30 sierpnia 1992')).toHaveAttribute('dateTime', '1992-08-30');
    expect(nirvana).toHaveTextContent('Nirvana jako gwiazda ostatniego wieczoru Reading Festival 1992');
    expect(queen).toHaveTextContent('Wembley Stadium, Londyn');
    expect(within(queen).getByText('12 lipca 1986')).toBeInTheDocument();
    expect(within(ramones).getByText('31 grudnia 1977')).toHaveAttribute('dateTime', '1977-12-31');
    expect(ramones).toHaveTextContent('Szukaj nagrania w YouTube');
  });
});
