import { EmailToken } from './auth/email-token.entity';
import { Identity } from './auth/identity.entity';
import { RefreshToken } from './auth/refresh-token.entity';
import { Session } from './auth/session.entity';
import { User } from './auth/user.entity';
import { BillingCustomer } from './billing/billing-customer.entity';
import { BillingSubscription } from './billing/billing-subscription.entity';
import { PlanGrant } from './billing/plan-grant.entity';
import { StripeEvent } from './billing/stripe-event.entity';
import { LiveStream } from './live/live-stream.entity';
import { StudioGeneration } from './studio/studio-generation.entity';
import { StudioTrack } from './studio/studio-track.entity';
import { ApiKey } from './developer/api-key.entity';
import { ApiPlanGrant } from './developer/api-plan-grant.entity';
import { Track } from './radio/track.entity';
import { TrackPlay } from './radio/track-play.entity';
import { Playlist } from './playlists/playlist.entity';
import { PlaylistItem } from './playlists/playlist-item.entity';
import { AffiliateClick } from './events/affiliate-click.entity';
import { MusicEvent } from './events/event.entity';
import { StationLike } from './radio/station-like.entity';
import { Station } from './radio/station.entity';
import { WeeklyTopStation } from './radio/weekly-top-station.entity';
import { ClientLog } from './site/client-log.entity';
import { VisitorCounter } from './site/visitor-counter.entity';
import { VisitorSession } from './site/visitor-session.entity';

/** Every entity. The database module registers exactly these; the schema check compares them to the migrations. */
export const entities = [ClientLog, User, Identity, Session, RefreshToken, EmailToken, Station, StationLike, WeeklyTopStation, VisitorCounter, VisitorSession, MusicEvent, AffiliateClick, BillingCustomer, BillingSubscription, StripeEvent, PlanGrant, LiveStream, StudioGeneration, StudioTrack, ApiKey, ApiPlanGrant, Track, TrackPlay, Playlist, PlaylistItem];
