import { Controller, Get, HttpStatus, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../core/http/endpoint.decorator';
import { SearchQueryDto, SearchResultDto } from './search.dto';
import { SearchService } from './search.service';

@ApiTags('search')
@Controller('search')
export class SearchController {
  constructor(private readonly searchService: SearchService) {}

  @Get()
  @Endpoint({ id: 'search', summary: 'Search stations, tracks the stations played, upcoming events and public playlists', ok: SearchResultDto, errors: [HttpStatus.BAD_REQUEST] })
  search(@Query() { q, type }: SearchQueryDto): Promise<SearchResultDto> {
    return this.searchService.search(q, type);
  }
}
