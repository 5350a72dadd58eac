import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { EntitlementsService } from '../billing/entitlements.service';
import { StationsService } from '../radio/stations.service';
import { toTrackDto, trackKey } from '../radio/tracks.service';
import { type PlaylistEntry, PlaylistRepository, type PlaylistRow } from '../repositories/playlist.repository';
import { TrackRepository } from '../repositories/track.repository';
import type { CreatePlaylistDto, PlaylistDetailDto, PlaylistDto, PlaylistItemDto, PlaylistItemInputDto, PlaylistListDto, UpdatePlaylistDto } from './playlist.dto';

export function toPlaylistDto(row: PlaylistRow): PlaylistDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    trackCount: row.trackCount,
    stationCount: row.stationCount,
    duration: row.duration,
    isPublic: row.isPublic,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ownerName: row.ownerName,
  };
}

const notFound = () => new NotFoundException({ message: 'No such playlist', code: 'playlist_not_found' });

/**
 * Users' playlists of stations and tracks. Only the owner sees a private one or changes any; a public one is readable
 * by anyone and found by search. A playlist holds as many stations as the owner's plan advertises (5, 50, 200).
 */
@Injectable()
export class PlaylistsService {
  static readonly maxPlaylists = 50;

  constructor(
    private readonly playlists: PlaylistRepository,
    private readonly tracks: TrackRepository,
    private readonly stations: StationsService,
    private readonly entitlements: EntitlementsService,
  ) {}

  async list(userId: string): Promise<PlaylistListDto> {
    const [rows, limits] = await Promise.all([this.playlists.ofUser(userId), this.entitlements.limitsOf(userId)]);
    return { playlists: rows.map(toPlaylistDto), maxPlaylists: PlaylistsService.maxPlaylists, maxStationsPerPlaylist: limits.stations };
  }

  async create(userId: string, body: CreatePlaylistDto): Promise<PlaylistDetailDto> {
    const entries = await this.entriesOf(userId, body.items ?? []);
    const description = body.description || null;
    const id = await this.playlists.insertWithinLimit(userId, { name: body.name, description, isPublic: body.isPublic ?? false, searchKey: searchKey(body.name, description) }, entries, PlaylistsService.maxPlaylists);
    if (!id) throw new ConflictException({ message: `An account may have ${PlaylistsService.maxPlaylists} playlists: delete one first`, code: 'too_many_playlists' });
    return this.detail((await this.playlists.find(id))!);
  }

  /** The caller's playlist, or anyone's public one; 404 for everything else (others' private ones included). */
  async get(id: string, callerId: string | undefined): Promise<PlaylistDetailDto> {
    const row = await this.playlists.find(id);
    if (!row || (!row.isPublic && row.userId !== callerId)) throw notFound();
    return this.detail(row);
  }

  async update(userId: string, id: string, body: UpdatePlaylistDto): Promise<PlaylistDetailDto> {
    const current = await this.playlists.find(id);
    if (!current || current.userId !== userId) throw notFound();
    const entries = body.items ? await this.entriesOf(userId, body.items) : undefined;
    const name = body.name ?? current.name;
    const description = body.description === undefined ? current.description : body.description || null;
    const changed = await this.playlists.update(
      id,
      userId,
      { ...(body.name !== undefined ? { name } : {}), ...(body.description !== undefined ? { description } : {}), ...(body.isPublic !== undefined ? { isPublic: body.isPublic } : {}), searchKey: searchKey(name, description) },
      entries,
    );
    if (!changed) throw notFound();
    return this.detail((await this.playlists.find(id))!);
  }

  async delete(userId: string, id: string): Promise<void> {
    if (!(await this.playlists.delete(id, userId))) throw notFound();
  }

  async searchPublic(q: string, limit = 20): Promise<PlaylistDto[]> {
    return (await this.playlists.searchPublic(trackKey(q), limit)).map(toPlaylistDto);
  }

  private async entriesOf(userId: string, items: readonly PlaylistItemInputDto[]): Promise<PlaylistEntry[]> {
    const stationIds = items.filter((i) => i.type === 'station').map((i) => i.id);
    const trackIds = items.filter((i) => i.type === 'track').map((i) => i.id);
    const badTrack = trackIds.find((id) => !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
    if (badTrack !== undefined) throw new BadRequestException({ message: `"${badTrack}" is not a track id`, code: 'invalid_item', fields: ['items'] });
    const [known, tracks, limits] = await Promise.all([this.stations.list({}), this.tracks.byIds(trackIds), this.entitlements.limitsOf(userId)]);
    const knownStations = new Set(known.map((s) => s.id));
    const unknown = [...stationIds.filter((id) => !knownStations.has(id)), ...trackIds.filter((id) => !tracks.some((t) => t.id === id))];
    if (unknown.length) throw new BadRequestException({ message: `Unknown stations or tracks: ${[...new Set(unknown)].join(', ')}`, code: 'unknown_item', fields: ['items'] });
    if (stationIds.length > limits.stations) {
      throw new ForbiddenException({ message: `Your plan's playlists hold ${limits.stations} stations; Premium and Ultra hold more`, code: 'plan_limit' });
    }
    return items.map((i) => (i.type === 'station' ? { stationId: i.id, trackId: null } : { stationId: null, trackId: i.id }));
  }

  private async detail(row: PlaylistRow): Promise<PlaylistDetailDto> {
    const entries = await this.playlists.entries(row.id);
    const [stations, tracks] = await Promise.all([this.stations.list({}), this.tracks.byIds(entries.flatMap((e) => (e.trackId ? [e.trackId] : [])))]);
    const stationById = new Map(stations.map((s) => [s.id, s]));
    const trackById = new Map(tracks.map((t) => [t.id, toTrackDto(t)]));
    return {
      ...toPlaylistDto(row),
      items: entries.flatMap((e): PlaylistItemDto[] => {
        if (e.stationId) {
          const station = stationById.get(e.stationId);
          return station ? [{ type: 'station', station }] : [];
        }
        const track = trackById.get(e.trackId!);
        return track ? [{ type: 'track', track }] : [];
      }),
    };
  }
}

function searchKey(name: string, description: string | null): string {
  return trackKey(`${name} ${description ?? ''}`).slice(0, 610);
}
