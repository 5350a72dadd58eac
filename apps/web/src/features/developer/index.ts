export { ApiKeysPanel } from './components/api-keys-panel';
