// The public face of features/playlists: other features import from here, never from its files. Every part loads
// lazily, with its texts, as its own chunk: /radio and /profile show them after their own first screen.
import { lazy } from 'react';
import { withMessages } from '../../lib/locale-messages';

/** The account's playlists (/radio, /profile): make, rename, reorder, share, delete, play. */
export const PlaylistsPanel = lazy(withMessages(['playlists'], () => import('./components/playlists-panel')));

/** "Dodaj do playlisty" for the station playing or the track heard. */
export const AddToPlaylist = lazy(withMessages(['playlists'], () => import('./components/add-to-playlist')));

/** "Dla Ciebie" on /radio: recommendations for paid plans, a teaser for Basic. */
export const ForYou = lazy(withMessages(['playlists'], () => import('./components/for-you')));

/** /playlists/:id, a shared playlist's page. */
export const PlaylistPage = lazy(withMessages(['playlists'], () => import('./components/playlist-page')));
