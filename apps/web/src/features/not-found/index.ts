// The public face of features/not-found: other features import from here, never from its files.
export { NotFoundPage } from './components/not-found-page';
