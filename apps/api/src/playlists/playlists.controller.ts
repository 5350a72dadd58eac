import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, OptionalPrincipal, type Principal } from '../auth/auth.guard';
import { Authenticated } from '../auth/authenticated.decorator';
import { Endpoint } from '../core/http/endpoint.decorator';
import { CreatePlaylistDto, PlaylistDetailDto, PlaylistIdParamDto, PlaylistListDto, UpdatePlaylistDto } from './playlist.dto';
import { PlaylistsService } from './playlists.service';

const writeErrors = [
  HttpStatus.BAD_REQUEST,
  { status: HttpStatus.FORBIDDEN, description: 'code plan_limit: more stations than the plan’s playlists hold' },
];

@ApiTags('playlists')
@Controller()
export class PlaylistsController {
  constructor(private readonly playlists: PlaylistsService) {}

  @Get('user/playlists')
  @Endpoint({ id: 'listMyPlaylists', summary: 'Your playlists, the newest first', ok: PlaylistListDto })
  @Authenticated({ confirmed: true })
  list(@CurrentPrincipal() principal: Principal): Promise<PlaylistListDto> {
    return this.playlists.list(principal.userId);
  }

  @Post('user/playlists')
  @ApiCreatedResponse({ type: PlaylistDetailDto })
  @Endpoint({ id: 'createPlaylist', summary: 'Make a playlist of stations and tracks', errors: [...writeErrors, { status: HttpStatus.CONFLICT, description: 'code too_many_playlists' }] })
  @Authenticated({ confirmed: true })
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreatePlaylistDto): Promise<PlaylistDetailDto> {
    return this.playlists.create(principal.userId, body);
  }

  @Get('playlists/:id')
  @Endpoint({ id: 'getPlaylist', summary: 'A playlist with its entries: your own, or anyone’s public one', ok: PlaylistDetailDto, errors: [HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND] })
  @Authenticated({ optional: true })
  get(@Param() { id }: PlaylistIdParamDto, @OptionalPrincipal() principal: Principal | undefined): Promise<PlaylistDetailDto> {
    return this.playlists.get(id, principal?.userId);
  }

  @Patch('user/playlists/:id')
  @Endpoint({ id: 'updatePlaylist', summary: 'Rename, describe, publish or re-order your playlist (items replaces all entries)', ok: PlaylistDetailDto, errors: [...writeErrors, HttpStatus.NOT_FOUND] })
  @Authenticated({ confirmed: true })
  update(@CurrentPrincipal() principal: Principal, @Param() { id }: PlaylistIdParamDto, @Body() body: UpdatePlaylistDto): Promise<PlaylistDetailDto> {
    return this.playlists.update(principal.userId, id, body);
  }

  @Delete('user/playlists/:id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse()
  @Endpoint({ id: 'deletePlaylist', summary: 'Delete your playlist', errors: [HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND] })
  @Authenticated({ confirmed: true })
  delete(@CurrentPrincipal() principal: Principal, @Param() { id }: PlaylistIdParamDto): Promise<void> {
    return this.playlists.delete(principal.userId, id);
  }
}
