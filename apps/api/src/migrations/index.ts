import { ClientLogs1763712000000 } from './1763712000000-client-logs';
import { Accounts1763740000000 } from './1763740000000-accounts';
import { Radio1763750000000 } from './1763750000000-radio';
import { Visitors1763760000000 } from './1763760000000-visitors';
import { Events1763770000000 } from './1763770000000-events';
import { Billing1763780000000 } from './1763780000000-billing';
import { Live1763790000000 } from './1763790000000-live';
import { Studio1763800000000 } from './1763800000000-studio';
import { Developer1763810000000 } from './1763810000000-developer';
import { Library1763820000000 } from './1763820000000-library';
import { Webhooks1763830000000 } from './1763830000000-webhooks';
import { DataRights1763840000000 } from './1763840000000-data-rights';
import { LivePublisher1763850000000 } from './1763850000000-live-publisher';
import { LiveCluster1763870000000 } from './1763870000000-live-cluster';
import { RelayPresence1763860000000 } from './1763860000000-relay-presence';
import { ApiKeyTake1763880000000 } from './1763880000000-api-key-take';
import { StationPlans1764300000000 } from './1764300000000-station-plans';
import { AdBreaks1764400000000 } from './1764400000000-ad-breaks';
import { LiveAudience1764500000000 } from './1764500000000-live-audience';
import { LosslessStreams1764600000000 } from './1764600000000-lossless-streams';
import { ApiKeyTakeBatch1764710000000 } from './1764710000000-api-key-take-batch';
import { ApiKeyTakeMany1764720000000 } from './1764720000000-api-key-take-many';
import { LiveReconnect1764730000000 } from './1764730000000-live-reconnect';
import { ScheduledJobRuns1764800000000 } from './1764800000000-scheduled-job-runs';
import { AccountSecurity1764900000000 } from './1764900000000-account-security';
import { CspReports1764910000000 } from './1764910000000-csp-reports';

/** Every migration, oldest first. The schema is made by these alone (synchronize is never on). */
export const migrations = [ClientLogs1763712000000, Accounts1763740000000, Radio1763750000000, Visitors1763760000000, Events1763770000000, Billing1763780000000, Live1763790000000, Studio1763800000000, Developer1763810000000, Library1763820000000, Webhooks1763830000000, DataRights1763840000000, LivePublisher1763850000000, RelayPresence1763860000000, LiveCluster1763870000000, ApiKeyTake1763880000000, StationPlans1764300000000, AdBreaks1764400000000, LiveAudience1764500000000, LosslessStreams1764600000000, ApiKeyTakeBatch1764710000000, ApiKeyTakeMany1764720000000, LiveReconnect1764730000000, ScheduledJobRuns1764800000000, AccountSecurity1764900000000, CspReports1764910000000];
