import { ClientLogs1763712000000 } from './1763712000000-client-logs';

/** Every migration, oldest first. The schema is made by these alone (synchronize is never on). */
export const migrations = [ClientLogs1763712000000];
